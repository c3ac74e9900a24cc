import { describe, expect, it } from 'vitest';
import { initialTierMap, offeredTiers } from './tier-map.ts';

const tiers = [
  { id: 'free-1', type: 'free' as const, active: true, position: 0 },
  { id: 'gold-1', type: 'paid' as const, active: true, position: 2 },
  { id: 'silver-1', type: 'paid' as const, active: true, position: 1 },
  { id: 'old-1', type: 'paid' as const, active: false, position: 3 },
];
const onlyFree = tiers.slice(0, 1);

const patrons = (suggestedTierId: string | null) => ({ source: 'Gold patrons', label: 'Gold patrons', members: 2, suggestedTierId, paidThroughStripe: false });
const price = (suggestedTierId: string | null) => ({ source: 'price_1', label: 'Monthly, $5.00', members: 3, suggestedTierId, paidThroughStripe: true });

describe('initialTierMap', () => {
  it('starts each plan on the dry run’s suggestion', () => {
    expect(initialTierMap([price('gold-1'), patrons('old-1')], tiers)).toEqual({ price_1: 'gold-1', 'Gold patrons': 'old-1' });
  });

  it('falls back to the free tier when there is no suggestion or it is no longer one of the tiers', () => {
    expect(initialTierMap([patrons(null)], tiers)).toEqual({ 'Gold patrons': 'free-1' });
    expect(initialTierMap([patrons('deleted-tier')], tiers)).toEqual({ 'Gold patrons': 'free-1' });
  });

  it('never starts a plan paid through Stripe on the free tier: the first active paid tier, else nothing', () => {
    expect(initialTierMap([price('deleted-tier')], tiers)).toEqual({ price_1: 'silver-1' });
    expect(initialTierMap([price('free-1')], tiers)).toEqual({ price_1: 'silver-1' });
    expect(initialTierMap([price(null)], onlyFree)).toEqual({});
  });

  it('leaves a plan out when the creator has no tiers to offer', () => {
    expect(initialTierMap([patrons(null)], [])).toEqual({});
  });
});

describe('offeredTiers', () => {
  it('offers the active tiers, and an archived one only when chosen', () => {
    expect(offeredTiers(patrons(null), tiers, 'free-1').map((tier) => tier.id)).toEqual(['free-1', 'gold-1', 'silver-1']);
    expect(offeredTiers(patrons(null), tiers, 'old-1').map((tier) => tier.id)).toEqual(['free-1', 'gold-1', 'silver-1', 'old-1']);
  });

  it('leaves the free tier out for a plan paid through Stripe, so a site with no paid tier offers none', () => {
    expect(offeredTiers(price(null), tiers, 'gold-1').map((tier) => tier.id)).toEqual(['gold-1', 'silver-1']);
    expect(offeredTiers(price(null), onlyFree, '')).toEqual([]);
  });
});
