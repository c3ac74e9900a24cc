/**
 * The platform account's own webhook events for the plan (docs/decisions/057):
 * each one names a subscription, which is read afresh from Stripe, so events
 * arriving twice or out of order leave the same row. `users.account_tier`
 * follows the plan. Events whose subscription is not a creator's plan (no
 * `userId` we know) are ignored; connected accounts' events never come here.
 */
import { eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { accountTierFor } from '../../common/platform-plan.ts';
import type { Database } from '../../db/connect.ts';
import { platformPlans } from '../../db/money-schema.ts';
import { sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { currentSubscription, type StripeClient } from '../payments/index.ts';
import type { SiteChanged } from '../sites/index.ts';
import { planStatusOf } from './plan-state.ts';

type PlatformWebhookHandler = (event: Stripe.Event, tx: Database) => Promise<void>;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The subscription an invoice belongs to: `parent.subscription_details` since API 2025-03, `subscription` before. */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy);
}

/** `siteChanged`: a lapsed plan holds the site's scheduled posts, a paid one lets them out. */
export function platformPlanWebhookHandlers({ stripe, clock, siteChanged }: { stripe: StripeClient; clock: Clock; siteChanged: SiteChanged }): Record<string, PlatformWebhookHandler> {
  async function ownerOf(tx: Database, subscription: Stripe.Subscription): Promise<{ userId: string; subscriptionId: string | null } | null> {
    const customer = idOf(subscription.customer);
    const [row] = await tx
      .select({ userId: platformPlans.userId, subscriptionId: platformPlans.stripeSubscriptionId })
      .from(platformPlans)
      .where(or(eq(platformPlans.stripeSubscriptionId, subscription.id), ...(customer ? [eq(platformPlans.stripeCustomerId, customer)] : [])))
      .limit(1);
    if (row) return row;
    const claimed = subscription.metadata.userId;
    if (!claimed) return null;
    const [plan] = await tx.select({ userId: platformPlans.userId, subscriptionId: platformPlans.stripeSubscriptionId }).from(platformPlans).where(eq(platformPlans.userId, claimed));
    return plan ?? null;
  }

  async function applySubscription(tx: Database, subscriptionId: string | null): Promise<void> {
    if (!subscriptionId) return;
    const subscription = await currentSubscription(stripe, subscriptionId);
    if (!subscription) return;
    const owner = await ownerOf(tx, subscription);
    const status = planStatusOf(subscription.status);
    if (!owner || !status) return;
    // A creator who subscribed again: the old subscription's late news must not end the new one.
    if (owner.subscriptionId && owner.subscriptionId !== subscription.id && status === 'canceled') return;
    const { userId } = owner;
    const periodEnd = subscription.items.data[0]?.current_period_end;
    await tx
      .update(platformPlans)
      .set({
        status,
        currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        stripeCustomerId: idOf(subscription.customer),
        stripeSubscriptionId: subscription.id,
        updatedAt: clock(),
      })
      .where(eq(platformPlans.userId, userId));
    await tx.update(users).set({ accountTier: accountTierFor(status) }).where(eq(users.id, userId));
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.ownerId, userId));
    if (site) await siteChanged(site.id, tx);
  }

  const fromSubscription: PlatformWebhookHandler = (event, tx) => applySubscription(tx, (event.data.object as Stripe.Subscription).id);
  const fromInvoice: PlatformWebhookHandler = (event, tx) => applySubscription(tx, invoiceSubscription(event.data.object as Stripe.Invoice));

  return {
    'checkout.session.completed': async (event, tx) => {
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.mode !== 'subscription' || !session.metadata?.userId) return;
      await applySubscription(tx, idOf(session.subscription));
    },
    'customer.subscription.created': fromSubscription,
    'customer.subscription.updated': fromSubscription,
    'customer.subscription.deleted': fromSubscription,
    'invoice.paid': fromInvoice,
    'invoice.payment_failed': fromInvoice,
  };
}
