/**
 * Which of the creator's tiers each plan of the source starts on: the dry
 * run's suggestion when it is still one of theirs, else the free tier (every
 * site has one), so the mapping sent is always whole and never names a tier
 * that is gone.
 */
import type { ImportTierChoice } from '../../../../common/api/imports.ts';
import type { TierView } from '../../../../common/api/tiers.ts';

export function initialTierMap(choices: readonly ImportTierChoice[], tiers: readonly Pick<TierView, 'id' | 'type'>[]): Record<string, string> {
  const known = new Set(tiers.map((tier) => tier.id));
  const free = tiers.find((tier) => tier.type === 'free')?.id;
  const map: Record<string, string> = {};
  for (const choice of choices) {
    const tierId = choice.suggestedTierId && known.has(choice.suggestedTierId) ? choice.suggestedTierId : free;
    if (tierId) map[choice.source] = tierId;
  }
  return map;
}
