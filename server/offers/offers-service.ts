/**
 * The creator's offers (DESIGN.md "More ways to be paid"): list, make, rename, move the end date or the limit,
 * archive and bring back. A discount's coupon is made on the creator's Stripe account in the transaction that makes
 * the offer, so a Stripe failure leaves no offer; its terms never change after (as in Stripe and Ghost: a coupon's
 * amount and duration are fixed once made). A trial needs no coupon.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { OfferView } from '../../common/api/offers.ts';
import type { CreateOffer, UpdateOfferInput } from '../../common/offer-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import { offerRedemptions, offers } from '../../db/earn-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { stripeFailure, type PaymentsReady } from '../payments/index.ts';
import { findSiteByOwner, type Site } from '../sites/index.ts';
import { toOfferView, type OfferRow } from './offer-view.ts';

export interface OffersServiceDeps {
  db: Database;
  clock: Clock;
  appUrl: URL;
  paymentsReady: PaymentsReady;
}

/** Stripe's limit on a coupon's name. */
const COUPON_NAME_MAX = 40;

/** Postgres's unique_violation, found through drizzle's wrapping `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The coupon of a discount offer, on the creator's own account (also for an offer brought in by an import). */
export function couponParams(offer: OfferRow): Stripe.CouponCreateParams {
  const off = offer.kind === 'percent' ? { percent_off: offer.percentOff! } : { amount_off: offer.amountOff!, currency: offer.currency! };
  return {
    ...off,
    duration: offer.duration,
    ...(offer.duration === 'repeating' ? { duration_in_months: offer.durationMonths! } : {}),
    name: offer.name.slice(0, COUPON_NAME_MAX),
    metadata: { offerId: offer.id },
  };
}

export function createOffersService({ db, clock, appUrl, paymentsReady }: OffersServiceDeps) {
  async function siteOf(ownerId: string): Promise<Site> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('site-required', 409);
    return site;
  }

  async function viewOf(site: Site, row: OfferRow): Promise<OfferView> {
    const [tier] = await db.select({ name: tiers.name }).from(tiers).where(eq(tiers.id, row.tierId)).limit(1);
    return toOfferView(row, tier?.name ?? '', site, appUrl, clock());
  }

  /** An end date is a moment still to come: one past would make an offer that never opens. */
  function assertFuture(endsAt: string | null | undefined): Date | null {
    if (!endsAt) return null;
    const date = new Date(endsAt);
    if (date.getTime() <= clock().getTime()) throw new AppError('invalid-input', 400, 'endsAt');
    return date;
  }

  async function saveUpdate(ownerId: string, id: string, patch: UpdateOfferInput): Promise<{ siteId: string; offer: OfferView }> {
    const site = await siteOf(ownerId);
    // A discount brought in by an import to a site that could not take money has no coupon yet: it gets one when
    // brought back, or stays archived, so a Checkout never opens at full price under a discount's name.
    const payments = patch.archived === false ? await paymentsReady(site.id) : undefined;
    const row = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(offers)
        .where(and(eq(offers.id, id), eq(offers.siteId, site.id)))
        .for('update')
        .limit(1);
      if (!current) throw new AppError('not-found', 404);
      // A limit below what was already redeemed would take back what members paid for.
      if (patch.redemptionLimit !== undefined && patch.redemptionLimit !== null && patch.redemptionLimit < current.redemptions) {
        throw new AppError('invalid-input', 400, 'redemptionLimit');
      }
      const now = clock();
      let couponId = current.stripeCouponId;
      if (patch.archived === false && current.kind !== 'trial' && !couponId) {
        if (!payments?.ready || !payments.stripe) throw new AppError('payments-not-ready', 409);
        couponId = (await payments.stripe.client.coupons.create(couponParams(current), { stripeAccount: payments.stripe.stripeAccount }).catch(stripeFailure)).id;
      }
      const [saved] = await tx
        .update(offers)
        .set({
          stripeCouponId: couponId,
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.endsAt !== undefined ? { endsAt: assertFuture(patch.endsAt) } : {}),
          ...(patch.redemptionLimit !== undefined ? { redemptionLimit: patch.redemptionLimit } : {}),
          ...(patch.archived !== undefined ? { archivedAt: patch.archived ? (current.archivedAt ?? now) : null } : {}),
          updatedAt: now,
        })
        .where(eq(offers.id, current.id))
        .returning();
      return saved!;
    });
    return { siteId: site.id, offer: await viewOf(site, row) };
  }

  /**
   * Expires at Stripe every session still open on the offer's held seats; the seats go back when the expiry event
   * comes (offer-webhooks.ts). A session paid a moment before is refused by Stripe and stays paid: it was bought
   * while the offer stood.
   */
  async function expireOpenCheckouts(siteId: string, offerId: string): Promise<void> {
    const held = await db
      .select({ sessionId: offerRedemptions.stripeCheckoutSessionId })
      .from(offerRedemptions)
      .where(and(eq(offerRedemptions.offerId, offerId), eq(offerRedemptions.siteId, siteId), eq(offerRedemptions.status, 'held'), isNotNull(offerRedemptions.stripeCheckoutSessionId)));
    if (held.length === 0) return;
    const { stripe } = await paymentsReady(siteId);
    if (!stripe) return;
    for (const { sessionId } of held) {
      // Refused when it was paid or expired meanwhile (nothing to end), or Stripe is down: then it ends at its own
      // expires_at, an hour at most after it opened (offer-checkout.ts), and the archived offer opens no other.
      await stripe.client.checkout.sessions.expire(sessionId!, {}, { stripeAccount: stripe.stripeAccount }).catch(() => undefined);
    }
  }

  const service = {
    async list(ownerId: string): Promise<OfferView[]> {
      const site = await siteOf(ownerId);
      const rows = await db
        .select({ offer: offers, tierName: tiers.name })
        .from(offers)
        .innerJoin(tiers, eq(tiers.id, offers.tierId))
        .where(eq(offers.siteId, site.id))
        .orderBy(desc(offers.createdAt));
      const now = clock();
      return rows.map(({ offer, tierName }) => toOfferView(offer, tierName, site, appUrl, now));
    },

    async create(ownerId: string, input: CreateOffer): Promise<OfferView> {
      const site = await siteOf(ownerId);
      // Another creator's tier and no tier at all look the same.
      const [tier] = await db
        .select()
        .from(tiers)
        .where(and(eq(tiers.id, input.tierId), eq(tiers.siteId, site.id)))
        .limit(1);
      if (!tier) throw new AppError('not-found', 404, 'tierId');
      if (tier.type !== 'paid' || !tier.active) throw new AppError('invalid-input', 400, 'tierId');
      const prices = [tier.monthlyPrice, tier.yearlyPrice].filter((price): price is number => price !== null);
      // An amount off leaves something to pay on every price of the tier, or it is a gift, not an offer.
      if (input.amountOff !== undefined && input.amountOff >= Math.min(...prices)) throw new AppError('invalid-input', 400, 'amountOff');
      const endsAt = assertFuture(input.endsAt);
      const { ready, stripe } = await paymentsReady(site.id);
      if (!ready || !stripe) throw new AppError('payments-not-ready', 409);
      try {
        const row = await db.transaction(async (tx) => {
          const [taken] = await tx
            .select({ id: offers.id })
            .from(offers)
            .where(and(eq(offers.siteId, site.id), eq(offers.code, input.code)))
            .limit(1);
          if (taken) throw new AppError('offer-code-taken', 409, 'code');
          const [made] = await tx
            .insert(offers)
            .values({
              siteId: site.id,
              tierId: tier.id,
              name: input.name,
              code: input.code,
              kind: input.kind,
              percentOff: input.percentOff ?? null,
              amountOff: input.amountOff ?? null,
              currency: input.kind === 'amount' ? tier.currency : null,
              trialDays: input.trialDays ?? null,
              duration: input.duration,
              durationMonths: input.durationMonths ?? null,
              endsAt,
              redemptionLimit: input.redemptionLimit ?? null,
            })
            .returning();
          if (made!.kind === 'trial') return made!;
          const coupon = await stripe.client.coupons.create(couponParams(made!), { stripeAccount: stripe.stripeAccount }).catch(stripeFailure);
          const [saved] = await tx.update(offers).set({ stripeCouponId: coupon.id }).where(eq(offers.id, made!.id)).returning();
          return saved!;
        });
        return toOfferView(row, tier.name, site, appUrl, clock());
      } catch (error) {
        // Two makes of one code at once: the second meets the unique index.
        if (isUniqueViolation(error)) throw new AppError('offer-code-taken', 409, 'code');
        throw error;
      }
    },

    async update(ownerId: string, id: string, patch: UpdateOfferInput): Promise<OfferView> {
      const view = await saveUpdate(ownerId, id, patch);
      // Archived stops at once: the Checkouts still open on its seats end now too, not at their own expiry.
      if (patch.archived === true) await expireOpenCheckouts(view.siteId, id);
      return view.offer;
    },
  };

  return service;
}

export type OffersService = ReturnType<typeof createOffersService>;
