/**
 * An offer's terms in plain words, for the studio's list and the public offer page alike: "25% off for 3 months",
 * "$3.75 a month for 3 months, then $5 a month", "14 days free, then $5 a month". Amounts in minor units.
 */
import type { OfferDuration, OfferKind } from './earn.ts';
import type { Cadence } from './memberships.ts';
import { formatMoney } from './money.ts';

export interface OfferTerms {
  kind: OfferKind;
  percentOff: number | null;
  amountOff: number | null;
  trialDays: number | null;
  duration: OfferDuration;
  durationMonths: number | null;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function durationWords({ duration, durationMonths }: OfferTerms): string {
  if (duration === 'forever') return 'forever';
  if (duration === 'repeating') return `for ${plural(durationMonths ?? 1, 'month')}`;
  return 'once';
}

/** What one payment comes to with the discount; a trial's first payment is the full price, after the free days. */
export function priceWithOffer(terms: OfferTerms, price: number): number {
  if (terms.kind === 'percent') return Math.round((price * (100 - (terms.percentOff ?? 0))) / 100);
  if (terms.kind === 'amount') return Math.max(0, price - (terms.amountOff ?? 0));
  return price;
}

/** The studio's short label: "25% off for 3 months", "$2 off once", "14-day free trial". */
export function offerSummary(terms: OfferTerms, currency: string): string {
  if (terms.kind === 'trial') return `${terms.trialDays ?? 0}-day free trial`;
  const off = terms.kind === 'percent' ? `${terms.percentOff ?? 0}%` : formatMoney(terms.amountOff ?? 0, currency, { compact: true });
  return `${off} off ${durationWords(terms)}`;
}

/** The reader's words: what they pay now and after, for a tier's price at one cadence. */
export function offerPriceWords(terms: OfferTerms, price: number, currency: string, cadence: Cadence): string {
  const money = (amount: number) => formatMoney(amount, currency, { compact: true });
  const full = `${money(price)} a ${cadence}`;
  if (terms.kind === 'trial') return `${plural(terms.trialDays ?? 0, 'day')} free, then ${full}`;
  const offered = money(priceWithOffer(terms, price));
  if (terms.duration === 'forever') return `${offered} a ${cadence}`;
  if (terms.duration === 'repeating') return `${offered} a ${cadence} for ${plural(terms.durationMonths ?? 1, 'month')}, then ${full}`;
  return `${offered} for the first ${cadence}, then ${full}`;
}
