/** GET /api/dashboard/overview: the creator's getting-started checklist and the site's figures. */
import { endpoint } from './endpoint.ts';

export interface OverviewChecklist {
  siteSetUp: boolean;
  firstPostPublished: boolean;
  firstMember: boolean;
  /** Always false until the members issue connects Stripe. */
  paymentsConnected: boolean;
}

export interface DailyViews {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  views: number;
}

export interface Overview {
  /** Null until the creator has made a site. */
  site: { handle: string; title: string; url: string; publishedAt: string | null } | null;
  checklist: OverviewChecklist;
  posts: { published: number; drafts: number; scheduled: number };
  /** Memberships with an entitling status (common/memberships.ts). */
  members: number;
  /** Page views of the last 30 UTC days, today included, oldest first: always 30 entries. */
  views: { total: number; days: DailyViews[] };
}

export const overview = endpoint<undefined, undefined, Overview>('GET', '/api/dashboard/overview');
