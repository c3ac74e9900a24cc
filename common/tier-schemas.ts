/**
 * The input rules of /api/tiers (common/api/tiers.ts), checked by the server at
 * its boundary and by the studio's form as the creator types. Prices travel in
 * minor units; the form converts what the creator types (5.00) with toMinorUnits.
 */
import { z } from 'zod';
import { trialDaysSchema } from './offer-schemas.ts';
import { TIER_BENEFIT_MAX_LENGTH, TIER_BENEFITS_MAX, TIER_CURRENCIES, TIER_DESCRIPTION_MAX_LENGTH, TIER_NAME_MAX_LENGTH, TIER_PRICE_MAX, TIER_PRICE_MIN } from './tiers.ts';


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
    trialDays: trialDaysSchema.nullable().default(null),
  })
  .strict();
export type CreateTierInput = z.input<typeof createTierSchema>;

/** `trialDays`: the free trial every paid join of the tier starts with, 1 to 365 days, or null for none. */
export const updateTierSchema = z
  .object({ name, description, benefits, monthlyPrice: price, yearlyPrice: price, currency, active: z.boolean(), trialDays: trialDaysSchema.nullable() })
  .partial()
  .strict();
export type UpdateTierInput = z.input<typeof updateTierSchema>;

export const reorderTiersSchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) }).strict();
