/**
 * A paid join: a Stripe Checkout Session in subscription mode on the creator's
 * connected account, with no application fee (0% cut). The member's customer on
 * that account is reused when they had one; the membership itself is made by
 * the webhooks once Stripe says the subscription exists.
 */
import { and, eq } from 'drizzle-orm';
import type { Cadence } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import type { PaymentsReady } from '../payments/payment-accounts.ts';
import { stripeFailure, type StripeClient } from '../payments/stripe-client.ts';

export interface CheckoutDeps {
  db: Database;
  stripe: StripeClient | undefined;
  paymentsReady: PaymentsReady;
  appUrl: URL;
}

export interface CheckoutRequest {
  site: { id: string; handle: string };
  userId: string;
  tier: Pick<typeof tiers.$inferSelect, 'id' | 'stripeMonthlyPriceId' | 'stripeYearlyPriceId'>;
  cadence: Cadence;
}

export type StartCheckout = (request: CheckoutRequest) => Promise<{ checkoutUrl: string }>;

export function createCheckout({ db, stripe, paymentsReady, appUrl }: CheckoutDeps): StartCheckout {
  return async function startCheckout({ site, userId, tier, cadence }) {
    const priceId = cadence === 'year' ? tier.stripeYearlyPriceId : tier.stripeMonthlyPriceId;
    const { ready, stripeAccountId } = await paymentsReady(site.id);
    if (!stripe || !ready || !stripeAccountId || !priceId) throw new AppError('paid-tier-unavailable', 409);
    const [member] = await db
      .select({ email: users.email, customerId: memberships.stripeCustomerId })
      .from(users)
      .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.siteId, site.id)))
      .where(eq(users.id, userId))
      .limit(1);
    if (!member) throw new AppError('unauthenticated', 401);
    const metadata = { siteId: site.id, tierId: tier.id, userId };
    const home = new URL(`/@${site.handle}`, appUrl).href;
    try {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: priceId, quantity: 1 }],
          ...(member.customerId ? { customer: member.customerId } : { customer_email: member.email }),
          client_reference_id: userId,
          metadata,
          subscription_data: { metadata },
          success_url: `${home}?joined=1`,
          cancel_url: `${home}/join`,
        },
        { stripeAccount: stripeAccountId },
      );
      if (!session.url) throw new AppError('stripe-unavailable', 502);
      return { checkoutUrl: session.url };
    } catch (error) {
      stripeFailure(error);
    }
  };
}
