/** Business constants of SPEC.md section 9, shared by client and server. */

export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound keeps argon2 work per request bounded (an abuse guard, not a SPEC rule). */
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const CUSTOM_NICHE_MAX_LENGTH = 60;

export const MOBILE_BREAKPOINT_PX = 768;
export const NAV_HIDE_SCROLL_PX = 80;
export const VERIFICATION_POLL_MS = 5_000;
export const LOGIN_CAROUSEL_AUTOPLAY_MS = 4_000;
export const MAINTENANCE_REFRESH_SECONDS = 600;
export const FADE_IN_THRESHOLD = 0.1;

export const USERNAME_LENGTH = 6;
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_TIER = 'free';
export const DEFAULT_ROLE = 'creator';

export const POLICIES_LAST_UPDATED = 'June 30, 2025';
/** The terms a consent is recorded against: the policies' last-updated date (SPEC.md section 9). */
export const TERMS_VERSION = '2025-06-30';
export const MINIMUM_AGE = 13;

export const VERIFY_EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TOKEN_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** However active, a session ends this long after it began: a stolen cookie does not live for ever. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** sessions.last_used_at is kept true to within this, so a busy session writes at most once an hour. */
export const SESSION_LAST_USED_PRECISION_MS = 60 * 60 * 1000;
/** How long a first Google sign-in waits for its terms consent before it must start again. */
export const GOOGLE_SIGNUP_TTL_MS = 10 * 60 * 1000;

export const PRODUCT_NAME = 'Creator Platform';
export const TAGLINE = 'Fully own your brand';

/**
 * The longest reason the operator may give for suspending a site (common/admin-schemas.ts). Here, not
 * beside its schema: the /admin screen reads it, and importing zod there brought zod's chunk, whose
 * `Function('')` probe the page's CSP refuses.
 */
export const SUSPENSION_REASON_MAX_LENGTH = 500;
