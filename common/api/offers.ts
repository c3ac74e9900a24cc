/**
 * Offers on a paid tier (DESIGN.md "More ways to be paid"): a percentage or an amount off for once, N months or
 * forever, or a free trial of N days, each reached by its code at `/@{handle}/offers/{code}`. Amounts are in the
 * smallest unit of the tier's currency.
 */
import type { Cadence } from '../memberships.ts';
import type { OfferDuration, OfferKind, OfferStatus } from '../earn.ts';
import type { CreateOfferInput, UpdateOfferInput } from '../offer-schemas.ts';
import { endpoint } from './endpoint.ts';

/** What an offer is, wherever it is told: the studio's view and the site export (server/exports/export-format.ts). */
export interface OfferTerms {
  name: string;
  code: string;
  kind: OfferKind;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  trialDays: number | null;
  duration: OfferDuration;
  durationMonths: number | null;
  endsAt: string | null;
  redemptionLimit: number | null;
}

export interface OfferView extends OfferTerms {
  id: string;
  tierId: string;
  tierName: string;
  /** Paid redemptions (a trial's counts when its Checkout completes). */
  redemptions: number;
  status: OfferStatus;
  /** The public offer page. */
  url: string;
  createdAt: string;
}

export const listOffers = endpoint<undefined, undefined, { offers: OfferView[] }>('GET', '/api/offers');
/** 201; 400 by field (`percentOff`, `amountOff` not below the tier's price, `durationMonths`, `trialDays`, `endsAt`), 409 `offer-code-taken`, 404 for a tier not the creator's. */
export const createOffer = endpoint<CreateOfferInput, undefined, { offer: OfferView }>('POST', '/api/offers');
/** Name, end date, limit, archived; the terms stay as made. */
export const updateOffer = endpoint<UpdateOfferInput, undefined, { offer: OfferView }>('PATCH', '/api/offers/:id');

/**
 * @public The signed-in reader's Checkout of an offer: 200 `{url}` on the creator's account; 409 `offer-full` or
 * `offer-ended`, `already-subscribed`, `cannot-join-own-site`; 404 for no such offer on the site.
 */
export const checkoutOffer = endpoint<{ cadence?: Cadence }, undefined, { url: string }>('POST', '/api/sites/:handle/offers/:code/checkout');
