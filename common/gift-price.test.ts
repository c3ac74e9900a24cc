import { describe, expect, it } from 'vitest';
import { giftPrice } from './gift-price.ts';

describe('giftPrice', () => {
  it('is the monthly price times the months', () => {
    expect(giftPrice({ monthlyPrice: 500, yearlyPrice: 5000 }, 3)).toBe(1500);
    expect(giftPrice({ monthlyPrice: 500, yearlyPrice: null }, 6)).toBe(3000);
  });

  it('takes the yearly price for 12 months when it is lower, never when it is higher', () => {
    expect(giftPrice({ monthlyPrice: 500, yearlyPrice: 5000 }, 12)).toBe(5000);
    expect(giftPrice({ monthlyPrice: 500, yearlyPrice: 7000 }, 12)).toBe(6000);
  });

  it('sells a yearly-only tier for 12 months alone', () => {
    expect(giftPrice({ monthlyPrice: null, yearlyPrice: 5000 }, 12)).toBe(5000);
    expect(giftPrice({ monthlyPrice: null, yearlyPrice: 5000 }, 3)).toBeUndefined();
  });
});
