/**
 * The input rules of /api/tiers (common/api/tiers.ts), checked by the server at
 * its boundary and by the studio's form as the creator types. Prices travel in
 * minor units; the form converts what the creator types (5.00) with toMinorUnits.
 */
import { z } from 'zod';
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

// eslint-disable-next-line no-control-regex -- U+0000 is exactly the character refused here
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;
const storable = (value: string) => !UNSTORABLE_TEXT.test(value);

const name = z.string().trim().min(1).max(TIER_NAME_MAX_LENGTH).refine(storable);
const description = z.string().trim().max(TIER_DESCRIPTION_MAX_LENGTH).refine(storable);
const benefits = z.array(z.string().trim().min(1).max(TIER_BENEFIT_MAX_LENGTH).refine(storable)).max(TIER_BENEFITS_MAX);
const price = z.number().int().min(TIER_PRICE_MIN).max(TIER_PRICE_MAX).nullable();
const currency = z.enum(TIER_CURRENCIES);

/** A new tier is always paid: the free one comes with the site. */
export const createTierSchema = z
  .object({
    name,
    description: description.default(''),
    benefits: benefits.default([]),
    monthlyPrice: price.default(null),
    yearlyPrice: price.default(null),
    currency: currency.default('usd'),
    active: z.boolean().default(true),
  })
  .strict();
export type CreateTierInput = z.input<typeof createTierSchema>;

export const updateTierSchema = z
  .object({ name, description, benefits, monthlyPrice: price, yearlyPrice: price, currency, active: z.boolean() })
  .partial()
  .strict();
export type UpdateTierInput = z.input<typeof updateTierSchema>;

export const reorderTiersSchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) }).strict();

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
