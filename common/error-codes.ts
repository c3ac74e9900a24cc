/**
 * Error codes of SPEC.md section 8 plus the ones our own server adds. The server
 * answers `{"error":{"code","message","field"}}`; the client maps the code back to
 * SPEC.md's message for the screen it is on (see messages.ts).
 */
export const ERROR_CODES = [
  'invalid-email',
  'user-disabled',
  'user-not-found',
  'missing-email',
  'wrong-password',
  'too-many-requests',
  'network-request-failed',
  'internal-error',
  'missing-password',
  'invalid-login-credentials',
  'email-already-in-use',
  'weak-password',
  'missing-full-name',
  'missing-niche',
  'missing-custom-niche',
  'terms-not-accepted',
  'invalid-input',
  'invalid-token',
  'expired-token',
  'unauthenticated',
  'forbidden-origin',
  'payload-too-large',
  'not-found',
  'google-not-configured',
  'service-unavailable',
  'maintenance',
  'forbidden',
  'email-not-verified',
  'slug-taken',
  'invalid-slug',
  'invalid-publish-time',
  'invalid-handle',
  'handle-taken',
  'site-exists',
  'cannot-join-own-site',
  'paid-tier-unavailable',
  'site-required',
  'unsupported-media-type',
  'media-in-use',
  'plan-required',
  'plan-exists',
  'billing-not-configured',
  'payments-not-ready',
  'free-tier-fixed',
  'price-required',
  'currency-fixed',
  'stripe-unavailable',
  'already-subscribed',
  'payments-not-configured',
  'invalid-stripe-key',
  'stripe-key-refused',
  'invalid-signature',
  'member-pays-through-stripe',
  'member-stripe-unavailable',
  'already-creator',
  'marker-needs-members',
  'method-not-allowed',
  'storage-quota-exceeded',
  'invalid-domain',
  'domain-taken',
  'domain-exists',
  'invalid-design',
  'design-changed',
  'range-required',
  'range-reversed',
  'range-too-long',
  'range-in-future',
  'too-many-messages',
  'too-many-comments',
  'messages-closed',
  'comments-closed',
  'edit-window-over',
  'already-emailed',
  'site-suspended',
  'paying-members',
  'password-not-set',
  'invalid-import',
  'import-running',
  'import-not-undoable',
  'import-not-planned',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The fields a problem can be placed under, on the server's answer and in the client's forms. */
export const ERROR_FIELDS = [
  'secretKey',
  'email', 'password', 'fullName', 'niche', 'customNiche', 'agreeToTerms', 'token',
  'handle', 'title', 'tagline', 'about', 'brandColor', 'avatarMediaId', 'bannerMediaId',
  'slug', 'excerpt', 'body', 'html', 'publishAt', 'coverMediaId',
  'name', 'description', 'benefits', 'monthlyPrice', 'yearlyPrice', 'currency', 'ids', 'tierId', 'cadence',
  'tierIds', 'pastDueAccess', 'visibility', 'hostname',
  'tierIds', 'pastDueAccess', 'visibility',
  'from', 'to', 'subject', 'message',
  'tierIds', 'pastDueAccess', 'visibility', 'text', 'mediaIds', 'messagesFrom', 'commentsFrom', 'messageNotices',
  'currentPassword', 'newPassword',
  'file', 'source', 'sourceUrl', 'tierMap',
] as const;
export type ErrorField = (typeof ERROR_FIELDS)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; field?: ErrorField };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
