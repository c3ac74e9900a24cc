import { describe, expect, it } from 'vitest';
import { giftPrice } from './gift-price.ts';

describe('giftPrice', () => {
  it('is the monthly price times the months', () => {
    expect(giftPrice({ monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd' }, 3)).toBe(1500);
    expect(giftPrice({ monthlyPrice: 500, yearlyPrice: null, currency: 'usd' }, 6)).toBe(3000);
  });

  it('takes the yearly price for 12 months when it is lower, never when it is higher', () => {
    expect(giftPrice({ monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd' }, 12)).toBe(5000);
    expect(giftPrice({ monthlyPrice: 500, yearlyPrice: 7000, currency: 'usd' }, 12)).toBe(6000);
  });

  it('sells a yearly-only tier for 12 months alone', () => {
    expect(giftPrice({ monthlyPrice: null, yearlyPrice: 5000, currency: 'usd' }, 12)).toBe(5000);
    expect(giftPrice({ monthlyPrice: null, yearlyPrice: 5000, currency: 'usd' }, 3)).toBeUndefined();
  });

  it('offers no gift Stripe would refuse: below its smallest charge in the tier’s currency', () => {
    // HK$1 a month: Stripe takes no less than HK$4 at once, so one month is not offered and six months are.
    expect(giftPrice({ monthlyPrice: 100, yearlyPrice: null, currency: 'hkd' }, 1)).toBeUndefined();
    expect(giftPrice({ monthlyPrice: 100, yearlyPrice: null, currency: 'hkd' }, 6)).toBe(600);
    expect(giftPrice({ monthlyPrice: 50, yearlyPrice: null, currency: 'usd' }, 1)).toBe(50);
  });
});
