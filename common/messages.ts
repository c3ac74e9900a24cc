/**
 * SPEC.md section 5 and 8 word for word: which message each screen shows for a
 * code. The server sends codes; these tables are the product's copy.
 */
import type { ErrorCode } from './error-codes.ts';

type MessageTable = Partial<Record<ErrorCode, string>>;

/**
 * The same-origin guard refused the form: almost always a server opened at an
 * address other than its APP_URL, so the message says what to set (issue 15 item 9).
 */
export const ORIGIN_REFUSED_MESSAGE = 'This server does not accept forms from this address. Open the address it printed at start-up, or set APP_URL to the address you use.';

/** Login catalogue (section 8) with the client checks of section 5. */
export const LOGIN_MESSAGES = {
  'invalid-email': 'Email address format is invalid.',
  'user-disabled': 'This account has been disabled.',
  'user-not-found': 'No user found with this email.',
  'missing-email': 'Email is required.',
  'wrong-password': 'Incorrect password.',
  'too-many-requests': 'Too many failed attempts. Please try again later.',
  'network-request-failed': 'Network error. Please check your connection.',
  'service-unavailable': 'Network error. Please check your connection.',
  'internal-error': 'Something went wrong. Please try again.',
  'missing-password': 'Password is missing. Please enter your password.',
  'invalid-login-credentials': 'Invalid login credentials.',
  'forbidden-origin': ORIGIN_REFUSED_MESSAGE,
} as const satisfies MessageTable;
export const LOGIN_FALLBACK = 'Login failed. Please try again.';

/** Codes the login screen shows under the e-mail field; every other one goes under the password. */
export const LOGIN_EMAIL_FIELD_CODES: readonly ErrorCode[] = ['invalid-email', 'user-disabled', 'user-not-found', 'missing-email'];

export const LOGIN_CLIENT_MESSAGES = {
  email: 'Please enter a valid email address.',
  password: 'Password must be at least 8 characters long.',
  resetNeedsEmail: 'Please enter your email address first.',
} as const;

export const SIGNUP_MESSAGES = {
  'email-already-in-use': 'This email is already in use.',
  'invalid-email': 'Invalid email format.',
  'weak-password': 'Password is too weak.',
  'forbidden-origin': ORIGIN_REFUSED_MESSAGE,
} as const satisfies MessageTable;
export const SIGNUP_FALLBACK = 'Signup failed. Try again.';

/** The client-side checks of the sign-up form (section 5), by the code our schema reports. */
export const SIGNUP_FIELD_MESSAGES = {
  'missing-full-name': 'Full name is required.',
  'missing-email': 'Enter a valid email address.',
  'invalid-email': 'Enter a valid email address.',
  'missing-password': 'Password must be at least 8 characters.',
  'weak-password': 'Password must be at least 8 characters.',
  'missing-niche': 'Please select your niche.',
  'missing-custom-niche': 'Please specify your niche.',
  'terms-not-accepted': 'You must agree to the Terms and Privacy Policy to create an account.',
} as const satisfies MessageTable;

export const RESET_MESSAGES: MessageTable = {
  'user-not-found': 'No user found with this email.',
};
export const RESET_FALLBACK = 'Failed to send reset email. Try again later.';
export const RESET_STATES = {
  sending: 'Sending reset link...',
  sent: 'Reset link sent',
  sentMessage: 'Reset link sent! Check your email inbox (or spam).',
} as const;

export const GOOGLE_FAILURE_ALERT = 'Google sign-in failed. Please try again.';

/** Messages the server puts in its own answers (the client shows the tables above instead). */
export const SERVER_MESSAGES: Record<ErrorCode, string> = {
  ...LOGIN_MESSAGES,
  'email-already-in-use': SIGNUP_MESSAGES['email-already-in-use'],
  'weak-password': SIGNUP_MESSAGES['weak-password'],
  'missing-full-name': SIGNUP_FIELD_MESSAGES['missing-full-name'],
  'missing-niche': SIGNUP_FIELD_MESSAGES['missing-niche'],
  'missing-custom-niche': SIGNUP_FIELD_MESSAGES['missing-custom-niche'],
  'terms-not-accepted': SIGNUP_FIELD_MESSAGES['terms-not-accepted'],
  'invalid-input': 'The request is not valid.',
  'invalid-token': 'This link is not valid. Please request a new one.',
  'expired-token': 'This link has expired. Please request a new one.',
  unauthenticated: 'Please sign in first.',
  'forbidden-origin': ORIGIN_REFUSED_MESSAGE,
  'payload-too-large': 'The request is too large.',
  'not-found': 'Not found.',
  'google-not-configured': 'Google sign-in is not configured on this server.',
  'service-unavailable': 'The service is temporarily unavailable. Please try again shortly.',
  maintenance: 'The platform is undergoing scheduled maintenance. Please try again later.',
  forbidden: 'You are not allowed to do this.',
  'email-not-verified': 'Please verify your email address first.',
  'slug-taken': 'Another post already uses this URL. Choose a different one.',
  'invalid-slug': 'Use lowercase letters, numbers and single dashes in the URL.',
  'invalid-publish-time': 'Choose a date and time in the future to schedule the post.',
  'site-required': 'Set up your site first.',
  'invalid-handle': 'Handles are 3 to 30 lowercase letters, numbers or single hyphens, and cannot be a reserved word.',
  'handle-taken': 'This handle is already taken.',
  'site-exists': 'You already have a site.',
  'cannot-join-own-site': 'This is your own site: you already see everything on it.',
  'paid-tier-unavailable': 'Paid memberships are not available on this site yet.',
  'unsupported-media-type': 'This type of file is not supported. Upload an image, a video, an audio file or a PDF.',
  'media-in-use': 'This file is used by a post. Remove it from the post first.',
  'plan-required': 'Your free trial has ended. Subscribe in Settings > Advanced to publish again; your drafts are safe and your site stays online.',
  'plan-exists': 'You already have a plan. Manage it from Settings > Advanced.',
  'billing-not-configured': 'Billing is not set up on this server, so there is nothing to pay.',
  'payments-not-ready': 'Connect Stripe in Payments before publishing a paid tier.',
  'free-tier-fixed': 'The free tier is always there and always free.',
  'price-required': 'A paid tier needs a monthly or a yearly price.',
  'currency-fixed': 'This tier has members, so its currency cannot change.',
  'stripe-unavailable': 'Stripe could not be reached. Nothing was changed; please try again.',
  'already-subscribed': 'You already pay for a membership of this site. Change it from your account page.',
  'invalid-stripe-key': 'Stripe did not accept this key. Paste a secret key (sk_…) or a restricted key (rk_…) from your Stripe dashboard.',
  'stripe-key-refused': 'Stripe no longer accepts the saved key (it was revoked or expired). Paste a new key in Settings > Advanced.',
  'payments-not-configured': 'Payments are not set up on this server: its operator sets STRIPE_SECRET_KEY and the webhook secrets.',
  'invalid-signature': 'The Stripe-Signature header is missing or does not match the body.',
  'member-pays-through-stripe': 'This member pays through Stripe. Remove them (end their subscription) before you comp them.',
  'member-stripe-unavailable': 'Stripe could not be reached to end this subscription. Nothing changed; try again shortly.',
  'already-creator': 'Your account can already run a site.',
  'marker-needs-members':
    'A public post cannot have a “Members only below this line” marker: everyone would read past it. Choose Members, Paid or Specific tiers under “Who can read it”, or remove the line.',
  'method-not-allowed': 'This address does not take that kind of request.',
  'too-many-messages': 'You are sending messages faster than the creator can read them. Please wait a minute, then try again.',
  'too-many-comments': 'You are commenting faster than anyone can read. Please wait a minute, then try again.',
  'messages-closed': 'The creator is not taking messages right now.',
  'comments-closed': 'Comments are closed here.',
  'edit-window-over': 'Comments can be edited for 15 minutes after posting.',
  'storage-quota-exceeded': 'This file would take your site past its storage limit. Delete files you no longer need from your media library, then try again.',
  'invalid-domain': 'That is not a domain you can use. Enter a domain you own, like example.com.',
  'domain-taken': 'Another site already uses that domain.',
  'domain-exists': 'Your site already has a domain. Remove it first to use another.',
  'invalid-design': 'This design is not valid.',
  'design-changed': 'This design was changed elsewhere. Load it again.',
  'range-required': 'Choose a start and an end date, as YYYY-MM-DD.',
  'range-reversed': 'The start date is after the end date. Swap them and try again.',
  'range-too-long': 'A report covers at most two years. Choose a shorter range.',
  'range-in-future': 'This range has not started yet. Choose dates up to today.',
  'already-emailed': 'This post has already been e-mailed; a post is e-mailed once.',
  'site-suspended': 'This site is suspended by the operator of the platform: its pages, comments, messages and e-mails are off until it is restored.',
  'paying-members': 'Paid subscriptions are still running. Cancel them first, then delete the account.',
  'password-not-set': 'This account has no password yet. Set one with the link we can e-mail you, then try again.',
  'wrong-code': 'That code is not right, or it has expired. Ask for a new one.',
  'invalid-import': 'This file cannot be imported: it is not an export of the source you chose, or it is damaged.',
  'import-running': 'Another import of your site is running. Wait for it to finish, then start this one.',
  'import-not-undoable': 'This import can no longer be undone.',
  'import-not-planned': 'This import has already been started.',
  'offer-full': 'This offer has been claimed as many times as it allows.',
  'offer-ended': 'This offer has ended.',
  'offer-code-taken': 'Another offer on your site already uses this code.',
  'gift-redeemed': 'This gift has already been redeemed.',
  'gift-refunded': 'This gift was refunded, so it can no longer be redeemed.',
  'gift-not-needed': 'You already have this membership, a higher one, or one you pay for, so this gift would add nothing. Keep it for someone else: the link still works for them.',
  'tips-off': 'This site is not taking tips right now.',
};

export function messageFor(table: MessageTable, code: ErrorCode, fallback: string): string {
  return table[code] ?? fallback;
}
