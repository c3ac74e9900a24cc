/**
 * Limits of the creator's site (DESIGN.md "The creator's site"), shared by the
 * studio's forms and the server's schemas (site-schemas.ts). No zod here: the
 * studio imports these without the schemas.
 */
export const SITE_TITLE_MAX_LENGTH = 80;
export const SITE_TAGLINE_MAX_LENGTH = 160;
export const SITE_ABOUT_MAX_LENGTH = 5000;
export const DEFAULT_BRAND_COLOR = '#6d28d9';
/** The wizard's steps: handle, title, images, colour, niche; `users.onboarding_step` keeps the one a creator is on. */
export const ONBOARDING_STEPS = 5;

export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
