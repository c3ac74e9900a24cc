/** The money part of Config: the platform's Stripe account and the creator's plan on the platform. */
import type { Environment } from './environment.ts';

/** The platform's Stripe account (DESIGN.md "Members and money"); unset: paid tiers and the platform fee are off. */
export interface StripeConfig {
  secretKey: string;
  /** Signing secret of POST /api/webhooks/stripe (the platform account's own events). */
  webhookSecret: string | undefined;
  /** Signing secret of POST /api/webhooks/stripe-connect (connected accounts' events). */
  connectWebhookSecret: string | undefined;
  apiUrl: URL;
}

/** The creator's plan on the platform (SPEC.md: 30-day free trial, $19+ a month flat, 0% cut). */
export interface PlatformPlanConfig {
  /** Off: one creator running the platform for themselves; no trial, no fee, nothing asked. */
  feeEnabled: boolean;
  monthlyPrice: number;
  currency: string;
  trialDays: number;
}

export function readStripe(env: Environment): StripeConfig | undefined {
  return env.STRIPE_SECRET_KEY
    ? {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
        apiUrl: new URL(env.STRIPE_API_URL),
      }
    : undefined;
}

export function readPlatformPlan(env: Environment): PlatformPlanConfig {
  return {
    feeEnabled: env.PLATFORM_FEE === 'on',
    monthlyPrice: env.PLATFORM_PRICE_MONTHLY,
    currency: env.PLATFORM_CURRENCY,
    trialDays: env.PLATFORM_TRIAL_DAYS,
  };
}
