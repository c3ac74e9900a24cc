/**
 * Which of the creator's tiers each plan of the source may go onto and starts
 * on. A plan paid through Stripe goes onto a paid tier only: on the free tier
 * its members would come in unlinked while Stripe goes on billing them (the
 * server refuses such a map). It starts on the dry run's suggestion when that
 * is still one of the creator's tiers, else on the first paid tier (a plan
 * paid through Stripe) or the free tier (any other: every site has one), so
 * the mapping sent is whole and never names a tier that is gone.
 */
import type { ImportTierChoice } from '../../../../common/api/imports.ts';
import type { TierView } from '../../../../common/api/tiers.ts';

type Tier = Pick<TierView, 'id' | 'type' | 'active' | 'position'>;
type Plan = Pick<ImportTierChoice, 'paidThroughStripe'>;

const takes = (plan: Plan, tier: Tier) => !(plan.paidThroughStripe && tier.type === 'free');

/** The tiers offered for a plan: the active ones it may go onto, and an archived one only when it is the one chosen. */
export function offeredTiers<T extends Tier>(plan: Plan, tiers: readonly T[], chosenId: string): T[] {
  return tiers.filter((tier) => takes(plan, tier) && (tier.active || tier.id === chosenId));
}

export function initialTierMap(choices: readonly ImportTierChoice[], tiers: readonly Tier[]): Record<string, string> {
  const free = tiers.find((tier) => tier.type === 'free');
  const firstPaid = tiers.filter((tier) => tier.type === 'paid' && tier.active).sort((a, b) => a.position - b.position)[0];
  const map: Record<string, string> = {};
  for (const choice of choices) {
    const suggested = tiers.find((tier) => tier.id === choice.suggestedTierId && takes(choice, tier));
    const tier = suggested ?? (choice.paidThroughStripe ? firstPaid : free);
    if (tier) map[choice.source] = tier.id;
  }
  return map;
}
