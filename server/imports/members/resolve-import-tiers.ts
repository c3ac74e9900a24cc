/**
 * The tier each of the source's plans lands on when the run starts: the one
 * the creator chose in `tierMap` (only a tier of this site counts), else our
 * tier of the same name (our own export's tiers, made by the run just before
 * its members), else the dry run's suggestion, else the first paid tier.
 */
import { eq } from 'drizzle-orm';
import type { ImportTierChoice } from '../../../common/api/imports.ts';
import type { Database } from '../../../db/connect.ts';
import { tiers } from '../../../db/content-schema.ts';
import { AppError } from '../../errors.ts';

type TierRow = typeof tiers.$inferSelect;

export interface TierResolver {
  free: TierRow;
  /** The paid tier a plan's members go onto; undefined when it is mapped to the free tier or the site has no paid tier. */
  paidFor(choice: string | null): TierRow | undefined;
  /** Any tier, the free one included (an ended membership keeps the tier it had). */
  anyFor(choice: string | null): TierRow;
}

export async function siteTiersFor(db: Database, siteId: string, tierMap: Record<string, string>, choices: readonly ImportTierChoice[]): Promise<TierResolver> {
  const siteTiers = await db.select().from(tiers).where(eq(tiers.siteId, siteId));
  const free = siteTiers.find((tier) => tier.type === 'free');
  if (!free) throw new AppError('site-required', 409);
  const byId = new Map(siteTiers.map((tier) => [tier.id, tier]));
  const byName = new Map(siteTiers.map((tier) => [tier.name.trim().toLowerCase(), tier]));
  const suggested = new Map(choices.map((choice) => [choice.source, choice.suggestedTierId]));
  const firstPaid = siteTiers.filter((tier) => tier.type === 'paid').sort((a, b) => Number(b.active) - Number(a.active) || a.position - b.position)[0];
  const resolved = new Map<string, TierRow>();
  const anyFor = (choice: string | null): TierRow => {
    if (choice === null) return free;
    let tier = resolved.get(choice);
    if (!tier) {
      const chosen = tierMap[choice];
      tier = (chosen ? byId.get(chosen) : undefined) ?? byName.get(choice.trim().toLowerCase()) ?? byId.get(suggested.get(choice) ?? '') ?? firstPaid ?? free;
      resolved.set(choice, tier);
    }
    return tier;
  };
  return {
    free,
    anyFor,
    paidFor: (choice) => {
      const tier = anyFor(choice);
      return tier.type === 'paid' ? tier : undefined;
    },
  };
}
