/**
 * Claiming an offer: a seat taken, then a subscription Checkout on the creator's account with the offer's coupon or
 * trial (server/memberships/checkout.ts, no application fee). The seat is what makes a limit hold under a rush
 * (docs/decisions/162): it is taken in the transaction that locks the offer's row and counts the seats held and
 * redeemed, so twenty readers at once on an offer of five open five Checkouts and hear `offer-full` for the rest.
 * A seat is held until its session ends; the webhooks redeem or release it (offer-webhooks.ts).
 */
import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import { ENTITLING_STATUSES, type Cadence } from '../../common/memberships.ts';
import { OFFER_CODE_PATTERN } from '../../common/offer-rules.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { offerRedemptions, offers } from '../../db/earn-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { StartCheckout } from '../memberships/index.ts';
import { readinessOnceKnown, type PaymentsReady } from '../payments/index.ts';
import { isSiteSuspended } from '../site-standing/index.ts';
import { findSiteByHandle } from '../sites/index.ts';
import { offerStatus, type OfferRow } from './offer-view.ts';

/** How long an offer's Checkout stays open (Stripe takes 30 minutes to 24 hours): a seat is held no longer. */
const SESSION_MINUTES = 60;
/** A seat outlives its session a little, so a payment made in its last second still finds its seat held. */
const HOLD_GRACE_MINUTES = 5;

type TierRow = typeof tiers.$inferSelect;

export interface OfferOnPage {
  offer: OfferRow;
  tier: TierRow;
}

export interface OfferCheckoutDeps {
  db: Database;
  clock: Clock;
  startCheckout: StartCheckout;
  /** Read as soon as the site is known, beside the other checks (docs/decisions/171). */
  paymentsReady: PaymentsReady;
}

export function createOfferCheckout({ db, clock, startCheckout, paymentsReady }: OfferCheckoutDeps) {
  /** The offer of this code on the site, with its tier; undefined for a code the site never made. */
  async function find(siteId: string, code: string): Promise<OfferOnPage | undefined> {
    const normal = code.toLowerCase();
    // A code that cannot be one costs no query.
    if (!OFFER_CODE_PATTERN.test(normal)) return undefined;
    const [row] = await db
      .select({ offer: offers, tier: tiers })
      .from(offers)
      .innerJoin(tiers, eq(tiers.id, offers.tierId))
      .where(and(eq(offers.siteId, siteId), eq(offers.code, normal)))
      .limit(1);
    return row;
  }

  async function membershipOf(siteId: string, userId: string) {
    const [row] = await db
      .select({ source: memberships.source, status: memberships.status })
      .from(memberships)
      .where(and(eq(memberships.siteId, siteId), eq(memberships.userId, userId)))
      .limit(1);
    return row;
  }

  /** An offer that cannot be claimed now says why: ended (archived or past its date) or full. */
  function assertOpen(offer: OfferRow, tier: TierRow, now: Date) {
    const status = offerStatus(offer, now);
    if (status === 'full') throw new AppError('offer-full', 409);
    if (status !== 'active' || !tier.active) throw new AppError('offer-ended', 409);
  }

  /** Takes a seat for this reader, or refuses with `offer-full` when held and redeemed seats already fill the limit. */
  async function takeSeat(offerId: string, siteId: string, userId: string, holdUntil: Date): Promise<string> {
    return db.transaction(async (tx) => {
      const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
      if (!offer) throw new AppError('not-found', 404);
      const now = clock();
      const [tier] = await tx.select().from(tiers).where(eq(tiers.id, offer.tierId));
      assertOpen(offer, tier!, now);
      // A reader asking again replaces their own seat (their earlier session is expired by the Checkout), and a seat
      // whose session ended without its expiry event reaching us goes back now that seats are counted.
      await tx
        .update(offerRedemptions)
        .set({ status: 'released' })
        .where(and(eq(offerRedemptions.offerId, offerId), eq(offerRedemptions.status, 'held'), or(eq(offerRedemptions.userId, userId), lte(offerRedemptions.holdUntil, now))));
      if (offer.redemptionLimit !== null) {
        const [taken] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(offerRedemptions)
          .where(
            and(
              eq(offerRedemptions.offerId, offerId),
              or(eq(offerRedemptions.status, 'redeemed'), and(eq(offerRedemptions.status, 'held'), gt(offerRedemptions.holdUntil, now))),
            ),
          );
        if ((taken?.n ?? 0) >= offer.redemptionLimit) throw new AppError('offer-full', 409);
      }
      const [seat] = await tx.insert(offerRedemptions).values({ offerId, siteId, userId, holdUntil }).returning({ id: offerRedemptions.id });
      return seat!.id;
    });
  }

  return {
    find,

    /** The Checkout of an offer for a reader (`signedOut`: their address was typed on the offer page, as on the join page). */
    async checkout(handle: string, userId: string, code: string, cadence: Cadence = 'month', { signedOut = false }: { signedOut?: boolean } = {}): Promise<{ url: string }> {
      // Once the site is known, its standing, the offer, the reader's membership and the payments' readiness are read
      // side by side (docs/decisions/171); the refusals are then told in the page's order.
      const found = findSiteByHandle(db, handle).then((site) => (site?.publishedAt ? site : undefined));
      const readiness = readinessOnceKnown(found, paymentsReady);
      const [site, suspended, onPage, existing] = await Promise.all([
        found,
        found.then((site) => (site ? isSiteSuspended(db, site.id) : false)),
        found.then((site) => (site ? find(site.id, code) : undefined)),
        found.then((site) => (site ? membershipOf(site.id, userId) : undefined)),
      ]);
      if (!site) throw new AppError('not-found', 404);
      if (suspended) throw new AppError('site-suspended', 410);
      if (site.ownerId === userId) throw new AppError('cannot-join-own-site', 409);
      if (!onPage) throw new AppError('not-found', 404);
      const { offer, tier } = onPage;
      assertOpen(offer, tier, clock());
      if (existing?.source === 'stripe' && ENTITLING_STATUSES.includes(existing.status)) throw new AppError('already-subscribed', 409);
      const expiresAt = new Date(clock().getTime() + SESSION_MINUTES * 60_000);
      const redemptionId = await takeSeat(offer.id, site.id, userId, new Date(expiresAt.getTime() + HOLD_GRACE_MINUTES * 60_000));
      try {
        const { checkoutUrl } = await startCheckout({
          site,
          userId,
          tier,
          cadence,
          signedOut,
          offer: { couponId: offer.stripeCouponId ?? undefined, trialDays: offer.trialDays ?? undefined, metadata: { offerId: offer.id, redemptionId }, expiresAt },
          readiness,
          // The seat names its session in the transaction that records the session, not in a commit of its own.
          withSession: async (tx, sessionId) => {
            await tx.update(offerRedemptions).set({ stripeCheckoutSessionId: sessionId }).where(eq(offerRedemptions.id, redemptionId));
          },
        });
        return { url: checkoutUrl };
      } catch (error) {
        // No Checkout opened: the seat goes back at once.
        await db.update(offerRedemptions).set({ status: 'released' }).where(and(eq(offerRedemptions.id, redemptionId), eq(offerRedemptions.status, 'held')));
        throw error;
      }
    },
  };
}

export type OfferCheckout = ReturnType<typeof createOfferCheckout>;
