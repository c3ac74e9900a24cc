/**
 * Gift memberships (DESIGN.md "More ways to be paid", docs/decisions/165): buying one through the sales room's
 * one-time Checkout, what its payment and refund do, redeeming it, the creator's list, and the job of its mails.
 */
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { PaymentsReady } from '../payments/index.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { RecordActivity } from '../reports/index.ts';
import type { StartPaymentCheckout } from '../sales/index.ts';
import { createGiftCheckout } from './gift-checkout.ts';
import { createGiftMailRuns } from './gift-jobs.ts';
import { createListGifts } from './list-gifts.ts';
import { createRedeemGift, giftByCode } from './redeem-gift.ts';

export interface GiftsDeps {
  db: Database;
  clock: Clock;
  appUrl: URL;
  recordActivity: RecordActivity;
  /** The sales room's one-time Checkout (built before this, with this room's fulfiller: createGiftFulfiller). */
  startPaymentCheckout: StartPaymentCheckout;
  paymentsReady: PaymentsReady;
  rateLimiter: Pick<RateLimiter, 'consumePublicCheckout'>;
}

export function createGiftsService({ db, clock, appUrl, recordActivity, startPaymentCheckout, paymentsReady, rateLimiter }: GiftsDeps) {
  return {
    startCheckout: createGiftCheckout({ db, clock, startPaymentCheckout, paymentsReady, rateLimiter }),
    redeem: createRedeemGift({ db, clock, recordActivity }),
    list: createListGifts({ db, appUrl }),
    giftByCode: (siteId: string, code: string) => giftByCode(db, siteId, code),
    mailRuns: createGiftMailRuns({ db, clock }),
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
