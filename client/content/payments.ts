/** The studio's words about payments: the Payments panel and the overview's checklist share them. */
import type { ErrorCode } from '../../common/error-codes.ts';

export const PAYMENTS_ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  'payments-not-configured': 'Payments are not set up on this server.',
  'site-required': 'Set up your site first: payments belong to a site.',
  'network-request-failed': 'Network error. Please check your connection.',
  'service-unavailable': 'Stripe or our server is not answering. Please try again shortly.',
  'stripe-unavailable': 'Stripe could not be reached. Nothing was changed; please try again.',
};
export const PAYMENTS_ERROR_FALLBACK = 'Something went wrong. Please try again.';

export function paymentsErrorMessage(code: ErrorCode): string {
  return PAYMENTS_ERROR_MESSAGES[code] ?? PAYMENTS_ERROR_FALLBACK;
}

/** Stripe's names for what an account still needs (`requirements.currently_due`), in words. */
const REQUIREMENT_LABELS: Record<string, string> = {
  external_account: 'a bank account for payouts',
  'business_profile.url': 'your website or social profile',
  'business_profile.mcc': 'what you sell',
  'business_profile.product_description': 'a description of what you sell',
  'tos_acceptance.date': "acceptance of Stripe's terms",
  'tos_acceptance.ip': "acceptance of Stripe's terms",
  business_type: 'your business type',
};

/** One line per distinct need; an unknown key reads as its last part, spaced. */
export function requirementLabels(keys: readonly string[]): string[] {
  const labels = keys.map((key) => REQUIREMENT_LABELS[key] ?? key.split('.').at(-1)!.replaceAll('_', ' '));
  return [...new Set(labels)];
}

export const STRIPE_DASHBOARD_URL = 'https://dashboard.stripe.com';
