/**
 * The payments feature: Stripe's webhooks under /api/webhooks (open during
 * maintenance, no session or Origin check) and the creator's Connect
 * onboarding under /api/payments (docs/decisions/050).
 */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import type { PaymentAccountsService } from './payment-accounts.ts';
import { paymentsRoutes } from './payments-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';
import type { WebhookService } from './webhook-service.ts';

export interface PaymentsFeatureDeps {
  webhooks: WebhookService;
  accounts: PaymentAccountsService;
  sameOrigin: RequestHandler;
}

export function createPaymentsFeature({ webhooks, accounts, sameOrigin }: PaymentsFeatureDeps): Feature {
  return {
    name: 'payments',
    routers: [
      { path: '/api/webhooks', handler: webhookRoutes({ webhooks }) },
      { path: '/api/payments', handler: Router().use(sameOrigin, paymentsRoutes({ accounts })) },
    ],
  };
}
