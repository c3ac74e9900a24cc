/**
 * The export's tiers on this site: one of the same name (and the free tier,
 * which every site has) is matched and left unrecorded, so an undo keeps it;
 * a missing one is made and recorded as kind `tier`. Its Stripe product and
 * prices are kept only when this site's Stripe account knows them (the same
 * creator's account, moved with them); otherwise they are left for the tiers
 * room to make when the creator next saves the tier.
 */
import { eq } from 'drizzle-orm';
import { tiers } from '../../../db/content-schema.ts';
import type { SiteStripe } from '../../payments/index.ts';
import type { Site } from '../../sites/index.ts';
import type { ImportsDeps } from '../import-deps.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import type { SourceTier } from '../sources/source-bundle.ts';

async function knownPrice(stripe: SiteStripe | undefined, priceId: string | null): Promise<string | null> {
  if (!stripe || !priceId) return null;
  try {
    const price = await stripe.client.prices.retrieve(priceId, {}, { stripeAccount: stripe.stripeAccount });
    return price.id;
  } catch {
    // Another account's price, or one deleted there: the tier gets new prices when saved.
    return null;
  }
}

/** Tier name → our tier id. */
export async function writePlatformTiers(deps: ImportsDeps, scope: ImportScope, site: Site, exported: SourceTier[]): Promise<Map<string, string>> {
  const existing = await deps.db.select().from(tiers).where(eq(tiers.siteId, site.id));
  const byName = new Map(existing.map((row) => [row.name, row.id]));
  const freeTier = existing.find((row) => row.type === 'free');
  const made = await findItems(deps.db, scope, 'tier', exported.map((tier) => tier.name));
  const tierIdByName = new Map<string, string>();
  const stripe = exported.some((tier) => tier.stripeMonthlyPriceId || tier.stripeYearlyPriceId) ? await deps.stripeForSite(site.id) : undefined;
  for (const tier of exported) {
    const matched = byName.get(tier.name) ?? made.get(tier.name) ?? (tier.type === 'free' ? freeTier?.id : undefined);
    if (matched) {
      tierIdByName.set(tier.name, matched);
      continue;
    }
    const monthly = await knownPrice(stripe, tier.stripeMonthlyPriceId);
    const yearly = await knownPrice(stripe, tier.stripeYearlyPriceId);
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tiers)
        .values({
          siteId: site.id,
          name: tier.name,
          description: tier.description,
          benefits: tier.benefits,
          type: tier.type,
          monthlyPrice: tier.monthlyPrice,
          yearlyPrice: tier.yearlyPrice,
          currency: tier.currency,
          active: tier.active,
          position: tier.position,
          trialDays: tier.trialDays ?? null,
          stripeProductId: monthly || yearly ? tier.stripeProductId : null,
          stripeMonthlyPriceId: monthly,
          stripeYearlyPriceId: yearly,
        })
        .returning({ id: tiers.id });
      await recordItems(tx, scope, 'tier', [{ sourceKey: tier.name, targetId: row!.id }]);
      return row!.id;
    });
    tierIdByName.set(tier.name, id);
  }
  await deps.siteChanged(site.id);
  return tierIdByName;
}
