/**
 * Gift memberships (DESIGN.md "More ways to be paid"): anyone buys 1, 3, 6 or 12 months of a paid tier for someone
 * in one payment; the recipient redeems a mailed code and is a comped member until the gift ends.
 */
import type { GiftStatus } from '../earn.ts';
import type { GiftCheckoutInput } from '../gift-schemas.ts';
import { endpoint } from './endpoint.ts';

export interface GiftView {
  id: string;
  tierId: string;
  tierName: string;
  months: number;
  status: GiftStatus;
  /** Minor units of `currency`: what the buyer paid. */
  amount: number;
  currency: string;
  buyerName: string | null;
  buyerEmail: string | null;
  recipientEmail: string | null;
  /** As the buyer typed it; shown as text. */
  message: string;
  sendAt: string | null;
  sentAt: string | null;
  redeemedAt: string | null;
  redeemedByName: string | null;
  endsAt: string | null;
  createdAt: string;
}

/** The creator's own gifts, newest first, a page at a time, with the totals of all of them (refunded ones left out). */
export const listGifts = endpoint<
  undefined,
  { page?: number },
  { gifts: GiftView[]; hasMore: boolean; totals: { sold: number; redeemed: number; revenue: number; currency: string | null }; giftPageUrl: string | null }
>('GET', '/api/gifts');

/**
 * @public Anyone's Checkout of a gift: 200 `{url}` on the creator's account. 400 by field (`months` not 1, 3, 6 or 12,
 * `recipientEmail`, `sendAt` past or over a year ahead, `message` too long); 404 for a tier not this site's, free or
 * archived; 409 `payments-not-ready`.
 */
export const checkoutGift = endpoint<GiftCheckoutInput, undefined, { url: string }>('POST', '/api/sites/:handle/gifts/checkout');

/**
 * @public The signed-in reader redeems a gift of the site: a comped membership until `endsAt`. 404 for no such code
 * on the site, 409 `gift-redeemed`, `gift-refunded`, `gift-not-needed` (already paying for that tier or a higher one),
 * `cannot-join-own-site`. `/api/gifts/:code/redeem` is the same on the platform (DESIGN.md's row).
 */
export const redeemGift = endpoint<undefined, undefined, { membership: { tierId: string; tierName: string; endsAt: string } }>('POST', '/api/sites/:handle/gifts/:code/redeem');
/** @public DESIGN.md's address of the redeem call, on the platform's host only. */
export const redeemGiftByCode = endpoint<undefined, undefined, { membership: { tierId: string; tierName: string; endsAt: string } }>('POST', '/api/gifts/:code/redeem');
