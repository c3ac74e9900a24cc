/**
 * The input rules of /api/products (common/api/products.ts), checked by the server at its boundary and by the
 * studio's form as the creator types. The price travels in minor units of the site's currency (an integer above 0);
 * what the files may be is checked against the library by the server.
 */
import { z } from 'zod';
import { PRODUCT_FILES_MAX } from './earn.ts';
import { isValidSlug } from './slugs.ts';
import { TIER_CURRENCIES, TIER_PRICE_MAX } from './tiers.ts';
import { emailJoinSchema, isStorableText } from './validation.ts';

export const PRODUCT_TITLE_MAX_LENGTH = 200;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 5000;

const title = z.string().trim().min(1).max(PRODUCT_TITLE_MAX_LENGTH).refine(isStorableText);
const slug = z.string({ error: 'invalid-slug' }).refine(isValidSlug, { error: 'invalid-slug' });
const description = z.string().trim().max(PRODUCT_DESCRIPTION_MAX_LENGTH).refine(isStorableText);
/** Stripe's ceiling on one amount; at least one minor unit (a fraction or 0 is refused, not rounded). */
const price = z.number().int().min(1).max(TIER_PRICE_MAX);
const currency = z.enum(TIER_CURRENCIES);
const mediaIds = z
  .array(z.uuid())
  .min(1)
  .max(PRODUCT_FILES_MAX)
  .refine((ids) => new Set(ids).size === ids.length);

export const createProductSchema = z
  .object({ title, slug, description: description.default(''), price, currency, mediaIds, coverMediaId: z.uuid().nullable().default(null) })
  .strict();
export type CreateProductInput = z.output<typeof createProductSchema>;

export const updateProductSchema = z
  .object({ title, slug, description, price, currency, mediaIds, coverMediaId: z.uuid().nullable() })
  .partial()
  .strict();
export type UpdateProductInput = z.output<typeof updateProductSchema>;

/** A signed-out buyer gives the address the receipt and the account go to; a signed-in one gives nothing. */
export const productCheckoutSchema = emailJoinSchema.partial().strict();
