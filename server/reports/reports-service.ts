/**
 * A creator's report (issue 20): every figure is read from the daily roll-up
 * (`site_days`, roll-up.ts) and the per-day counts of pages and referrers, of
 * the creator's own site only: the site is found from the signed-in owner,
 * never from a parameter, so no input can name another site.
 */
import { and, asc, between, desc, eq, sql, sum, type SQL } from 'drizzle-orm';
import type { Report, ReportDay, ReportTotals } from '../../common/api/reports.ts';
import { addDays, daysIn, previousRange, type DayRange } from '../../common/report-range.ts';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import { referrerDays, siteDays } from '../../db/reports-schema.ts';
import { findSiteByOwner } from '../sites/index.ts';

const TOP = 10;
const FALLBACK_CURRENCY = 'usd';

type DayRow = ReportDay & { joinViews: number; newMembers: number };

const EMPTY_DAY = { views: 0, visitors: 0, freeMembers: 0, paidMembers: 0, mrr: 0, oneTimeRevenue: 0, joinViews: 0, newMembers: 0 };

function totalsOf(days: readonly DayRow[]): ReportTotals {
  const sumOf = (key: 'views' | 'visitors' | 'joinViews' | 'newMembers' | 'oneTimeRevenue') => days.reduce((total, day) => total + day[key], 0);
  const last = days.at(-1) ?? EMPTY_DAY;
  const joinViews = sumOf('joinViews');
  const newMembers = sumOf('newMembers');
  return {
    views: sumOf('views'),
    visitors: sumOf('visitors'),
    newMembers,
    joinViews,
    conversion: joinViews === 0 ? null : newMembers / joinViews,
    freeMembers: last.freeMembers,
    paidMembers: last.paidMembers,
    mrr: last.mrr,
    oneTimeRevenue: sumOf('oneTimeRevenue'),
  };
}

/** Every day of the range, the missing ones as zeros (members and MRR carry the day before's, which is what a day with no roll-up means). */
function fillDays(range: DayRange, rows: ReadonlyMap<string, DayRow>, before: DayRow | undefined): DayRow[] {
  const days: DayRow[] = [];
  let carried = before ?? { day: '', ...EMPTY_DAY };
  for (let index = 0; index < daysIn(range); index += 1) {
    const day = addDays(range.from, index);
    const row = rows.get(day) ?? { ...EMPTY_DAY, day, freeMembers: carried.freeMembers, paidMembers: carried.paidMembers, mrr: carried.mrr };
    days.push(row);
    carried = row;
  }
  return days;
}

/**
 * How a range's top posts are summed (docs/decisions/113): every month it
 * touches from the monthly roll-up, except that an edge month the range covers
 * less than half of is read as its days instead; one it covers more than half
 * of is read whole and the days outside the range taken off. At most half a
 * month of days at each edge, and none at all at an end that is today (the
 * days after it have no rows).
 */
export function topPostsPlan(range: DayRange): { months: { from: string; to: string } | undefined; add: DayRange[]; subtract: DayRange[] } {
  const first = `${range.from.slice(0, 7)}-01`;
  const last = `${range.to.slice(0, 7)}-01`;
  const add: DayRange[] = [];
  const subtract: DayRange[] = [];
  const whole = new Set<string>();
  for (const month of first === last ? [first] : [first, last]) {
    const monthEnd = addDays(addMonths(month, 1), -1);
    const inside = { from: range.from > month ? range.from : month, to: range.to < monthEnd ? range.to : monthEnd };
    const outside = daysIn({ from: month, to: monthEnd }) - daysIn(inside);
    if (outside < daysIn(inside)) {
      whole.add(month);
      if (inside.from > month) subtract.push({ from: month, to: addDays(inside.from, -1) });
      if (inside.to < monthEnd) subtract.push({ from: addDays(inside.to, 1), to: monthEnd });
    } else add.push(inside);
  }
  const from = whole.has(first) ? first : addMonths(first, 1);
  const to = whole.has(last) ? last : addMonths(last, -1);
  return { months: from <= to ? { from, to } : undefined, add, subtract };
}

function addMonths(firstOfMonth: string, months: number): string {
  const date = new Date(`${firstOfMonth}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

const publicDay = ({ day, views, visitors, freeMembers, paidMembers, mrr, oneTimeRevenue }: DayRow): ReportDay => ({ day, views, visitors, freeMembers, paidMembers, mrr, oneTimeRevenue });

export function createReportsService({ db }: { db: Database }) {
  async function dayRows(siteId: string, range: DayRange): Promise<DayRow[]> {
    return db
      .select({
        day: siteDays.day,
        views: siteDays.views,
        visitors: siteDays.visitors,
        freeMembers: siteDays.freeMembers,
        paidMembers: siteDays.paidMembers,
        mrr: siteDays.mrr,
        oneTimeRevenue: siteDays.oneTimeRevenue,
        joinViews: siteDays.joinViews,
        newMembers: siteDays.newMembers,
      })
      .from(siteDays)
      .where(and(eq(siteDays.siteId, siteId), between(siteDays.day, range.from, range.to)))
      .orderBy(asc(siteDays.day));
  }

  /** The range's ten most read posts, summed in one statement (topPostsPlan) with their titles; a post deleted since keeps its views under its old address. */
  async function topPosts(siteId: string, range: DayRange): Promise<Report['topPosts']> {
    const { months, add, subtract } = topPostsPlan(range);
    const days = (part: DayRange, sign: SQL) => sql`select path, ${sign} * views as views from page_views where site_id = ${siteId} and day between ${part.from} and ${part.to} and path like '/posts/%'`;
    const parts = [
      ...(months ? [sql`select path, views from page_months where site_id = ${siteId} and month between ${months.from} and ${months.to} and path like '/posts/%'`] : []),
      ...add.map((part) => days(part, sql`1`)),
      ...subtract.map((part) => days(part, sql`-1`)),
    ];
    const result: unknown = await db.execute(sql`
      with totals as (
        select path, sum(views) as views from (${sql.join(parts, sql` union all `)}) as parts
        group by path order by sum(views) desc, path collate "C" limit ${TOP}
      )
      select totals.path, totals.views, posts.id as post_id, posts.title
      from totals left join posts on posts.site_id = ${siteId} and posts.slug = substr(totals.path, ${'/posts/'.length + 1})
      order by totals.views desc, totals.path collate "C"`);
    // One driver answers the rows, the other { rows } (as in activity-service.ts).
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { path: string; views: string | number; post_id: string | null; title: string | null }[];
    return rows.map((row) => ({ path: row.path, title: row.title ?? row.path, postId: row.post_id, views: Number(row.views) }));
  }

  async function referrers(siteId: string, range: DayRange): Promise<Report['referrers']> {
    const views = sum(referrerDays.views).mapWith(Number);
    return db
      .select({ host: referrerDays.host, utmSource: referrerDays.utmSource, views })
      .from(referrerDays)
      .where(and(eq(referrerDays.siteId, siteId), between(referrerDays.day, range.from, range.to)))
      .groupBy(referrerDays.host, referrerDays.utmSource)
      .orderBy(desc(views), asc(referrerDays.host), asc(referrerDays.utmSource))
      .limit(TOP);
  }

  async function currencyOf(siteId: string): Promise<string> {
    const [row] = await db
      .select({ currency: tiers.currency })
      .from(tiers)
      .where(and(eq(tiers.siteId, siteId), eq(tiers.type, 'paid')))
      .orderBy(asc(tiers.position), asc(tiers.createdAt))
      .limit(1);
    return row?.currency ?? FALLBACK_CURRENCY;
  }

  /** Undefined when the creator has no site yet. */
  async function reportFor(ownerId: string, range: DayRange): Promise<Report | undefined> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) return undefined;
    const previous = previousRange(range);
    // One read of both periods and the day before them, for the members and MRR a missing first day carries.
    const [rows, top, sources, currency] = await Promise.all([
      dayRows(site.id, { from: addDays(previous.from, -1), to: range.to }),
      topPosts(site.id, range),
      referrers(site.id, range),
      currencyOf(site.id),
    ]);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const beforePrevious = byDay.get(addDays(previous.from, -1));
    const previousDays = fillDays(previous, byDay, beforePrevious);
    const days = fillDays(range, byDay, previousDays.at(-1));
    return {
      range,
      previous,
      currency,
      brandColor: site.brandColor,
      totals: totalsOf(days),
      previousTotals: totalsOf(previousDays),
      days: days.map(publicDay),
      previousDays: previousDays.map(publicDay),
      topPosts: top,
      referrers: sources,
    };
  }

  return { reportFor };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/** A cell as a spreadsheet reads it safely: quoted, and a leading = + - @ defused (as the members export does, decision 070). */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function reportCsv(report: Report, table: 'days' | 'posts' | 'referrers'): string {
  const rows: (string | number | null)[][] =
    table === 'days'
      ? [['day', 'visitors', 'views', 'free_members', 'paid_members', `mrr_${report.currency}_minor_units`, `one_time_revenue_${report.currency}_minor_units`], ...report.days.map((day) => [day.day, day.visitors, day.views, day.freeMembers, day.paidMembers, day.mrr, day.oneTimeRevenue])]
      : table === 'posts'
        ? [['post', 'path', 'views'], ...report.topPosts.map((post) => [post.title, post.path, post.views])]
        : [['referrer', 'utm_source', 'views'], ...report.referrers.map((source) => [source.host, source.utmSource, source.views])];
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

