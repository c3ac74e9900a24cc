/**
 * Tier limits and price arithmetic, shared by the studio's tier form and the
 * server's rules (tier-schemas.ts). Free of zod, so the studio page that only
 * formats prices does not load the validator (whose eval probe the CSP reports).
 */
import { minorUnitsPerMajor } from './money.ts';

export const TIER_NAME_MAX_LENGTH = 60;
export const TIER_DESCRIPTION_MAX_LENGTH = 500;
export const TIER_BENEFIT_MAX_LENGTH = 120;
export const TIER_BENEFITS_MAX = 12;
/** Stripe's own ceiling for one price (99,999,999 minor units). */
export const TIER_PRICE_MAX = 99_999_999;
/** Stripe's smallest charge is about 50 cents in most currencies. */
export const TIER_PRICE_MIN = 50;
/** Currencies a creator can price in: Stripe's common settlement ones. */
export const TIER_CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud', 'nzd', 'chf', 'sek', 'nok', 'dkk', 'jpy', 'sgd', 'hkd', 'mxn', 'brl', 'inr', 'pln'] as const;

/** `5`, `5.5`, `5.00` in the currency's major units to minor units; undefined when it is not a price. */
export function toMinorUnits(typed: string, currencyCode: string): number | undefined {
  const perMajor = minorUnitsPerMajor(currencyCode);
  const pattern = perMajor === 1 ? /^\d{1,9}$/ : /^\d{1,7}(\.\d{1,2})?$/;
  const trimmed = typed.trim();
  if (!pattern.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * perMajor);
}

/** Minor units back to what the form shows: `500` USD is `5.00`. */
export function toMajorText(minor: number, currencyCode: string): string {
  const perMajor = minorUnitsPerMajor(currencyCode);
  return perMajor === 1 ? String(minor) : (minor / perMajor).toFixed(2);
}

/** What a yearly price saves against twelve months, in whole percent; 0 when it saves nothing. */
export function yearlySavingPercent(monthly: number | null, yearly: number | null): number {
  if (monthly === null || yearly === null || monthly <= 0) return 0;
  const saving = 1 - yearly / (monthly * 12);
  return saving > 0 ? Math.round(saving * 100) : 0;
}
