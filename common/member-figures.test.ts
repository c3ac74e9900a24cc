import { describe, expect, it } from 'vitest';
import { churnRate, mrrByCurrency } from './member-figures.ts';

describe('churnRate', () => {
  it('is the share of members paying at the start who left', () => {
    expect(churnRate(1, 4)).toBe(0.25);
    expect(churnRate(0, 4)).toBe(0);
  });

  it('is null with nobody paying at the start', () => {
    expect(churnRate(0, 0)).toBeNull();
  });
});

describe('mrrByCurrency', () => {
  it('puts the main currency first, then the others by size', () => {
    const rows = [
      { amount: 300, currency: 'gbp' },
      { amount: 500, currency: 'usd' },
      { amount: 900, currency: 'eur' },
    ];
    expect(mrrByCurrency(rows, 'usd')).toEqual([
      { amount: 500, currency: 'usd' },
      { amount: 900, currency: 'eur' },
      { amount: 300, currency: 'gbp' },
    ]);
  });

  it('shows the main currency at zero before anyone pays', () => {
    expect(mrrByCurrency([], 'eur')).toEqual([{ amount: 0, currency: 'eur' }]);
  });

  it('leaves out other currencies that add nothing', () => {
    expect(mrrByCurrency([{ amount: 0, currency: 'gbp' }], 'usd')).toEqual([{ amount: 0, currency: 'usd' }]);
  });
});
