/**
 * The daily roll-up (docs/decisions/101): `site_days` gets, per site and UTC
 * day, the views, distinct visitors, join-page views, new members, members,
 * MRR and one-time revenue, so a report of a year reads 365 rows a site
 * instead of the raw counts.
 *
 * Each day is recomputed whole from its sources in one transaction and the row
 * replaced, never added to: a run killed halfway leaves every day either as it
 * was or done, and running again gives the same totals. Once a day is over
 * (older than yesterday, so a clock stepped back across midnight still finds
 * its hashes) its visitor hashes are counted and deleted in that same
 * transaction; hashes that arrive for a closed day later (a clock that jumped)
 * are added to its count and deleted in turn. The months of the days done are
 * summed per page into `page_months`, which a long range's top posts read.
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { visitorDays } from '../../db/reports-schema.ts';
import type { Clock } from '../clock.ts';
import type { ScheduledJob } from '../jobs/index.ts';

export const ROLL_UP_JOB = 'reports-roll-up';
/** How far the reports lag the page: the counter's second, then this. */
export const ROLL_UP_EVERY_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export interface RollUpDeps {
  db: Database;
  clock: Clock;
  /** For the fault tests: runs inside each day's transaction, last; a throw rolls that day back, as a killed server would. */
  afterDay?: (day: string) => void;
}

export function createRollUp({ db, clock, afterDay }: RollUpDeps) {
  async function rollUpDay(day: string, closed: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      // Two roll-ups of one day at once (a run that outlasts its period, two servers) would both count the hashes the
      // first then deletes: the second waits here, and its statements below see the first's result.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reports-roll-up ${day}`}, 0))`);
      const dayStart = sql`${day}::date::timestamptz`;
      const dayEnd = sql`(${day}::date + 1)::timestamptz`;
      // "As the day ended": a member counts from joining until their membership ended; paying is their tier now (as docs/decisions/058).
      await tx.execute(sql`
        insert into site_days as d (site_id, day, views, visitors, join_views, new_members, free_members, paid_members, mrr, one_time_revenue, closed, rolled_up_at)
        select s.id, ${day}::date,
          coalesce(pv.views, 0), coalesce(v.visitors, 0), coalesce(pv.join_views, 0),
          coalesce(m.new_members, 0), coalesce(m.free_members, 0), coalesce(m.paid_members, 0), coalesce(m.mrr, 0), o.revenue,
          ${closed}, now()
        from sites s
        left join (
          select site_id, sum(views)::int as views, (sum(views) filter (where path = '/join'))::int as join_views
          from page_views where day = ${day}::date group by site_id
        ) pv on pv.site_id = s.id
        left join (select site_id, count(*)::int as visitors from visitor_days where day = ${day}::date group by site_id) v on v.site_id = s.id
        left join lateral (
          select
            count(*) filter (where ms.created_at >= ${dayStart})::int as new_members,
            count(*) filter (where not ms.paid)::int as free_members,
            count(*) filter (where ms.paid)::int as paid_members,
            coalesce(sum(ms.monthly) filter (where ms.paid), 0)::int as mrr
          from (
            select m.created_at,
              (m.source = 'stripe' and t.type = 'paid') as paid,
              case when m.currency is distinct from main.currency or m.amount is null or m.cancel_at_period_end then 0
                   when m.cadence = 'year' then round(m.amount / 12.0) else m.amount end as monthly
            from memberships m
            join tiers t on t.id = m.tier_id
            left join lateral (
              select p.currency from tiers p where p.site_id = s.id and p.type = 'paid' order by p.position, p.created_at limit 1
            ) main on true
            where m.site_id = s.id and m.created_at < ${dayEnd} and (m.ended_at is null or m.ended_at >= ${dayEnd})
          ) ms
        ) m on true
        -- One-time payments (docs/decisions/163): sales paid that day less what was refunded that day (of any day's
        -- sale), in the main currency (a site without a paid tier has only its tips' one).
        left join lateral (
          select
            coalesce((select sum(x.amount) from sales x where x.site_id = s.id and x.status in ('paid', 'refunded')
              and x.paid_at >= ${dayStart} and x.paid_at < ${dayEnd} and (oc.currency is null or x.currency = oc.currency)), 0)
            - coalesce((select sum(r.amount) from sale_refunds r join sales x on x.id = r.sale_id where r.site_id = s.id
              and r.refunded_at >= ${dayStart} and r.refunded_at < ${dayEnd} and (oc.currency is null or x.currency = oc.currency)), 0) as revenue,
            exists (select 1 from sales x where x.site_id = s.id and x.paid_at >= ${dayStart} and x.paid_at < ${dayEnd})
              or exists (select 1 from sale_refunds r where r.site_id = s.id and r.refunded_at >= ${dayStart} and r.refunded_at < ${dayEnd}) as any_sale
          from (select (select p.currency from tiers p where p.site_id = s.id and p.type = 'paid' order by p.position, p.created_at limit 1) as currency) oc
        ) o on true
        -- A site with nothing that day gets no row, unless it has one to correct.
        where coalesce(pv.views, 0) + coalesce(v.visitors, 0) + coalesce(m.new_members, 0) + coalesce(m.free_members, 0) + coalesce(m.paid_members, 0) > 0
          or o.any_sale
          or exists (select 1 from site_days x where x.site_id = s.id and x.day = ${day}::date)
        on conflict (site_id, day) do update set
          views = excluded.views,
          visitors = case when d.closed then d.visitors + excluded.visitors else excluded.visitors end,
          join_views = excluded.join_views,
          new_members = excluded.new_members,
          free_members = excluded.free_members,
          paid_members = excluded.paid_members,
          mrr = excluded.mrr,
          one_time_revenue = excluded.one_time_revenue,
          closed = d.closed or excluded.closed,
          rolled_up_at = excluded.rolled_up_at`);
      // A day once closed stays closed, even when a clock stepped back makes it "today" again: its new hashes were just added.
      await tx.execute(sql`delete from visitor_days v using site_days d where d.site_id = v.site_id and d.day = v.day and v.day = ${day}::date and d.closed`);
      afterDay?.(day);
    });
  }

  /** A month's views per page, recomputed whole from its days, so it too comes out the same however often it runs. */
  async function rollUpMonth(month: string): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reports-roll-up ${month} month`}, 0))`);
      await tx.execute(sql`delete from page_months where month = ${month}::date`);
      await tx.execute(sql`insert into page_months (site_id, month, path, views)
        select site_id, ${month}::date, path, sum(views)::int from page_views
        where day >= ${month}::date and day < (${month}::date + interval '1 month') group by site_id, path`);
    });
  }

  /** Rolls up today, yesterday and every older day that still has visitor hashes, then their months; answers the days done. */
  async function rollUp(): Promise<{ days: number; months: number }> {
    const now = clock();
    const today = dayOf(now);
    const yesterday = dayOf(new Date(now.getTime() - DAY_MS));
    const pending = await db.selectDistinct({ day: visitorDays.day }).from(visitorDays).where(lt(visitorDays.day, yesterday)).orderBy(visitorDays.day);
    const days = [...pending.map((row) => row.day), yesterday, today];
    for (const day of days) await rollUpDay(day, day < yesterday);
    const months = [...new Set(days.map((day) => `${day.slice(0, 7)}-01`))];
    for (const month of months) await rollUpMonth(month);
    return { days: days.length, months: months.length };
  }

  return { rollUp };
}

export type RollUp = ReturnType<typeof createRollUp>;

export function rollUpJob(rollUp: RollUp): ScheduledJob {
  return { name: ROLL_UP_JOB, everyMs: ROLL_UP_EVERY_MS, run: () => rollUp.rollUp() };
}
