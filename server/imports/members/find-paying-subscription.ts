/**
 * For a member who pays at the source (a Substack or Ghost subscriber, a
 * member of our own export): their live subscription on the site's own
 * Stripe account (docs/decisions/161), found by the customer the file names,
 * else by their address, else by the subscription the file names. Nothing is
 * created or changed at Stripe: these are reads. What cannot be linked is
 * answered as a reason in the creator's words; the member then comes in free.
 */
import Stripe from 'stripe';
import type { Cadence, MembershipStatus } from '../../../common/memberships.ts';
import { stripeFailure, type SiteStripe } from '../../payments/index.ts';

/** A live subscription the member is linked to, as the membership keeps it. */
export interface LinkedSubscription {
  customerId: string;
  subscriptionId: string;
  status: MembershipStatus;
  priceId: string;
  cadence: Cadence;
  amount: number | null;
  currency: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export type SubscriptionLookup = { found: LinkedSubscription } | { reason: string };

const LIVE: readonly string[] = ['active', 'trialing', 'past_due'];
/** A customer with more subscriptions than this is not an imported reader; the first page is enough. */
const LIST_LIMIT = 20;

const missing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** The subscription as a membership links it; undefined when it is not live or not billed monthly or yearly. */
function linkable(subscription: Stripe.Subscription): LinkedSubscription | undefined {
  const item = subscription.items.data[0];
  const interval = item?.price.recurring?.interval;
  if (!item || !LIVE.includes(subscription.status) || (interval !== 'month' && interval !== 'year')) return undefined;
  const customer = subscription.customer;
  return {
    customerId: typeof customer === 'string' ? customer : customer.id,
    subscriptionId: subscription.id,
    status: subscription.status as MembershipStatus,
    priceId: item.price.id,
    cadence: interval === 'year' ? 'year' : 'month',
    amount: item.price.unit_amount,
    currency: item.price.currency,
    currentPeriodEnd: item.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

export function subscriptionFinder(stripe: SiteStripe) {
  const options = stripe.stripeAccount ? { stripeAccount: stripe.stripeAccount } : {};

  async function call<T>(request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request();
    } catch (error) {
      if (missing(error)) return undefined;
      return stripeFailure(error);
    }
  }

  async function liveOf(customerId: string): Promise<LinkedSubscription | undefined> {
    const list = await call(() => stripe.client.subscriptions.list({ customer: customerId, status: 'all', limit: LIST_LIMIT }, options));
    for (const subscription of list?.data ?? []) {
      const found = linkable(subscription);
      if (found) return found;
    }
    return undefined;
  }

  return async function find(member: { email: string; stripeCustomerId?: string | undefined; stripeSubscriptionId?: string | undefined }): Promise<SubscriptionLookup> {
    if (member.stripeSubscriptionId) {
      const subscription = await call(() => stripe.client.subscriptions.retrieve(member.stripeSubscriptionId!, {}, options));
      if (!subscription) return { reason: 'this Stripe subscription is not on your Stripe account; they come in as a free member' };
      const found = linkable(subscription);
      return found ? { found } : { reason: 'their Stripe subscription has ended or is not billed monthly or yearly; they come in as a free member' };
    }
    if (member.stripeCustomerId) {
      const customer = await call(() => stripe.client.customers.retrieve(member.stripeCustomerId!, {}, options));
      if (!customer || customer.deleted) return { reason: 'this Stripe customer is not on your Stripe account; they come in as a free member' };
      const found = await liveOf(customer.id);
      return found ? { found } : { reason: 'their Stripe customer has no live subscription; they come in as a free member' };
    }
    const customers = await call(() => stripe.client.customers.list({ email: member.email, limit: LIST_LIMIT }, options));
    if (!customers?.data.length) return { reason: 'no Stripe customer on your Stripe account has this address; they come in as a free member' };
    for (const customer of customers.data) {
      const found = await liveOf(customer.id);
      if (found) return { found };
    }
    return { reason: 'their Stripe customer has no live subscription; they come in as a free member' };
  };
}
