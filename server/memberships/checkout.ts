/**
 * A paid join: a Stripe Checkout Session in subscription mode on the creator's
 * connected account, with no application fee (0% cut). The member's customer on
 * that account is reused when they had one; the membership itself is made by
 * the webhooks once Stripe says the subscription exists.
 *
 * One payable session per member and site (docs/decisions/069): the session
 * opened last is kept in `open_checkouts`. A join while it is open reuses it
 * for the same tier and cadence, and expires it on Stripe before opening
 * another; a join after it was paid but before the webhook made the
 * membership is refused with `already-subscribed`. Joins of one member to one
 * site take a transaction-scoped advisory lock, so two at once do the same.
 */
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Cadence } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { openCheckouts } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { stripeFailure, type PaymentsReady, type StripeClient } from '../payments/index.ts';
import { siteUrl } from '../sites/index.ts';

export interface CheckoutDeps {
  db: Database;
  paymentsReady: PaymentsReady;
  /** Tells payments Stripe refused the site's own key (revoked), so the studio says so. */
  keyRefused: (siteId: string) => Promise<void>;
  appUrl: URL;
}

export interface CheckoutRequest {
  site: { id: string; handle: string; domain?: string | null | undefined };
  userId: string;
  tier: Pick<typeof tiers.$inferSelect, 'id' | 'stripeMonthlyPriceId' | 'stripeYearlyPriceId'>;
  cadence: Cadence;
  /**
   * Whoever asked is not signed in: they typed the address on a join page. Checkout then never opens on the
   * account's saved Stripe customer (whose card would show, and take the payment), only with the address.
   */
  signedOut?: boolean;
  /**
   * An offer's terms (server/offers/): its coupon on the creator's account or its trial, what the offer's webhook
   * finds its seat by (`offerId`, `redemptionId`), and when the session must end (the seat is held until then).
   * A join with an offer never reuses an open session, whose terms may be others.
   */
  offer?: { couponId?: string | undefined; trialDays?: number | undefined; metadata: { offerId: string; redemptionId: string }; expiresAt: Date };
  /** The site's payment readiness when the caller began reading it beside its own checks; else it is read here. */
  readiness?: ReturnType<PaymentsReady>;
  /** Writes what the caller keeps of a new session (an offer's seat names it) in the transaction that records it. */
  withSession?: (tx: Database, sessionId: string) => Promise<void>;
}

export type StartCheckout = (request: CheckoutRequest) => Promise<{ checkoutUrl: string; sessionId: string }>;

type OpenCheckout = typeof openCheckouts.$inferSelect;

async function tierTrialDays(tx: Database, tierId: string): Promise<number | null> {
  const [row] = await tx.select({ trialDays: tiers.trialDays }).from(tiers).where(eq(tiers.id, tierId)).limit(1);
  return row?.trialDays ?? null;
}

const subscriptionIdOf = (session: Stripe.Checkout.Session) => (typeof session.subscription === 'string' ? session.subscription : session.subscription?.id);

export function createCheckout({ db, paymentsReady, keyRefused, appUrl }: CheckoutDeps): StartCheckout {
  /**
   * The last session's URL when it is open for this very choice; undefined when a new one may be opened (none,
   * expired, or open for another choice and now expired on Stripe); `already-subscribed` when it was paid and
   * the webhook has not yet made the membership of its subscription.
   */
  async function reusable(tx: Database, client: StripeClient, stripeAccount: string | undefined, last: OpenCheckout, request: CheckoutRequest): Promise<string | undefined> {
    let session = await client.checkout.sessions.retrieve(last.stripeSessionId, {}, { stripeAccount });
    if (session.status === 'open') {
      // A session of an offer holds a seat and other terms: only a plain join takes a plain session again.
      const plain = !request.offer && !session.metadata?.offerId;
      if (plain && last.tierId === request.tier.id && last.cadence === request.cadence && session.url) return session.url;
      const expired = await client.checkout.sessions.expire(last.stripeSessionId, {}, { stripeAccount }).catch(() => undefined);
      if (expired) return undefined;
      // Refused when it was paid between the two calls: read it again; still open means Stripe failed us.
      session = await client.checkout.sessions.retrieve(last.stripeSessionId, {}, { stripeAccount });
      if (session.status === 'open') throw new AppError('stripe-unavailable', 502);
    }
    const subscriptionId = session.status === 'complete' ? subscriptionIdOf(session) : undefined;
    if (!subscriptionId) return undefined;
    const [made] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.siteId, request.site.id), eq(memberships.stripeSubscriptionId, subscriptionId)))
      .limit(1);
    // Once the membership is made, the join service decided (it lets only a member whose subscription ended pay again).
    if (!made) throw new AppError('already-subscribed', 409);
    return undefined;
  }

  return async function startCheckout(request) {
    const { site, userId, tier, cadence } = request;
    const priceId = cadence === 'year' ? tier.stripeYearlyPriceId : tier.stripeMonthlyPriceId;
    const { ready, stripe: siteStripe } = await (request.readiness ?? paymentsReady(site.id));
    if (!ready || !siteStripe || !priceId) throw new AppError('paid-tier-unavailable', 409);
    const { client: stripe, stripeAccount } = siteStripe;
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout ${site.id} ${userId}`}, 0))`);
      const [member] = await tx
        .select({ email: users.email, customerId: memberships.stripeCustomerId })
        .from(users)
        .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.siteId, site.id)))
        .where(eq(users.id, userId))
        .limit(1);
      if (!member) throw new AppError('unauthenticated', 401);
      const [last] = await tx
        .select()
        .from(openCheckouts)
        .where(and(eq(openCheckouts.siteId, site.id), eq(openCheckouts.userId, userId)));
      const { offer } = request;
      const metadata = { siteId: site.id, tierId: tier.id, userId, ...offer?.metadata };
      const home = siteUrl(site, appUrl);
      try {
        const reused = last ? await reusable(tx, stripe, stripeAccount, last, request) : undefined;
        if (reused) return { checkoutUrl: reused, sessionId: last!.stripeSessionId };
        // The tier's own free trial starts every paid join that brings no offer (DESIGN.md "More ways to be paid").
        const trialDays = offer ? offer.trialDays : await tierTrialDays(tx, tier.id);
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: priceId, quantity: 1 }],
            ...(member.customerId && !request.signedOut ? { customer: member.customerId } : { customer_email: member.email }),
            client_reference_id: userId,
            metadata,
            subscription_data: { metadata, ...(trialDays ? { trial_period_days: trialDays } : {}) },
            ...(offer?.couponId ? { discounts: [{ coupon: offer.couponId }] } : {}),
            ...(offer ? { expires_at: Math.floor(offer.expiresAt.getTime() / 1000) } : {}),
            success_url: `${home}?joined=1`,
            cancel_url: `${home}/join`,
          },
          { stripeAccount },
        );
        if (!session.url) throw new AppError('stripe-unavailable', 502);
        const opened = { tierId: tier.id, cadence, stripeSessionId: session.id, createdAt: sql`now()` };
        await tx
          .insert(openCheckouts)
          .values({ siteId: site.id, userId, ...opened })
          .onConflictDoUpdate({ target: [openCheckouts.siteId, openCheckouts.userId], set: opened });
        await request.withSession?.(tx, session.id);
        return { checkoutUrl: session.url, sessionId: session.id };
      } catch (error) {
        stripeFailure(error);
      }
    }).catch(async (error: unknown) => {
      // Stripe no longer takes the creator's own key: the join stops as on a site that cannot take money, and the studio says why.
      if (!(error instanceof AppError) || error.code !== 'stripe-key-refused') throw error;
      await keyRefused(site.id);
      throw new AppError('paid-tier-unavailable', 409);
    });
  };
}
