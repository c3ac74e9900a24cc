import { describe, expect, it } from 'vitest';
import { initialTierMap } from './tier-map.ts';

const tiers = [
  { id: 'free-1', type: 'free' as const },
  { id: 'gold-1', type: 'paid' as const },
];

describe('initialTierMap', () => {
  it('starts each plan on the dry run’s suggestion', () => {
    expect(initialTierMap([{ source: 'price_1', label: 'Monthly', members: 3, suggestedTierId: 'gold-1' }], tiers)).toEqual({ price_1: 'gold-1' });
  });

  it('falls back to the free tier when there is no suggestion or it is no longer one of the tiers', () => {
    const choices = [
      { source: 'Gold patrons', label: 'Gold patrons', members: 2, suggestedTierId: null },
      { source: 'price_2', label: 'Yearly', members: 1, suggestedTierId: 'deleted-tier' },
    ];
    expect(initialTierMap(choices, tiers)).toEqual({ 'Gold patrons': 'free-1', price_2: 'free-1' });
  });

  it('leaves a plan out when the creator has no tiers to offer', () => {
    expect(initialTierMap([{ source: 'p', label: 'P', members: 1, suggestedTierId: null }], [])).toEqual({});
  });
});
