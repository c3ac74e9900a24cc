/**
 * The input rules of /api/offers (common/api/offers.ts), checked by the server at its boundary; the studio's form
 * checks by the same bounds (offer-rules.ts), which carry no zod into the browser. What needs the tier (an amount off below its price) or the clock (an end date still to
 * come) is checked by the server, which knows them. Each refusal names its field.
 */
import { z } from 'zod';
import { OFFER_DURATIONS, OFFER_KINDS } from './earn.ts';
import { OFFER_CODE_PATTERN, OFFER_MONTHS_MAX, OFFER_NAME_MAX_LENGTH, REDEMPTION_LIMIT_MAX, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from './offer-rules.ts';

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
