import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnitsPerMajor, monthlyShare } from './money.ts';

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
