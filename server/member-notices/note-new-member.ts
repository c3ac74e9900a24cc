/**
 * Where memberships begin (a free join, a paid join's webhook), inside their
 * transaction: the news is written for the digest and, for a creator who
 * wants each one, the notice is queued in the outbox (server/mail) in that
 * same transaction. An import never calls it.
 */
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_MEMBER_NOTICES, type MemberNoticeKind } from '../../common/member-notices.ts';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { memberNoticeEvents, siteEmailSettings } from '../../db/email-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { MAIL_QUEUED_CHANNEL, MAIL_SUBJECTS } from '../mail/index.ts';

export interface NewMemberNews {
  siteId: string;
  membershipId: string;
  /** A paid join that starts a membership is both; an upgrade is `paying` alone. */
  kinds: readonly MemberNoticeKind[];
  occurredAt: Date;
}

/** Where memberships begin, inside their transaction: records the news and, if the creator wants each one, queues the mail. */
export async function noteNewMember(tx: Database, news: NewMemberNews): Promise<void> {
  if (news.kinds.length === 0) return;
  await tx.insert(memberNoticeEvents).values(news.kinds.map((kind) => ({ siteId: news.siteId, membershipId: news.membershipId, kind, occurredAt: news.occurredAt })));
  const [site] = await tx
    .select({ ownerId: sites.ownerId, email: users.email, newMember: siteEmailSettings.newMemberNotice, newPaying: siteEmailSettings.newPayingMemberNotice })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.ownerId))
    .leftJoin(siteEmailSettings, eq(siteEmailSettings.siteId, sites.id))
    .where(eq(sites.id, news.siteId));
  if (!site) return;
  const paying = news.kinds.includes('paying') && (site.newPaying ?? DEFAULT_MEMBER_NOTICES.newPayingMember) === 'each';
  const joined = news.kinds.includes('member') && (site.newMember ?? DEFAULT_MEMBER_NOTICES.newMember) === 'each';
  // One mail for one moment: a paid join the creator hears of as paying is not announced twice.
  if (!paying && !joined) return;
  await tx.insert(mailOutbox).values({
    recipient: site.email,
    subject: MAIL_SUBJECTS['new-member'],
    template: 'new-member',
    params: { userId: site.ownerId, siteId: news.siteId, membershipId: news.membershipId, paying },
    createdAt: news.occurredAt,
    nextAttemptAt: news.occurredAt,
  });
  await tx.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
}

export type NoteNewMember = typeof noteNewMember;
