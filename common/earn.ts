/**
 * More ways to be paid (DESIGN.md "Release 4" > "More ways to be paid"):
 * the constants client and server share for offers, gifts, tips and digital
 * products. Every amount is in the smallest unit of its currency.
 */
import { stripeMinimumCharge } from './money.ts';

/** What an offer gives: a percentage or an amount off the tier's price, or a free trial. */
export const OFFER_KINDS = ['percent', 'amount', 'trial'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** How long a discount lasts, in Stripe's words: the first payment, N months, or every payment. */
export const OFFER_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type OfferDuration = (typeof OFFER_DURATIONS)[number];

/** `active` takes redemptions; `archived` stopped at once; `ended` and `full` are read from the end date and the limit. */
export const OFFER_STATUSES = ['active', 'archived', 'ended', 'full'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * A seat an offer's Checkout holds while it is open, so that a limit holds under a rush of buyers:
 * `held` while the session is open, `redeemed` once paid, `released` when it expired or was abandoned.
 */
export const OFFER_REDEMPTION_STATUSES = ['held', 'redeemed', 'released'] as const;
export type OfferRedemptionStatus = (typeof OFFER_REDEMPTION_STATUSES)[number];

/** The months a gift can hold. */
export const GIFT_MONTHS = [1, 3, 6, 12] as const;
export type GiftMonths = (typeof GIFT_MONTHS)[number];

/** `paid`: bought, not yet sent; `sent`: the redeem link went out; `redeemed`; `refunded`. */
export const GIFT_STATUSES = ['paid', 'sent', 'redeemed', 'refunded'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

/** What a one-time payment bought: the kinds of the `sales` ledger. */
export const SALE_KINDS = ['gift', 'tip', 'product'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** `open`: its Checkout is open; `paid`; `expired`: abandoned or expired unpaid; `refunded`: paid, then given back. */
export const SALE_STATUSES = ['open', 'paid', 'expired', 'refunded'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const PRODUCT_STATUSES = ['active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A site's tip jar: off until the creator turns it on. */
export interface TipSettings {
  enabled: boolean;
  /** Up to six amounts offered as buttons, each within minimum and maximum. */
  presets: number[];
  minimum: number;
  maximum: number;
}

export const DEFAULT_TIP_SETTINGS: TipSettings = { enabled: false, presets: [300, 500, 1000], minimum: 100, maximum: 50_000 };

/**
 * What the tip page takes in `currency`: the creator's range, but never below Stripe's smallest charge there (a
 * minimum saved lower, or a currency changed since, would only fail at Stripe), and the amounts offered within it.
 */
export function tipRange(settings: TipSettings, currency: string): { minimum: number; maximum: number; presets: number[] } {
  const minimum = Math.max(settings.minimum, stripeMinimumCharge(currency));
  return { minimum, maximum: Math.max(minimum, settings.maximum), presets: settings.presets.filter((amount) => amount >= minimum && amount <= settings.maximum) };
}
export const TIP_PRESETS_MAX = 6;
/** Stripe's own ceiling on one Checkout amount is 99,999,999; ours stays well under it. */
export const TIP_MAXIMUM_LIMIT = 1_000_000;
/** A message a tipper or a gift's buyer writes. */
export const EARN_MESSAGE_MAX = 500;

/** A download link of a bought file lives this long (DESIGN.md: "expires within 10 minutes"). */
export const PRODUCT_DOWNLOAD_SECONDS = 10 * 60;
/** A product holds at most this many files. */
export const PRODUCT_FILES_MAX = 20;
/** What a product's files may be (DESIGN.md: PDF, audio, video, zip). */
export const PRODUCT_FILE_KINDS = ['pdf', 'audio', 'video', 'zip'] as const;
