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

/** Money matters at once; free joins come together once a day unless the creator chooses otherwise. */
export const DEFAULT_MEMBER_NOTICES: MemberNoticeSettings = { newMember: 'daily', newPayingMember: 'each' };
