/**
 * The bounds of an offer (DESIGN.md "More ways to be paid"), without zod: the studio's form reads them, and the
 * server's schemas (offer-schemas.ts) check by them.
 */

export const OFFER_NAME_MAX_LENGTH = 100;
/** Stripe's own ceiling on a coupon's `duration_in_months` is three digits; a few years is what a creator means. */
export const OFFER_MONTHS_MAX = 36;
export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 365;
export const REDEMPTION_LIMIT_MAX = 1_000_000;
/** The shape the `offers_code_shape` constraint holds (db/earn-schema.ts): the code is a path segment. */
export const OFFER_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$/;

/** A code the form suggests from the offer's name: "Spring sale 25%!" gives `spring-sale-25`. */
export function suggestOfferCode(offerName: string): string {
  const words = offerName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return OFFER_CODE_PATTERN.test(words) ? words : '';
}
