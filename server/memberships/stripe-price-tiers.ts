/**
 * Which of a site's tiers a Stripe price is (docs/decisions/161): a price of
 * the tier's own product, or a price an import mapped to the tier
 * (`tier_stripe_prices`: a Substack or Ghost plan on the creator's own account),
 * which from then on counts as the tier's own for every event of a
 * subscription on it. The one place a price is turned into a tier.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Cadence } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { tierStripePrices } from '../../db/move-schema.ts';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

export interface PriceOwner {
  siteId: string;
  tierId: string;
}

/** The paid tier a price belongs to on the site whose Stripe account this is; undefined when it is not that site's. */
export async function tierOfStripePrice(tx: Database, account: string, price: Pick<Stripe.Price, 'id' | 'product'>): Promise<PriceOwner | undefined> {
  const productId = idOf(price.product);
  if (productId) {
    const [own] = await tx
      .select({ siteId: tiers.siteId, tierId: tiers.id })
      .from(tiers)
      .innerJoin(paymentAccounts, eq(paymentAccounts.siteId, tiers.siteId))
      .where(and(eq(paymentAccounts.stripeAccountId, account), eq(tiers.stripeProductId, productId), eq(tiers.type, 'paid')))
      .limit(1);
    if (own) return own;
  }
  const [mapped] = await tx
    .select({ siteId: tiers.siteId, tierId: tiers.id })
    .from(tierStripePrices)
    .innerJoin(tiers, eq(tiers.id, tierStripePrices.tierId))
    .innerJoin(paymentAccounts, eq(paymentAccounts.siteId, tierStripePrices.siteId))
    .where(and(eq(paymentAccounts.stripeAccountId, account), eq(tierStripePrices.stripePriceId, price.id), eq(tiers.type, 'paid')))
    .limit(1);
  return mapped;
}

/** Of `priceIds`, those already a tier's on this site (its own prices, or mapped by an earlier import): price id → tier id. */
export async function tiersOfStripePrices(db: Database, siteId: string, priceIds: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (priceIds.length === 0) return found;
  const own = await db
    .select({ id: tiers.id, monthly: tiers.stripeMonthlyPriceId, yearly: tiers.stripeYearlyPriceId })
    .from(tiers)
    .where(and(eq(tiers.siteId, siteId), eq(tiers.type, 'paid'), or(inArray(tiers.stripeMonthlyPriceId, [...priceIds]), inArray(tiers.stripeYearlyPriceId, [...priceIds]))));
  for (const tier of own) for (const price of [tier.monthly, tier.yearly]) if (price && priceIds.includes(price)) found.set(price, tier.id);
  const mapped = await db
    .select({ priceId: tierStripePrices.stripePriceId, tierId: tierStripePrices.tierId })
    .from(tierStripePrices)
    .where(and(eq(tierStripePrices.siteId, siteId), inArray(tierStripePrices.stripePriceId, [...priceIds])));
  for (const row of mapped) if (!found.has(row.priceId)) found.set(row.priceId, row.tierId);
  return found;
}

/** Maps prices to tiers (a later import may map a price again, to another tier), in the caller's transaction. */
export async function mapStripePrices(tx: Database, siteId: string, prices: readonly { priceId: string; tierId: string; cadence: Cadence }[]): Promise<void> {
  if (prices.length === 0) return;
  await tx
    .insert(tierStripePrices)
    .values(prices.map(({ priceId, tierId, cadence }) => ({ siteId, stripePriceId: priceId, tierId, cadence })))
    .onConflictDoUpdate({ target: [tierStripePrices.siteId, tierStripePrices.stripePriceId], set: { tierId: sql`excluded.tier_id`, cadence: sql`excluded.cadence` } });
}
