/**
 * The creator's notices of new members (issue 18 item 5), shared by the
 * studio and the server: for each kind of news, an e-mail each time, one a
 * day, or none. No zod here: the studio imports these without the schemas.
 */
export const MEMBER_NOTICE_CHOICES = ['each', 'daily', 'off'] as const;
export type MemberNoticeChoice = (typeof MEMBER_NOTICE_CHOICES)[number];

/** `member`: a membership began (a free or a paid join); `paying`: a member started paying (a paid join or an upgrade). */
export const MEMBER_NOTICE_KINDS = ['member', 'paying'] as const;
export type MemberNoticeKind = (typeof MEMBER_NOTICE_KINDS)[number];

export interface MemberNoticeSettings {
  newMember: MemberNoticeChoice;
  newPayingMember: MemberNoticeChoice;
}

/**
 * A mail for each join, free or paid, as Substack and Ghost send: a new
 * creator's first members are the news of their first hour, not of tomorrow's
 * digest (issue 29). A busy creator chooses the digest.
 */
export const DEFAULT_MEMBER_NOTICES: MemberNoticeSettings = { newMember: 'each', newPayingMember: 'each' };
