/**
 * The input rules of a gift's Checkout (common/api/gifts.ts), checked by the server at its boundary and by the site's
 * gift page. What needs the tier (paid, active, this site's) or the clock (a send date still to come, within a year)
 * is checked by the server, which knows them. Each refusal names its field.
 */
import { z } from 'zod';
import { EARN_MESSAGE_MAX, GIFT_MONTHS } from './earn.ts';
import { emailJoinSchema } from './validation.ts';

// eslint-disable-next-line no-control-regex -- U+0000 cannot be stored in Postgres text
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;

/** A send date may be at most this far ahead: a gift bought for next year's birthday, not for a decade on. */
export const GIFT_SEND_AHEAD_MAX_DAYS = 365;

export const giftCheckoutSchema = z
  .object({
    tierId: z.uuid(),
    months: z.number().int().refine((value) => (GIFT_MONTHS as readonly number[]).includes(value)),
    recipientEmail: emailJoinSchema.shape.email.optional(),
    sendAt: z.iso.datetime({ offset: true }).optional(),
    /** Stored as typed and always shown as text. */
    message: z
      .string()
      .max(EARN_MESSAGE_MAX)
      .refine((value) => !UNSTORABLE_TEXT.test(value))
      .optional(),
    /** A signed-out buyer's address: the receipt (and the link, when no recipient is named) goes there. */
    email: emailJoinSchema.shape.email.optional(),
  })
  .strict();
export type GiftCheckoutInput = z.input<typeof giftCheckoutSchema>;

/** The creator's list of gifts, a page at a time. */
export const giftsListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export type GiftCheckout = z.output<typeof giftCheckoutSchema>;

/** A redeem code as mailed: base32 letters and digits; anything else cannot be one. */
export const GIFT_CODE_PATTERN = /^[a-z2-7]{32}$/;
