/**
 * For a row of the members import (members-import.ts) that names a Stripe customer: the
 * site's live subscription of that customer on one of its tiers' prices, which the member
 * is then linked to.
 */
import type Stripe from 'stripe';
import type { Cadence, MembershipStatus } from '../../common/memberships.ts';
import type { tiers } from '../../db/content-schema.ts';
import { AppError } from '../errors.ts';
import type { StripeClient } from '../payments/index.ts';

export type Tier = typeof tiers.$inferSelect;

/** A tier's Stripe prices, by price id. */
export type TierPrices = Map<string, { tier: Tier; cadence: Cadence }>;

const LINKABLE: readonly string[] = ['active', 'trialing', 'past_due'];

/** The site's live subscription of a customer on one of its tiers' prices, or undefined. */
export async function findSubscription(client: StripeClient, stripeAccount: string | undefined, customerId: string, prices: TierPrices) {
  let list: Stripe.ApiList<Stripe.Subscription>;
  try {
    list = await client.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }, { stripeAccount });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404 || (error as { code?: string }).code === 'resource_missing') return undefined;
    throw new AppError('member-stripe-unavailable', 502);
  }
  for (const subscription of list.data) {
    if (!LINKABLE.includes(subscription.status)) continue;
    const item = subscription.items.data[0];
    const known = item ? prices.get(item.price.id) : undefined;
    if (!item || !known) continue;
    const periodEnd = item.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
    return {
      tier: known.tier,
      status: subscription.status as MembershipStatus,
      stripe: {
        customerId,
        subscriptionId: subscription.id,
        cadence: known.cadence,
        amount: item.price.unit_amount,
        currency: item.price.currency,
        currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      },
    };
  }
  return undefined;
}
