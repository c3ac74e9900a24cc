import { describe, expect, it } from 'vitest';
import { topPostsPlan } from './reports-service.ts';

describe('topPostsPlan', () => {
  it('reads whole months, and an edge month covered less than half as its days', () => {
    expect(topPostsPlan({ from: '2026-01-20', to: '2026-03-09' })).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      add: [
        { from: '2026-01-20', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-09' },
      ],
      subtract: [],
    });
  });

  it('reads an edge month covered more than half whole and takes off the days outside the range', () => {
    expect(topPostsPlan({ from: '2025-11-26', to: '2026-11-25' })).toEqual({
      months: { from: '2025-12-01', to: '2026-11-01' },
      add: [{ from: '2025-11-26', to: '2025-11-30' }],
      subtract: [{ from: '2026-11-26', to: '2026-11-30' }],
    });
    expect(topPostsPlan({ from: '2026-02-02', to: '2026-02-27' })).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      add: [],
      subtract: [
        { from: '2026-02-01', to: '2026-02-01' },
        { from: '2026-02-28', to: '2026-02-28' },
      ],
    });
  });

  it('reads a few days of one month as days, and whole months alone', () => {
    expect(topPostsPlan({ from: '2026-02-05', to: '2026-02-06' })).toEqual({ months: undefined, add: [{ from: '2026-02-05', to: '2026-02-06' }], subtract: [] });
    expect(topPostsPlan({ from: '2026-01-01', to: '2026-02-28' })).toEqual({ months: { from: '2026-01-01', to: '2026-02-01' }, add: [], subtract: [] });
  });
});
