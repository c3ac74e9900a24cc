/**
 * The connected accounts' events that keep memberships true, for the payments
 * feature's webhook registry (server/payments/webhook-handlers.ts). Each one
 * only names the subscription; the sync reads it from Stripe as it is now.
 */
import type Stripe from 'stripe';
import type { Database } from '../../db/connect.ts';
import type { SubscriptionSync } from './subscription-sync.ts';

type ConnectHandler = (event: Stripe.Event, tx: Database) => Promise<void>;

export function membershipWebhookHandlers(sync: SubscriptionSync): Record<string, ConnectHandler> {
  const onSubscription: ConnectHandler = async (event, tx) => {
    if (!event.account) return;
    const subscription = event.data.object as Stripe.Subscription;
    await sync.apply(tx, event.account, subscription.id);
  };
  return {
    'checkout.session.completed': async (event, tx) => {
      const session = event.data.object as Stripe.Checkout.Session;
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (!event.account || session.mode !== 'subscription' || !subscriptionId) return;
      await sync.apply(tx, event.account, subscriptionId, session.client_reference_id ?? session.metadata?.userId);
    },
    'customer.subscription.created': onSubscription,
    'customer.subscription.updated': onSubscription,
    'customer.subscription.deleted': onSubscription,
    'invoice.paid': async (event, tx) => {
      if (event.account) await sync.invoicePaid(tx, event.account, event.data.object as Stripe.Invoice);
    },
    'invoice.payment_failed': async (event, tx) => {
      if (event.account) await sync.invoiceFailed(tx, event.account, event.data.object as Stripe.Invoice);
    },
  };
}
