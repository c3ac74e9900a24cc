/** The studio's words about payments: the Payments panel and the overview's checklist share them. */
import type { ErrorCode } from '../../common/error-codes.ts';

export const PAYMENTS_ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  'payments-not-configured': 'Payments are not set up on this server.',
  'site-required': 'Set up your site first: payments belong to a site.',
  'network-request-failed': 'Network error. Please check your connection.',
  'service-unavailable': 'Stripe or our server is not answering. Please try again shortly.',
  'stripe-unavailable': 'Stripe could not be reached. Nothing was changed; please try again.',
  'invalid-stripe-key': 'Stripe did not accept this key. Paste a secret key (sk_…) or a restricted key (rk_…) from your Stripe dashboard.',
  'not-found': 'No key is connected any more. Reload the page to see your payments as they are.',
  'paying-members': 'Members still pay through this Stripe account. End their subscriptions first (on each member’s page in Subscribers), then disconnect.',
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

/** Settings > Advanced, "Connect Stripe with your key" (DESIGN.md "The creator's first hour"). */
export const OWN_KEY = {
  title: 'Connect Stripe with your key',
  intro: 'Paste a key from your own Stripe account, and members pay you directly into it. We take a 0% cut; Stripe’s own processing fees apply.',
  howTitle: 'Where to find a key',
  how: [
    'In your Stripe dashboard, open Developers, then API keys.',
    'Best: create a restricted key with Write access to Products, Prices, Checkout Sessions, Customer portal, Subscriptions and Webhook Endpoints.',
    'Or copy your secret key (sk_…). Never paste the publishable key (pk_…).',
  ],
  apiKeysUrl: 'https://dashboard.stripe.com/apikeys',
  apiKeysLink: 'Open API keys in Stripe',
  fieldLabel: 'Secret or restricted key',
  fieldHint: 'Starts with sk_ or rk_. It is checked with Stripe, then stored encrypted; nobody can read it back, not even you.',
  missing: 'Paste your Stripe key.',
  notAKey: 'A Stripe secret key starts with sk_ and a restricted key with rk_.',
  submit: 'Connect Stripe',
  replaceSubmit: 'Save the new key',
  connected: (name: string) => `Connected: ${name}`,
  accountId: (id: string) => `Stripe account ${id}`,
  saved: 'Stripe is connected. You can now offer paid tiers.',
  refusedBadge: 'Stripe no longer accepts your key',
  refused: 'The key was revoked or has expired, so members cannot start paid memberships. Paste a new key of the same Stripe account to carry on; your members and their subscriptions stay as they are.',
  disconnect: 'Disconnect',
  disconnectTitle: 'Disconnect Stripe?',
  disconnectBody:
    'Paid tiers stop taking new members, and this server forgets your key. While any member still pays through this account, Stripe stays connected: end their subscriptions first.',
  disconnectConfirm: 'Disconnect Stripe',
  disconnected: 'Stripe is disconnected. Your key is forgotten.',
} as const;
