/**
 * The creator's notices of new members and new paying members (issue 18
 * item 5, docs/decisions/106): for each kind, a mail each time, a daily
 * digest, or nothing. The news is written where it happens (a free join, a
 * paid join's webhook), in that transaction, by `noteNewMember`; an import
 * never calls it. A notice each time is queued in the outbox (server/mail) in
 * that same transaction; the digest is a periodic job of the shared scheduler
 * that takes one `member_notice_digests` row per site and UTC day before it
 * queues the mail, so a rerun or a second server queues nothing more. Both
 * mails are rendered when they are sent, from the rows as they are then.
 */
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { DEFAULT_MEMBER_NOTICES, type MemberNoticeKind, type MemberNoticeSettings } from '../../common/member-notices.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites, tiers } from '../../db/content-schema.ts';
import { memberNoticeDigests, memberNoticeEvents, siteEmailSettings } from '../../db/email-schema.ts';
import { mailOutbox, users, type MailParams } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { ScheduledJob } from '../jobs/scheduler.ts';
import { oneLine } from '../mail/addresses.ts';
import { MAIL_QUEUED_CHANNEL } from '../mail/outbox.ts';
import { MAIL_SUBJECTS, newMemberMail, newMembersDigestMail, type MailContent, type MailList } from '../mail/templates.ts';
import { findSiteByOwner } from '../sites/site-lookup.ts';
import { rowsOf } from '../../db/transaction.ts';

export const MEMBERS_DIGEST_JOB = 'new-members-digest';
/** The job looks hourly; the day's row makes it once a day, within the hour after midnight UTC. */
const DIGEST_CHECK_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Names a digest lists per kind; the rest are counted. */
const DIGEST_LIST_MAX = 50;
/** News kept for the digest and for support; a digest reads only yesterday. */
const KEEP_DAYS = 30;

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

/** The UTC day before `asOf`, as YYYY-MM-DD. */
export function dayBefore(asOf: Date): string {
  return new Date(asOf.getTime() - DAY_MS).toISOString().slice(0, 10);
}

const dayBounds = (day: string) => {
  const start = new Date(`${day}T00:00:00.000Z`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
};

export function createMemberNotices({ db, clock }: { db: Database; clock: Clock }) {
  async function siteOf(ownerId: string) {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('site-required', 409);
    return site;
  }

  return {
    async settings(ownerId: string): Promise<MemberNoticeSettings> {
      const site = await siteOf(ownerId);
      const [row] = await db
        .select({ newMember: siteEmailSettings.newMemberNotice, newPayingMember: siteEmailSettings.newPayingMemberNotice })
        .from(siteEmailSettings)
        .where(eq(siteEmailSettings.siteId, site.id));
      return row ?? DEFAULT_MEMBER_NOTICES;
    },

    async save(ownerId: string, input: MemberNoticeSettings): Promise<MemberNoticeSettings> {
      const site = await siteOf(ownerId);
      const values = { newMemberNotice: input.newMember, newPayingMemberNotice: input.newPayingMember };
      await db
        .insert(siteEmailSettings)
        .values({ siteId: site.id, ...values })
        .onConflictDoUpdate({ target: siteEmailSettings.siteId, set: values });
      return input;
    },

    /**
     * Queues the digest of the UTC day before `asOf` (now; tests look ahead) for
     * each site on the digest that had news that day. One statement: the day's
     * row is taken and the mail queued together, so whoever runs it second
     * (waiting on the first's row) queues nothing. Answers how many it queued.
     */
    async sendDigests(asOf: Date = clock()): Promise<number> {
      const day = dayBefore(asOf);
      const { start, end } = dayBounds(day);
      const now = clock();
      const queued = rowsOf<{ id: number }>(
        await db.execute(sql`
          with due as (
            select e.site_id from ${memberNoticeEvents} e
            left join ${siteEmailSettings} s on s.site_id = e.site_id
            where e.occurred_at >= ${start.toISOString()}::timestamptz and e.occurred_at < ${end.toISOString()}::timestamptz
              and ((e.kind = 'member' and coalesce(s.new_member_notice, ${DEFAULT_MEMBER_NOTICES.newMember}) = 'daily')
                or (e.kind = 'paying' and coalesce(s.new_paying_member_notice, ${DEFAULT_MEMBER_NOTICES.newPayingMember}) = 'daily'))
            group by e.site_id
          ), taken as (
            insert into ${memberNoticeDigests} (site_id, day) select site_id, ${day}::date from due
            on conflict do nothing
            returning site_id
          )
          insert into ${mailOutbox} (recipient, subject, template, params, created_at, next_attempt_at)
          select ${users.email}, ${MAIL_SUBJECTS['new-members-digest']}, 'new-members-digest',
            jsonb_build_object('userId', ${sites.ownerId}, 'siteId', ${sites.id}, 'day', ${day}::text),
            ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          from taken join ${sites} on ${sites.id} = taken.site_id join ${users} on ${users.id} = ${sites.ownerId}
          returning id`),
      );
      if (queued.length) await db.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
      return queued.length;
    },

    /** For the clean-up job: news and digest rows older than the digest or support could want. */
    async forgetOld(): Promise<number> {
      const before = new Date(clock().getTime() - KEEP_DAYS * DAY_MS);
      const events = await db.delete(memberNoticeEvents).where(lt(memberNoticeEvents.occurredAt, before)).returning({ id: memberNoticeEvents.id });
      const digests = await db.delete(memberNoticeDigests).where(lt(memberNoticeDigests.day, before.toISOString().slice(0, 10))).returning({ day: memberNoticeDigests.day });
      return events.length + digests.length;
    },
  };
}

export type MemberNotices = ReturnType<typeof createMemberNotices>;

export function membersDigestJob(notices: Pick<MemberNotices, 'sendDigests'>): ScheduledJob {
  return { name: MEMBERS_DIGEST_JOB, everyMs: DIGEST_CHECK_MS, run: async () => ({ queued: await notices.sendDigests() }) };
}

/** A member as the creator's mail names them: their name if they gave one, in one line (it goes into a subject). */
const memberName = (row: { fullName: string; displayName: string; email: string }) => oneLine(row.fullName || row.displayName || row.email);

const dayLabel = (day: string) => new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The mail, at send time, from the rows as they are then; undefined (the mail
 * is cancelled) when the member is gone or the digest has nothing left to say.
 */
export async function renderMemberNotice(db: Database, appUrl: URL, template: 'new-member' | 'new-members-digest', params: MailParams, name: string | undefined): Promise<MailContent | undefined> {
  const [site] = await db
    .select({ id: sites.id, title: sites.title, ownerId: sites.ownerId, newMember: siteEmailSettings.newMemberNotice, newPaying: siteEmailSettings.newPayingMemberNotice })
    .from(sites)
    .leftJoin(siteEmailSettings, eq(siteEmailSettings.siteId, sites.id))
    .where(eq(sites.id, params.siteId ?? '00000000-0000-0000-0000-000000000000'));
  // Only ever the site owner's news, whatever the row says.
  if (!site || site.ownerId !== params.userId) return undefined;
  const memberLink = (membershipId: string) => new URL(`/subscribers/${membershipId}`, appUrl).href;
  const siteTitle = oneLine(site.title);

  if (template === 'new-member') {
    const [member] = await db
      .select({ fullName: users.fullName, displayName: users.displayName, email: users.email, tierName: tiers.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(memberships.id, params.membershipId ?? '00000000-0000-0000-0000-000000000000'), eq(memberships.siteId, site.id)));
    if (!member) return undefined;
    return newMemberMail(name, { memberName: memberName(member), memberEmail: member.email, siteTitle, tierName: oneLine(member.tierName), paying: params.paying === true, link: memberLink(params.membershipId!) });
  }

  const kinds: MemberNoticeKind[] = [];
  if ((site.newMember ?? DEFAULT_MEMBER_NOTICES.newMember) === 'daily') kinds.push('member');
  if ((site.newPaying ?? DEFAULT_MEMBER_NOTICES.newPayingMember) === 'daily') kinds.push('paying');
  if (!params.day || kinds.length === 0) return undefined;
  const { start, end } = dayBounds(params.day);
  const news = await db
    .selectDistinctOn([memberNoticeEvents.kind, memberNoticeEvents.membershipId], {
      id: memberNoticeEvents.id,
      kind: memberNoticeEvents.kind,
      membershipId: memberNoticeEvents.membershipId,
      fullName: users.fullName,
      displayName: users.displayName,
      email: users.email,
    })
    .from(memberNoticeEvents)
    .innerJoin(memberships, eq(memberships.id, memberNoticeEvents.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberNoticeEvents.siteId, site.id), inArray(memberNoticeEvents.kind, kinds), gte(memberNoticeEvents.occurredAt, start), lt(memberNoticeEvents.occurredAt, end)))
    .orderBy(asc(memberNoticeEvents.kind), asc(memberNoticeEvents.membershipId), asc(memberNoticeEvents.id));
  if (news.length === 0) return undefined;
  const listOf = (kind: MemberNoticeKind, heading: string): MailList | undefined => {
    // In the order they came: the events' ids follow their commits closely enough for a list.
    const rows = news.filter((row) => row.kind === kind).sort((a, b) => a.id - b.id);
    if (rows.length === 0) return undefined;
    return { heading, items: rows.slice(0, DIGEST_LIST_MAX).map((row) => ({ label: `${memberName(row)} (${row.email})`, url: memberLink(row.membershipId) })), more: Math.max(0, rows.length - DIGEST_LIST_MAX) };
  };
  const lists = [listOf('member', 'New members'), listOf('paying', 'New paying members')].filter((list): list is MailList => list !== undefined);
  return newMembersDigestMail(name, {
    siteTitle,
    dayLabel: dayLabel(params.day),
    lists,
    newMembers: news.filter((row) => row.kind === 'member').length,
    newPaying: news.filter((row) => row.kind === 'paying').length,
    link: new URL('/subscribers', appUrl).href,
  });
}
