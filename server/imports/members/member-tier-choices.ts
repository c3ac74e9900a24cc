/**
 * The source's plans an import asks the creator to map to our tiers, each in
 * words, how many members are on it and the tier the dry run suggests: a
 * Stripe price by the tier that already has it (its own, or mapped by an
 * earlier import), else by the same amount and cadence, else the first paid
 * tier; a Patreon tier or our own export's tier by its name, else the first
 * paid tier. A Stripe price is never suggested the free tier: its members would
 * come in unlinked while Stripe goes on billing them (start-run.ts refuses it).
 */
import { eq } from 'drizzle-orm';
import type { ImportTierChoice } from '../../../common/api/imports.ts';
import type { Cadence } from '../../../common/memberships.ts';
import { formatMoney } from '../../../common/money.ts';
import type { Database } from '../../../db/connect.ts';
import { tiers } from '../../../db/content-schema.ts';
import { tiersOfStripePrices } from '../../memberships/index.ts';

/** A plan members of the file are on: a Stripe price (with what it bills), or a tier's name at the source. */
export type PlanKey = { kind: 'price'; priceId: string; cadence: Cadence; amount: number | null; currency: string } | { kind: 'name'; name: string };

type TierRow = typeof tiers.$inferSelect;

/** The plan in the creator's words; how many members are on it is `members`, which the page shows beside it. */
function labelOf(plan: PlanKey): string {
  if (plan.kind === 'name') return plan.name || 'No tier';
  const cadence = plan.cadence === 'year' ? 'Yearly' : 'Monthly';
  const price = plan.amount === null ? 'a metered price' : formatMoney(plan.amount, plan.currency);
  return `${cadence}, ${price}`;
}

/** `plans`: each key of `tierMap` with its plan and how many members are on it. */
export async function tierChoicesOf(db: Database, siteId: string, plans: ReadonlyMap<string, { plan: PlanKey; members: number }>): Promise<ImportTierChoice[]> {
  if (plans.size === 0) return [];
  const siteTiers = await db.select().from(tiers).where(eq(tiers.siteId, siteId));
  const paid = siteTiers.filter((tier) => tier.type === 'paid').sort((a, b) => Number(b.active) - Number(a.active) || a.position - b.position);
  const priceIds = [...plans.values()].flatMap(({ plan }) => (plan.kind === 'price' ? [plan.priceId] : []));
  const known = await tiersOfStripePrices(db, siteId, priceIds);
  const byName = new Map(paid.map((tier) => [tier.name.trim().toLowerCase(), tier]));
  const samePrice = (plan: Extract<PlanKey, { kind: 'price' }>) => (tier: TierRow) =>
    tier.currency.toLowerCase() === plan.currency.toLowerCase() && (plan.cadence === 'year' ? tier.yearlyPrice : tier.monthlyPrice) === plan.amount;
  const suggest = (plan: PlanKey) =>
    (plan.kind === 'price' ? (known.get(plan.priceId) ?? paid.find(samePrice(plan))?.id) : byName.get(plan.name.trim().toLowerCase())?.id) ?? paid[0]?.id ?? null;
  return [...plans].map(([key, { plan, members }]) => ({ source: key, label: labelOf(plan), members, suggestedTierId: suggest(plan), paidThroughStripe: plan.kind === 'price' }));
}
