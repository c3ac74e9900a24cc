import { describe, expect, it } from 'vitest';
import { tierChangeKind, type TierStanding } from './tier-change.ts';

const free: TierStanding = { tierType: 'free', amount: null, cadence: null, currency: null };
const paid = (amount: number, cadence: 'month' | 'year' = 'month', currency = 'usd'): TierStanding => ({ tierType: 'paid', amount, cadence, currency });
const comped: TierStanding = { tierType: 'paid', amount: null, cadence: null, currency: null };

describe('tierChangeKind', () => {
  it('compares what the member pays a month', () => {
    expect(tierChangeKind(paid(500), paid(1000))).toBe('upgraded');
    expect(tierChangeKind(paid(1000), paid(500))).toBe('downgraded');
  });

  it('counts a yearly price as a twelfth a month', () => {
    // 5000 a year is 416.67 a month: less than 500 a month, more than 400.
    expect(tierChangeKind(paid(500), paid(5000, 'year'))).toBe('downgraded');
    expect(tierChangeKind(paid(400), paid(5000, 'year'))).toBe('upgraded');
    expect(tierChangeKind(paid(12_000, 'year'), paid(1200))).toBe('upgraded');
    expect(tierChangeKind(paid(12_000, 'year'), paid(1000))).toBe('tier-changed');
  });

  it('makes free to paid an upgrade and paid to free a downgrade, comps included', () => {
    expect(tierChangeKind(free, paid(500))).toBe('upgraded');
    expect(tierChangeKind(paid(500), free)).toBe('downgraded');
    expect(tierChangeKind(comped, paid(500))).toBe('upgraded');
    expect(tierChangeKind(comped, free)).toBe('downgraded');
  });

  it('leaves the same price on another paid tier, and prices in two currencies, as a tier change', () => {
    expect(tierChangeKind(paid(500), paid(500))).toBe('tier-changed');
    expect(tierChangeKind(paid(500, 'month', 'usd'), paid(900, 'month', 'eur'))).toBe('tier-changed');
    expect(tierChangeKind(paid(500, 'month', 'USD'), paid(900, 'month', 'usd'))).toBe('upgraded');
  });
});
