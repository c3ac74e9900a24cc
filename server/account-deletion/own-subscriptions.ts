/**
 * A member deleting their account stops paying at once (docs/decisions/159,
 * amending 148, which refused instead): each of their subscriptions that Stripe
 * still bills is canceled now, on the site's own Stripe account (the creator's
 * key, or Connect), before the account goes. Their membership rows go with the
 * account (the schema's cascade); Stripe's `customer.subscription.deleted`
 * that follows finds no row and changes nothing. Should Stripe not answer for
 * one, the deletion stops there and says so: an account gone while a card is
 * still charged is the one outcome a member must never get. A subscription
 * Stripe no longer has is already not billing.
 */
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { billedSubscription } from '../memberships/index.ts';
import type { StripeForSite } from '../payments/index.ts';

/** How many of the account's own subscriptions Stripe still bills: the deletion cancels them. */
export async function ownBilledMemberships(db: Database, userId: string) {
  return db
    .select({ id: memberships.id, siteId: memberships.siteId, subscriptionId: memberships.stripeSubscriptionId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), billedSubscription));
}

const alreadyGone = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** Cancels every subscription of the account that still bills, now; throws `stripe-unavailable` (502) on the first Stripe refuses. */
export async function cancelOwnSubscriptions({ db, stripeForSite, logger }: { db: Database; stripeForSite: StripeForSite; logger: Logger }, userId: string): Promise<number> {
  const billed = await ownBilledMemberships(db, userId);
  for (const membership of billed) {
    const stripe = await stripeForSite(membership.siteId);
    if (!stripe) throw new AppError('stripe-unavailable', 502);
    try {
      await stripe.client.subscriptions.cancel(membership.subscriptionId!, {}, { stripeAccount: stripe.stripeAccount });
    } catch (error) {
      if (alreadyGone(error)) continue;
      logger.warn({ err: error, membershipId: membership.id }, 'account deletion: stripe refused to cancel a subscription');
      throw new AppError('stripe-unavailable', 502);
    }
  }
  return billed.length;
}
