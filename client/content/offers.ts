/** The words of the studio's offers (client/features/earn/offers/). */
import type { OfferDuration, OfferKind, OfferStatus } from '../../common/earn.ts';

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  active: 'Active',
  archived: 'Archived',
  ended: 'Ended',
  full: 'Fully claimed',
};

export const OFFER_KIND_LABELS: Record<OfferKind, string> = {
  percent: 'A percentage off',
  amount: 'An amount off',
  trial: 'A free trial',
};

export const OFFER_DURATION_LABELS: Record<OfferDuration, string> = {
  once: 'The first payment',
  repeating: 'A number of months',
  forever: 'Every payment',
};

export const OFFERS_EMPTY = 'No offers yet. Make one to give new readers a discount or a free trial, shared by a link.';
export const OFFERS_NO_PAID_TIER = 'Offers are made on a paid tier. Add one in Settings, then come back.';
