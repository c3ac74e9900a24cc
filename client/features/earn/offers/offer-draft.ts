/**
 * The offer form's values as typed, and what they become: the body of POST /api/offers, or a problem under each
 * field, checked by the same bounds as the server (common/offer-rules.ts). Pure, so it is tested without a browser.
 */
import type { OfferView } from '../../../../common/api/offers.ts';
import type { TierView } from '../../../../common/api/tiers.ts';
import type { OfferDuration, OfferKind } from '../../../../common/earn.ts';
import { OFFER_CODE_PATTERN, OFFER_MONTHS_MAX, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../../../../common/offer-rules.ts';
import type { CreateOfferInput, UpdateOfferInput } from '../../../../common/offer-schemas.ts';
import { toMinorUnits } from '../../../../common/tiers.ts';

export interface OfferDraft {
  tierId: string;
  name: string;
  code: string;
  /** The creator typed a code of their own: the name no longer suggests one. */
  codeEdited: boolean;
  kind: OfferKind;
  percentOff: string;
  amountOff: string;
  trialDays: string;
  duration: OfferDuration;
  durationMonths: string;
  /** YYYY-MM-DD from a date field; the offer ends as that day ends, in the creator's time. */
  endsOn: string;
  redemptionLimit: string;
}

export type OfferField = 'tierId' | 'name' | 'code' | 'percentOff' | 'amountOff' | 'trialDays' | 'durationMonths' | 'endsAt' | 'redemptionLimit';

export const emptyDraft = (tierId: string): OfferDraft => ({
  tierId,
  name: '',
  code: '',
  codeEdited: false,
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  trialDays: '',
  duration: 'once',
  durationMonths: '',
  endsOn: '',
  redemptionLimit: '',
});

const wholeNumber = (typed: string): number | undefined => (/^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : undefined);

/** The lowest price of the tier: an amount off must leave something to pay on each. */
const lowestPrice = (tier: TierView) => Math.min(...[tier.monthlyPrice, tier.yearlyPrice].filter((price): price is number => price !== null));

export function checkDraft(draft: OfferDraft, tier: TierView | undefined, now: Date): { body?: CreateOfferInput; problems: Partial<Record<OfferField, string>> } {
  const problems: Partial<Record<OfferField, string>> = {};
  if (!tier) problems.tierId = 'Choose the tier the offer is on.';
  if (draft.name.trim() === '') problems.name = 'Give the offer a name.';
  if (!OFFER_CODE_PATTERN.test(draft.code.trim())) problems.code = 'Use 2 to 40 lowercase letters, digits and dashes, such as spring-sale.';
  const percentOff = wholeNumber(draft.percentOff);
  const amountOff = tier ? toMinorUnits(draft.amountOff, tier.currency) : undefined;
  const trialDays = wholeNumber(draft.trialDays);
  if (draft.kind === 'percent' && (percentOff === undefined || percentOff < 1 || percentOff > 100)) problems.percentOff = 'Type a whole percentage from 1 to 100.';
  if (draft.kind === 'amount' && (amountOff === undefined || amountOff < 1)) problems.amountOff = 'Type an amount such as 2.00.';
  else if (draft.kind === 'amount' && tier && amountOff !== undefined && amountOff >= lowestPrice(tier)) problems.amountOff = 'The amount off must be less than the tier’s price.';
  if (draft.kind === 'trial' && (trialDays === undefined || trialDays < TRIAL_DAYS_MIN || trialDays > TRIAL_DAYS_MAX)) problems.trialDays = `Type a number of days from ${TRIAL_DAYS_MIN} to ${TRIAL_DAYS_MAX}.`;
  const repeating = draft.kind !== 'trial' && draft.duration === 'repeating';
  const months = wholeNumber(draft.durationMonths);
  if (repeating && (months === undefined || months < 1 || months > OFFER_MONTHS_MAX)) problems.durationMonths = `Type a number of months from 1 to ${OFFER_MONTHS_MAX}.`;
  const endsAt = draft.endsOn ? new Date(`${draft.endsOn}T23:59:59`) : undefined;
  if (endsAt && (Number.isNaN(endsAt.getTime()) || endsAt.getTime() <= now.getTime())) problems.endsAt = 'Choose a day from today on.';
  const limit = wholeNumber(draft.redemptionLimit);
  if (draft.redemptionLimit.trim() !== '' && (limit === undefined || limit < 1)) problems.redemptionLimit = 'Type how many readers may claim it, or leave it empty for no limit.';
  if (Object.keys(problems).length > 0 || !tier) return { problems };
  return {
    problems,
    body: {
      tierId: tier.id,
      name: draft.name.trim(),
      code: draft.code.trim(),
      kind: draft.kind,
      ...(draft.kind === 'percent' ? { percentOff } : {}),
      ...(draft.kind === 'amount' ? { amountOff } : {}),
      ...(draft.kind === 'trial' ? { trialDays } : { duration: draft.duration }),
      ...(repeating ? { durationMonths: months } : {}),
      ...(endsAt ? { endsAt: endsAt.toISOString() } : {}),
      ...(limit !== undefined ? { redemptionLimit: limit } : {}),
    },
  };
}

/** What may change of an offer once made (its terms never do): the name, the end date and the limit, as typed. */
export interface OfferEdit {
  name: string;
  /** YYYY-MM-DD, or empty for no end. */
  endsOn: string;
  redemptionLimit: string;
}

export type OfferEditField = 'name' | 'endsAt' | 'redemptionLimit';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The offer's values in the edit form: its end as the day it ends on, in the creator's time. */
export function editDraftOf(offer: Pick<OfferView, 'name' | 'endsAt' | 'redemptionLimit'>): OfferEdit {
  const ends = offer.endsAt ? new Date(offer.endsAt) : undefined;
  return {
    name: offer.name,
    endsOn: ends ? `${ends.getFullYear()}-${twoDigits(ends.getMonth() + 1)}-${twoDigits(ends.getDate())}` : '',
    redemptionLimit: offer.redemptionLimit === null ? '' : String(offer.redemptionLimit),
  };
}

/** The PATCH body of what changed, or the problems: a limit under the readers who already paid would take back what they bought. */
export function checkEdit(draft: OfferEdit, offer: Pick<OfferView, 'name' | 'endsAt' | 'redemptionLimit' | 'redemptions'>, now: Date): { body?: UpdateOfferInput; problems: Partial<Record<OfferEditField, string>> } {
  const problems: Partial<Record<OfferEditField, string>> = {};
  const name = draft.name.trim();
  if (name === '') problems.name = 'Give the offer a name.';
  const endsAt = draft.endsOn ? new Date(`${draft.endsOn}T23:59:59`) : null;
  const before = editDraftOf(offer);
  if (endsAt && draft.endsOn !== before.endsOn && (Number.isNaN(endsAt.getTime()) || endsAt.getTime() <= now.getTime())) problems.endsAt = 'Choose a day from today on.';
  const limit = draft.redemptionLimit.trim() === '' ? null : wholeNumber(draft.redemptionLimit);
  if (limit === undefined || (limit !== null && limit < 1)) problems.redemptionLimit = 'Type how many readers may claim it, or leave it empty for no limit.';
  else if (limit !== null && limit < offer.redemptions) problems.redemptionLimit = `${offer.redemptions === 1 ? 'One reader has' : `${offer.redemptions} readers have`} already claimed it: the limit cannot be lower.`;
  if (Object.keys(problems).length > 0) return { problems };
  return {
    problems,
    body: {
      ...(name !== offer.name ? { name } : {}),
      ...(draft.endsOn !== before.endsOn ? { endsAt: endsAt ? endsAt.toISOString() : null } : {}),
      ...(limit !== offer.redemptionLimit ? { redemptionLimit: limit ?? null } : {}),
    },
  };
}
