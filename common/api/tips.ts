/**
 * Tips (DESIGN.md "More ways to be paid", docs/decisions/163): a one-time amount a reader chooses, with an optional
 * message the creator sees, paid through Stripe Checkout on the creator's own account. The tip jar's settings are
 * written by `PATCH /api/sites/mine {tips}` (common/api/sites.ts).
 */
import type { SaleStatus, TipSettings } from '../earn.ts';
import type { TipCheckoutInput } from '../tip-schemas.ts';
import { endpoint } from './endpoint.ts';

export interface TipView {
  id: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** What was given back of it, in minor units. */
  refunded: number;
  /** As the tipper typed it; shown as text, never as markup. */
  message: string;
  postId: string | null;
  postTitle: string | null;
  tipperName: string | null;
  tipperEmail: string | null;
  paidAt: string | null;
  status: SaleStatus;
}

export interface TipsAnswer {
  tips: TipView[];
  /** Another page follows (`?page=`). */
  hasMore: boolean;
  settings: TipSettings;
  /** The site's tip page, on its domain when it has one: the address to share. */
  tipPageUrl: string;
  /** The currency tips are in: the paid tiers', else the Stripe account's, else usd. */
  currency: string;
  /** Whether the site can take money now (a tip jar that is on but cannot is told to the creator). */
  paymentsReady: boolean;
  /** Every paid tip: how many, and what they brought less refunds, in minor units of `currency`. */
  totals: { count: number; revenue: number };
}

/** The creator's tips, newest first, and the tip jar's settings. */
export const listTips = endpoint<undefined, { page?: number }, TipsAnswer>('GET', '/api/tips');
/**
 * @public Anyone, signed in or not. 200 `{url}` of a Stripe Checkout on the creator's account; 400 with `amount`
 * below the minimum, above the maximum or not a whole number above 0, with `currency` not the site's; 409 `tips-off`
 * when the tip jar is off, `payments-not-ready` when the site cannot take money; 429 after too many from one address.
 */
export const startTipCheckout = endpoint<TipCheckoutInput, undefined, { url: string }>('POST', '/api/sites/:handle/tips/checkout');
