/** GET /api/dashboard/overview: the creator's getting-started checklist and the site's figures. */
import type { EmailSendStatus } from '../email.ts';
import type { MoneyAmount } from '../member-figures.ts';
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

/** The money side of the overview (docs/decisions/058-overview-money-figures.md). */
export interface MemberFigures {
  /** Active or past_due, on a paid tier, paying through Stripe. */
  payingMembers: number;
  /** Monthly recurring revenue per currency, the site's main currency first and always present. */
  mrr: MoneyAmount[];
  /** Of the members paying `days` ago, how many have left since; `rate` is null when nobody was paying then. */
  churn: { days: number; left: number; payingAtStart: number; rate: number | null };
  /**
   * One-time payments (gifts, tips, products) of the last `days` days, as the reports' roll-up counts them: paid in
   * the period, less what was refunded in it; per currency, the site's main currency first and always present.
   */
  oneTime: { days: number; revenue: MoneyAmount[]; sales: number };
}

export interface Overview {
  /** Null until the creator has made a site. */
  site: {
    handle: string;
    title: string;
    url: string;
    publishedAt: string | null;
    /** Set while the operator has the site suspended, with the words they gave (may be empty): the studio says so. */
    suspension: { suspendedAt: string; reason: string } | null;
  } | null;
  checklist: OverviewChecklist;
  posts: { published: number; drafts: number; scheduled: number };
  /** Memberships with an entitling status (common/memberships.ts). */
  members: number;
  money: MemberFigures;
  /** Page views of the last 30 UTC days, today included, oldest first: always 30 entries. */
  views: { total: number; days: DailyViews[] };
  /** The newest post that went out by e-mail, with its counts; null before the first. */
  latestEmail: { postTitle: string; status: EmailSendStatus; queued: number; sent: number; failed: number } | null;
}

export const overview = endpoint<undefined, undefined, Overview>('GET', '/api/dashboard/overview');
