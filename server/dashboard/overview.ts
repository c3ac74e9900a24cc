/**
 * The creator's overview (issue 9 item 2): the getting-started checklist and
 * the site's figures, each one aggregate query over the site's own rows. Page
 * views are the public site's own counts in `page_views` (no cookie, no
 * third-party script), summed per UTC day.
 */
import { and, count, desc, eq, gte, inArray, ne, sql, sum } from 'drizzle-orm';
import type { DailyViews, Overview } from '../../common/api/dashboard.ts';
import { ENTITLING_STATUSES } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, pageViews, posts } from '../../db/content-schema.ts';
import { emailSends } from '../../db/email-schema.ts';
import type { Clock } from '../clock.ts';
import { findSiteByOwner, siteAddress } from '../sites/index.ts';
import { suspensionOf } from '../site-standing/index.ts';
import type { LivePosts } from '../posts/index.ts';
import { CHURN_DAYS, memberFigures } from './member-figures.ts';
import { ONE_TIME_DAYS } from './one-time-figures.ts';

export const VIEW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `VIEW_DAYS` UTC days, today included, oldest first, as `YYYY-MM-DD`. */
export function lastDays(now: Date, days = VIEW_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

const EMPTY_FIGURES = {
  posts: { published: 0, drafts: 0, scheduled: 0 },
  members: 0,
  money: { payingMembers: 0, mrr: [{ amount: 0, currency: 'usd' }], churn: { days: CHURN_DAYS, left: 0, payingAtStart: 0, rate: null }, oneTime: { days: ONE_TIME_DAYS, revenue: [{ amount: 0, currency: 'usd' }], sales: 0 } },
  latestEmail: null,
};

export interface OverviewDeps {
  db: Database;
  clock: Clock;
  appUrl: URL;
  /** The payments feature's answer (server/payments/payment-accounts.ts): the creator's Stripe account can take payments. */
  paymentsReady: (siteId: string) => Promise<{ ready: boolean }>;
  /** The posts readers see (server/posts/live.ts): a post the plan holds still counts as scheduled. */
  livePosts: LivePosts;
}

export function createOverviewService({ db, clock, appUrl, paymentsReady, livePosts }: OverviewDeps) {
  async function postCounts(siteId: string, now: Date) {
    // Counted as readers see them: a scheduled post whose time came is live unless the plan holds it.
    const live = livePosts(now);
    const [row] = await db
      .select({
        published: sql<number>`count(*) filter (where ${live})`.mapWith(Number),
        drafts: sql<number>`count(*) filter (where ${posts.status} = 'draft')`.mapWith(Number),
        scheduled: sql<number>`count(*) filter (where ${posts.status} = 'scheduled' and not (${live}))`.mapWith(Number),
      })
      .from(posts)
      .where(eq(posts.siteId, siteId));
    return row ?? EMPTY_FIGURES.posts;
  }

  async function memberCount(siteId: string): Promise<number> {
    const [row] = await db
      .select({ members: count() })
      .from(memberships)
      .where(and(eq(memberships.siteId, siteId), inArray(memberships.status, [...ENTITLING_STATUSES])));
    return row?.members ?? 0;
  }

  /** The newest send that left `waiting` (server/newsletters), for the overview's e-mail figure. */
  async function latestEmail(siteId: string): Promise<Overview['latestEmail']> {
    const [row] = await db
      .select({ postTitle: posts.title, status: emailSends.status, queued: emailSends.queued, sent: emailSends.sent, failed: emailSends.failed })
      .from(emailSends)
      .innerJoin(posts, eq(posts.id, emailSends.postId))
      .where(and(eq(emailSends.siteId, siteId), ne(emailSends.status, 'waiting')))
      .orderBy(desc(emailSends.startedAt))
      .limit(1);
    return row ?? null;
  }

  async function dailyViews(siteId: string, days: string[]): Promise<DailyViews[]> {
    const rows = await db
      .select({ day: pageViews.day, views: sum(pageViews.views).mapWith(Number) })
      .from(pageViews)
      .where(and(eq(pageViews.siteId, siteId), gte(pageViews.day, days[0]!)))
      .groupBy(pageViews.day);
    const byDay = new Map(rows.map((row) => [row.day, row.views]));
    return days.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
  }

  async function overviewFor(ownerId: string, hasCompletedSetup: boolean): Promise<Overview> {
    const now = clock();
    const days = lastDays(now);
    const site = await findSiteByOwner(db, ownerId);
    if (!site) {
      return {
        site: null,
        checklist: { siteSetUp: false, firstPostPublished: false, firstMember: false, paymentsConnected: false },
        ...EMPTY_FIGURES,
        views: { total: 0, days: days.map((day) => ({ day, views: 0 })) },
      };
    }
    const [postFigures, members, money, viewDays, payments, email, suspension] = await Promise.all([
      postCounts(site.id, now),
      memberCount(site.id),
      memberFigures(db, site.id, now),
      dailyViews(site.id, days),
      paymentsReady(site.id),
      latestEmail(site.id),
      suspensionOf(db, site.id),
    ]);
    return {
      site: {
        handle: site.handle,
        title: site.title,
        url: siteAddress(appUrl, site),
        publishedAt: site.publishedAt?.toISOString() ?? null,
        suspension: suspension ? { suspendedAt: suspension.suspendedAt.toISOString(), reason: suspension.reason } : null,
      },
      checklist: {
        siteSetUp: hasCompletedSetup && site.publishedAt !== null,
        firstPostPublished: postFigures.published > 0,
        firstMember: members > 0,
        paymentsConnected: payments.ready,
      },
      posts: postFigures,
      members,
      money,
      views: { total: viewDays.reduce((total, entry) => total + entry.views, 0), days: viewDays },
      latestEmail: email,
    };
  }

  return { overviewFor };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
