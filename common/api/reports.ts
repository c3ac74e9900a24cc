/** GET /api/reports and GET /api/activity (DESIGN.md "Reports, activity, support"). */
import type { ActivityType } from '../activity.ts';
import type { SaleKind } from '../earn.ts';
import type { DayRange } from '../report-range.ts';
import { endpoint } from './endpoint.ts';

export interface ReportDay {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  views: number;
  visitors: number;
  freeMembers: number;
  paidMembers: number;
  /** Minor units of the report's currency. */
  mrr: number;
  /** The day's one-time payments (gifts, tips, products) less what was refunded that day, in minor units of the report's currency. */
  oneTimeRevenue: number;
}

export interface ReportTotals {
  views: number;
  visitors: number;
  /** Memberships begun in the range. */
  newMembers: number;
  joinViews: number;
  /** newMembers / joinViews; null without a join-page view. */
  conversion: number | null;
  /** As the range's last day ended. */
  freeMembers: number;
  paidMembers: number;
  mrr: number;
  /** The range's one-time payments less its refunds. */
  oneTimeRevenue: number;
}

export interface Report {
  range: DayRange;
  previous: DayRange;
  currency: string;
  /** The site's colour, `#rrggbb`: the charts are drawn in it. */
  brandColor: string;
  totals: ReportTotals;
  previousTotals: ReportTotals;
  /** Every day of the range, oldest first; a day with nothing counted is zeros. */
  days: ReportDay[];
  /** The previous period's days, as many as `days`, for the comparison lines. */
  previousDays: ReportDay[];
  topPosts: { path: string; title: string; postId: string | null; views: number }[];
  referrers: { host: string; utmSource: string; views: number }[];
}

export const REPORT_TABLES = ['days', 'posts', 'referrers'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export type ReportQuery = { from: string; to: string; format?: 'csv'; table?: ReportTable };
export const report = endpoint<undefined, ReportQuery, Report>('GET', '/api/reports');

export interface ActivityEvent {
  id: string;
  type: ActivityType;
  occurredAt: string;
  detail: string;
  member: { id: string; name: string; email: string } | null;
  post: { id: string; title: string } | null;
  /** A one-time payment's event (a tip, a gift bought, a product sold, a refund): what was paid and what the buyer wrote. */
  sale: ActivitySale | null;
}

export interface ActivitySale {
  kind: SaleKind;
  /** Minor units of `currency`, as paid. */
  amount: number;
  currency: string;
  /** A tip's message, as the buyer wrote it: shown as text. */
  message: string;
  /** What was bought: a product's title, a gift's months and tier; empty for a tip. */
  item: string;
  /** Who paid, when they are not a member the event can link to: their name or address; empty when unknown. */
  buyer: string;
}

export type ActivityQuery = { type?: ActivityType; cursor?: string; limit?: number };
export const activity = endpoint<undefined, ActivityQuery, { events: ActivityEvent[]; nextCursor: string | null }>('GET', '/api/activity');
