/**
 * The creator's own Stripe account (DESIGN.md "Members and money", "HTTP API
 * added"): Connect onboarding and the account's state as Stripe reports it.
 */
import type { StripeKeyInput } from '../payment-schemas.ts';
import { endpoint } from './endpoint.ts';

/** How the site reaches its Stripe account: the platform's Connect, or the creator's own pasted key. */
export const PAYMENT_ACCOUNT_MODES = ['connect', 'key'] as const;
export type PaymentAccountMode = (typeof PAYMENT_ACCOUNT_MODES)[number];

export interface PaymentAccountView {
  mode: PaymentAccountMode;
  /** Stripe's id of the account (`acct_…`). */
  accountId: string;
  /** The account's name as Stripe shows it; null when Stripe has none (Connect, or an account without one). */
  name: string | null;
  /** With the creator's own key: `refused` once Stripe no longer accepts it (revoked or expired); null under Connect. */
  keyStatus: 'active' | 'refused' | null;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** Stripe's `requirements.currently_due`: what the account still needs before it can take payments. */
  requirementsDue: string[];
  defaultCurrency: string | null;
}

export interface PaymentsStatus {
  /** Whether the operator offers Connect (the server has STRIPE_SECRET_KEY). Without it a creator connects their own key. */
  configured: boolean;
  /** Null until the creator first connects. */
  account: PaymentAccountView | null;
}

/** Ready to take members' payments: Stripe lets the account charge, and takes the saved key. */
export const isPaymentAccountReady = (account: PaymentAccountView | null): boolean => account?.chargesEnabled === true && account.keyStatus !== 'refused';


export const connectPayments = endpoint<undefined, undefined, { url: string }>('POST', '/api/payments/connect');
export const paymentsStatus = endpoint<undefined, undefined, PaymentsStatus>('GET', '/api/payments/status');
export const saveStripeKey = endpoint<StripeKeyInput, undefined, PaymentsStatus>('PATCH', '/api/payments/key');
export const disconnectStripeKey = endpoint<undefined, undefined, PaymentsStatus>('DELETE', '/api/payments/key');
