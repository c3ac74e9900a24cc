/**
 * Which way a member moved when their tier changed (docs/decisions/112): by
 * what they pay a month, a yearly price counting as a twelfth. Free, comped
 * and imported memberships pay nothing. Two equal amounts fall back to the
 * tiers' types (a comp on a paid tier ending on the free tier is a
 * downgrade); two equal amounts on two paid tiers, or two amounts in two
 * currencies we cannot compare, stay a plain `tier-changed`.
 */
import type { Cadence, TierType } from '../../common/memberships.ts';

export interface TierStanding {
  tierType: TierType;
  /** Minor units per cadence; null when the member pays nothing. */
  amount: number | null;
  cadence: Cadence | null;
  currency: string | null;
}

export type TierChangeKind = 'upgraded' | 'downgraded' | 'tier-changed';

/** Minor units a month; a yearly price is spread over twelve months (not rounded, so 5000 a year stays above 416 a month). */
function monthly(standing: TierStanding): number {
  if (!standing.amount) return 0;
  return standing.cadence === 'year' ? standing.amount / 12 : standing.amount;
}

export function tierChangeKind(before: TierStanding, after: TierStanding): TierChangeKind {
  const [from, to] = [monthly(before), monthly(after)];
  const comparable = from === 0 || to === 0 || before.currency?.toLowerCase() === after.currency?.toLowerCase();
  if (!comparable) return 'tier-changed';
  if (to > from) return 'upgraded';
  if (to < from) return 'downgraded';
  if (before.tierType === 'free' && after.tierType === 'paid') return 'upgraded';
  if (before.tierType === 'paid' && after.tierType === 'free') return 'downgraded';
  return 'tier-changed';
}
