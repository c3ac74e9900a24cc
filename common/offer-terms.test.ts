import { describe, expect, it } from 'vitest';
import { offerPriceWords, offerSummary, priceWithOffer, type OfferTerms } from './offer-terms.ts';
import { suggestOfferCode } from './offer-rules.ts';

const terms = (over: Partial<OfferTerms>): OfferTerms => ({ kind: 'percent', percentOff: null, amountOff: null, trialDays: null, duration: 'once', durationMonths: null, ...over });

describe('offer terms in words', () => {
  it('says a discount by its duration, and a trial by its days', () => {
    expect(offerSummary(terms({ percentOff: 25, duration: 'repeating', durationMonths: 3 }), 'usd')).toBe('25% off for 3 months');
    expect(offerSummary(terms({ kind: 'amount', amountOff: 200 }), 'usd')).toBe('$2 off once');
    expect(offerSummary(terms({ kind: 'amount', amountOff: 150, duration: 'forever' }), 'eur')).toBe('€1.50 off forever');
    expect(offerSummary(terms({ kind: 'trial', trialDays: 14 }), 'usd')).toBe('14-day free trial');
  });

  it('gives the reader what they pay now and after', () => {
    expect(offerPriceWords(terms({ percentOff: 25, duration: 'repeating', durationMonths: 3 }), 500, 'usd', 'month')).toBe('$3.75 a month for 3 months, then $5 a month');
    expect(offerPriceWords(terms({ kind: 'amount', amountOff: 100 }), 5000, 'usd', 'year')).toBe('$49 for the first year, then $50 a year');
    expect(offerPriceWords(terms({ percentOff: 10, duration: 'forever' }), 1000, 'usd', 'month')).toBe('$9 a month');
    expect(offerPriceWords(terms({ kind: 'trial', trialDays: 1 }), 500, 'usd', 'month')).toBe('1 day free, then $5 a month');
    expect(offerPriceWords(terms({ kind: 'trial', trialDays: 14 }), 500, 'jpy', 'month')).toBe('14 days free, then ¥500 a month');
  });

  it('rounds a percentage to the smallest unit and never goes below zero', () => {
    expect(priceWithOffer(terms({ percentOff: 33 }), 499)).toBe(334);
    expect(priceWithOffer(terms({ kind: 'amount', amountOff: 900 }), 500)).toBe(0);
    expect(priceWithOffer(terms({ kind: 'trial', trialDays: 7 }), 500)).toBe(500);
  });
});

describe('a code suggested from the name', () => {
  it('keeps letters and digits joined by dashes, within the code rules', () => {
    expect(suggestOfferCode('Spring sale 25%!')).toBe('spring-sale-25');
    expect(suggestOfferCode('Élan — café')).toBe('elan-cafe');
    expect(suggestOfferCode('!!')).toBe('');
    expect(suggestOfferCode('a')).toBe('');
    expect(suggestOfferCode('x'.repeat(60))).toHaveLength(40);
  });
});
