/**
 * The input rules of tips (DESIGN.md "More ways to be paid", docs/decisions/163): the tip jar's settings, checked
 * whole as `PATCH /api/sites/mine {tips}` takes them, and a reader's tip. Amounts are whole numbers in the smallest
 * unit of the site's currency. What needs the site (its minimum and maximum, its currency, its post) is checked by
 * the server, which knows them; each refusal names its field.
 */
import { z } from 'zod';
import { EARN_MESSAGE_MAX, TIP_MAXIMUM_LIMIT, TIP_PRESETS_MAX } from './earn.ts';

// eslint-disable-next-line no-control-regex -- U+0000 cannot be stored in Postgres text
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;

const amount = z.int().min(1).max(TIP_MAXIMUM_LIMIT);

export const tipSettingsSchema = z
  .object({
    enabled: z.boolean(),
    presets: z
      .array(amount)
      .max(TIP_PRESETS_MAX)
      .refine((presets) => new Set(presets).size === presets.length),
    minimum: amount,
    maximum: amount,
  })
  .strict()
  .refine((tips) => tips.minimum <= tips.maximum && tips.presets.every((preset) => preset >= tips.minimum && preset <= tips.maximum), { path: ['presets'] });

export const tipCheckoutSchema = z
  .object({
    /** Any whole number: below the minimum, above the maximum or not positive is refused with the site's own range in view. */
    amount: z.number().int(),
    /** When sent, it must be the site's: a page left open while the creator changed currency does not tip in another one. */
    currency: z
      .string()
      .regex(/^[a-zA-Z]{3}$/)
      .transform((value) => value.toLowerCase())
      .optional(),
    /** Stored as typed and always shown as text. */
    message: z
      .string()
      .max(EARN_MESSAGE_MAX)
      .refine((value) => !UNSTORABLE_TEXT.test(value))
      .optional(),
    /** The post it is given under. */
    postId: z.uuid().optional(),
    /** A signed-out tipper's address, when the page asks it; otherwise Checkout asks. */
    email: z.email().max(254).optional(),
  })
  .strict();
export type TipCheckoutInput = z.input<typeof tipCheckoutSchema>;
export type TipCheckout = z.output<typeof tipCheckoutSchema>;

export const tipsListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
