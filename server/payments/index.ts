/** What other rooms use of server/payments/ (docs/architecture.md): its public surface. */
export { createPaymentAccountsService, type PaymentsReady, type StripeForAccount, type StripeForSite } from './payment-accounts.ts';
export type { SiteStripe } from './site-stripe.ts';
export { createPaymentsFeature } from './payments-feature.ts';
export { readinessOnceKnown } from './readiness-once-known.ts';
export { createStripeClient, currentSubscription, stripeFailure, type StripeClient } from './stripe-client.ts';
export { combineWebhookHandlers, type WebhookHandler, type WebhookHandlers } from './webhook-handlers.ts';
export { createWebhookService } from './webhook-service.ts';
