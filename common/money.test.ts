import { describe, expect, it } from 'vitest';
import { tipRange } from './earn.ts';
import { formatMoney, minorUnitsPerMajor, monthlyShare, stripeMinimumCharge } from './money.ts';

describe('formatMoney', () => {
  it('reads minor units as the currency counts them', () => {
    expect(formatMoney(1900, 'usd')).toBe('$19.00');
    expect(formatMoney(1950, 'eur')).toBe('€19.50');
    expect(formatMoney(500, 'jpy')).toBe('¥500');
    expect(minorUnitsPerMajor('JPY')).toBe(1);
  });

  it('drops the cents of a whole amount only when asked', () => {
    expect(formatMoney(1900, 'usd', { compact: true })).toBe('$19');
    expect(formatMoney(1950, 'usd', { compact: true })).toBe('$19.50');
  });
});

describe('monthlyShare', () => {
  it('counts a yearly price as a twelfth, as Ghost does', () => {
    expect(monthlyShare(12_000, 'year')).toBe(1000);
    expect(monthlyShare(500, 'month')).toBe(500);
  });
});

describe('stripeMinimumCharge', () => {
  it('is Stripe’s smallest charge in minor units of each currency, and 50 for one it does not list', () => {
    expect(stripeMinimumCharge('usd')).toBe(50);
    expect(stripeMinimumCharge('GBP')).toBe(30);
    expect(stripeMinimumCharge('hkd')).toBe(400);
    expect(stripeMinimumCharge('mxn')).toBe(1000);
    expect(stripeMinimumCharge('jpy')).toBe(50);
    expect(stripeMinimumCharge('thb')).toBe(50);
  });
});

describe('tipRange', () => {
  const jar = { enabled: true, presets: [10, 100, 500, 900], minimum: 10, maximum: 800 };
  it('lifts a minimum saved below Stripe’s to Stripe’s, and offers only the amounts within the range', () => {
    expect(tipRange(jar, 'usd')).toEqual({ minimum: 50, maximum: 800, presets: [100, 500] });
    expect(tipRange(jar, 'hkd')).toEqual({ minimum: 400, maximum: 800, presets: [500] });
  });
  it('keeps a minimum above Stripe’s as the creator set it', () => {
    expect(tipRange({ ...jar, minimum: 100 }, 'usd').minimum).toBe(100);
  });
});
