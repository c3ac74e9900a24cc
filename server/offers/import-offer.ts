/**
 * An offer of another site, brought in by the platform import (server/imports/platform/write-offers.ts) with its code,
 * terms, end date, limit and the redemptions it had (so the limit still holds for what is left of it). A discount's
 * coupon is made on this site's Stripe account as `create` makes it, in the transaction that makes the offer; a site
 * that cannot take money yet, or whose Stripe refuses the coupon, gets the offer archived and without coupon, for the
 * creator to make again once it can.
 * A trial needs no coupon.
 */
import { and, eq } from 'drizzle-orm';
import type { OfferDuration, OfferKind } from '../../common/earn.ts';
import type { Database } from '../../db/connect.ts';
import { offers } from '../../db/earn-schema.ts';
import type { Clock } from '../clock.ts';
import type { PaymentsReady } from '../payments/index.ts';
import { couponParams, isUniqueViolation } from './offers-service.ts';

export interface ImportedOffer {
  /** A paid tier of this site. */
  tierId: string;
  name: string;
  code: string;
  kind: OfferKind;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  trialDays: number | null;
  duration: OfferDuration;
  durationMonths: number | null;
  endsAt: Date | null;
  redemptionLimit: number | null;
  redemptions: number;
  archived: boolean;
}

export type ImportOfferOutcome = { made: 'ready' | 'archived-unpaid' | 'archived-coupon-refused'; offerId: string } | { made: 'code-taken' };

export interface ImportOfferDeps {
  db: Database;
  clock: Clock;
  paymentsReady: PaymentsReady;
}

/** `record` writes the import's item in the transaction that makes the offer, so a second run finds it. */
export async function importOffer(
  { db, clock, paymentsReady }: ImportOfferDeps,
  siteId: string,
  input: ImportedOffer,
  record: (tx: Database, offerId: string) => Promise<void>,
): Promise<ImportOfferOutcome> {
  const discount = input.kind !== 'trial';
  const payments = discount ? await paymentsReady(siteId) : undefined;
  const stripe = payments?.ready ? payments.stripe : undefined;
  const unpaid = discount && !stripe;
  try {
    return await db.transaction(async (tx): Promise<ImportOfferOutcome> => {
      const [taken] = await tx
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.siteId, siteId), eq(offers.code, input.code)))
        .limit(1);
      if (taken) return { made: 'code-taken' };
      const now = clock();
      const [made] = await tx
        .insert(offers)
        .values({
          siteId,
          tierId: input.tierId,
          name: input.name,
          code: input.code,
          kind: input.kind,
          percentOff: input.percentOff,
          amountOff: input.amountOff,
          currency: input.currency,
          trialDays: input.trialDays,
          duration: input.duration,
          durationMonths: input.durationMonths,
          endsAt: input.endsAt,
          redemptionLimit: input.redemptionLimit,
          redemptions: input.redemptions,
          archivedAt: input.archived || unpaid ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      let outcome: ImportOfferOutcome['made'] = unpaid ? 'archived-unpaid' : 'ready';
      if (stripe) {
        const coupon = await stripe.client.coupons.create(couponParams(made!), { stripeAccount: stripe.stripeAccount }).catch(() => undefined);
        // Stripe said no (a key refused, an account closed): the offer still comes in, archived, and the import says why.
        if (coupon) await tx.update(offers).set({ stripeCouponId: coupon.id }).where(eq(offers.id, made!.id));
        else {
          await tx.update(offers).set({ archivedAt: now }).where(eq(offers.id, made!.id));
          outcome = 'archived-coupon-refused';
        }
      }
      await record(tx, made!.id);
      return { made: outcome, offerId: made!.id };
    });
  } catch (error) {
    // The creator made the same code at the same moment.
    if (isUniqueViolation(error)) return { made: 'code-taken' };
    throw error;
  }
}
