import { describe, expect, it } from 'vitest';
import { addMonths, giftPrice } from './gift-terms.ts';

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

describe('addMonths', () => {
  it('adds calendar months in UTC', () => {
    expect(addMonths(new Date('2026-11-28T10:00:00Z'), 3).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-15T00:00:00Z'), 12).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('ends a month on its last day when the start day is past it', () => {
    expect(addMonths(new Date('2027-01-31T08:00:00Z'), 1).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T08:00:00Z'), 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
  });
});
