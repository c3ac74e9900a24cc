/**
 * The input rules of /api/offers (common/api/offers.ts), checked by the server at its boundary and by the studio's
 * form as the creator types. What needs the tier (an amount off below its price) or the clock (an end date still to
 * come) is checked by the server, which knows them. Each refusal names its field.
 */
import { z } from 'zod';
import { OFFER_DURATIONS, OFFER_KINDS } from './earn.ts';

export const OFFER_NAME_MAX_LENGTH = 100;
/** Stripe's own ceiling on a coupon's `duration_in_months` is three digits; a few years is what a creator means. */
export const OFFER_MONTHS_MAX = 36;
export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 365;
export const REDEMPTION_LIMIT_MAX = 1_000_000;
/** The shape the `offers_code_shape` constraint holds (db/earn-schema.ts): the code is a path segment. */
export const OFFER_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$/;

// eslint-disable-next-line no-control-regex -- U+0000 is exactly the character refused here
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;

const name = z.string().trim().min(1).max(OFFER_NAME_MAX_LENGTH).refine((value) => !UNSTORABLE_TEXT.test(value));
const code = z.string().trim().toLowerCase().regex(OFFER_CODE_PATTERN);
const endsAt = z.iso.datetime({ offset: true }).nullable();
const redemptionLimit = z.number().int().min(1).max(REDEMPTION_LIMIT_MAX).nullable();
export const trialDaysSchema = z.number().int().min(TRIAL_DAYS_MIN).max(TRIAL_DAYS_MAX);

/** A new offer: a percentage or an amount off for a duration, or a free trial of some days. */
export const createOfferSchema = z
  .object({
    tierId: z.uuid(),
    name,
    code,
    kind: z.enum(OFFER_KINDS),
    percentOff: z.number().int().min(1).max(100).optional(),
    /** Minor units of the tier's currency; below the tier's price (checked by the server, which reads the tier). */
    amountOff: z.number().int().min(1).optional(),
    trialDays: trialDaysSchema.optional(),
    duration: z.enum(OFFER_DURATIONS).default('once'),
    durationMonths: z.number().int().min(1).max(OFFER_MONTHS_MAX).optional(),
    endsAt: endsAt.optional(),
    redemptionLimit: redemptionLimit.optional(),
  })
  .strict()
  .superRefine((offer, context) => {
    const refuse = (path: string) => context.addIssue({ code: 'custom', path: [path], message: 'invalid-input' });
    // Each kind carries its own value and none of the others'.
    if ((offer.kind === 'percent') !== (offer.percentOff !== undefined)) refuse('percentOff');
    if ((offer.kind === 'amount') !== (offer.amountOff !== undefined)) refuse('amountOff');
    if ((offer.kind === 'trial') !== (offer.trialDays !== undefined)) refuse('trialDays');
    // A trial is a start, not a discount: it has no duration of its own.
    if (offer.kind === 'trial' && offer.duration !== 'once') refuse('duration');
    if ((offer.duration === 'repeating') !== (offer.durationMonths !== undefined)) refuse('durationMonths');
  });
export type CreateOfferInput = z.input<typeof createOfferSchema>;
export type CreateOffer = z.output<typeof createOfferSchema>;

/** What may change once an offer is made: the terms of a discount never do (as in Stripe and Ghost). */
export const updateOfferSchema = z.object({ name, endsAt, redemptionLimit, archived: z.boolean() }).partial().strict();
export type UpdateOfferInput = z.input<typeof updateOfferSchema>;

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
