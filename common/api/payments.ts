/**
 * The creator's own Stripe account (DESIGN.md "Members and money", "HTTP API
 * added"): Connect onboarding and the account's state as Stripe reports it.
 */
import { endpoint } from './endpoint.ts';

/** How the site reaches its Stripe account: the platform's Connect, or the creator's own pasted key. */
export const PAYMENT_ACCOUNT_MODES = ['connect', 'key'] as const;
export type PaymentAccountMode = (typeof PAYMENT_ACCOUNT_MODES)[number];

export interface PaymentAccountView {
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** Stripe's `requirements.currently_due`: what the account still needs before it can take payments. */
  requirementsDue: string[];
  defaultCurrency: string | null;
}

export interface PaymentsStatus {
  /** False when the server has no STRIPE_SECRET_KEY: paid tiers are off. */
  configured: boolean;
  /** Null until the creator first connects. */
  account: PaymentAccountView | null;
}

/** Ready to take members' payments: Stripe lets the account charge. */
export const isPaymentAccountReady = (account: PaymentAccountView | null): boolean => account?.chargesEnabled === true;

export const connectPayments = endpoint<undefined, undefined, { url: string }>('POST', '/api/payments/connect');
export const paymentsStatus = endpoint<undefined, undefined, PaymentsStatus>('GET', '/api/payments/status');
