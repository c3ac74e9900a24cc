/**
 * The creator's choice of notices (settings), the daily digest of new
 * members and sales (a periodic job of the shared scheduler that takes one
 * `member_notice_digests` row per site and UTC day before it queues the mail, so a rerun or a second server
 * queues nothing more) and the clean-up of old news.
 */
import { eq, lt, sql } from 'drizzle-orm';
import { DEFAULT_MEMBER_NOTICES, type MemberNoticeSettings } from '../../common/member-notices.ts';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { sales } from '../../db/earn-schema.ts';
import { memberNoticeDigests, memberNoticeEvents, siteEmailSettings } from '../../db/email-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { rowsOf } from '../../db/transaction.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { ScheduledJob } from '../jobs/index.ts';
import { MAIL_QUEUED_CHANNEL, MAIL_SUBJECTS } from '../mail/index.ts';
import { findSiteByOwner } from '../sites/index.ts';
import { DAY_MS, dayBefore, dayBounds } from './notice-days.ts';

export const MEMBERS_DIGEST_JOB = 'new-members-digest';
/** The job looks hourly; the day's row makes it once a day, within the hour after midnight UTC. */
const DIGEST_CHECK_MS = 60 * 60 * 1000;
/** News kept for the digest and for support; a digest reads only yesterday. */
const KEEP_DAYS = 30;

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
            union
            -- A day's sales come with paying members' news (docs/decisions/167), read from the ledger.
            select d.site_id from ${sales} d
            left join ${siteEmailSettings} s on s.site_id = d.site_id
            where d.paid_at >= ${start.toISOString()}::timestamptz and d.paid_at < ${end.toISOString()}::timestamptz
              and coalesce(s.new_paying_member_notice, ${DEFAULT_MEMBER_NOTICES.newPayingMember}) = 'daily'
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
