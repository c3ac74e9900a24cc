/**
 * Keeps a paid tier's Product and Prices on the creator's connected account in
 * step with the tier (docs/decisions/051-tiers-and-stripe-prices.md). Stripe
 * prices are immutable: a changed amount or currency makes a new Price and
 * deactivates the old one, so existing subscribers keep what they pay. Every
 * call carries an idempotency key made of the tier and what it writes, so a
 * retried request never makes a second product or price.
 */
import type Stripe from 'stripe';
import type { Cadence } from '../../common/memberships.ts';
import type { tiers } from '../../db/content-schema.ts';
import { stripeFailure, type SiteStripe, type StripeClient } from '../payments/index.ts';

type TierRow = typeof tiers.$inferSelect;
export type StripeIds = Pick<TierRow, 'stripeProductId' | 'stripeMonthlyPriceId' | 'stripeYearlyPriceId'>;

const PRICE_ID_OF = { month: 'stripeMonthlyPriceId', year: 'stripeYearlyPriceId' } as const;
const AMOUNT_OF = { month: 'monthlyPrice', year: 'yearlyPrice' } as const;

/**
 * Brings Stripe to `next` from `previous` (undefined for a new tier) and
 * answers the ids to store. `next.id` must already exist (metadata names it).
 */
export async function syncTierWithStripe(site: SiteStripe, previous: TierRow | undefined, next: TierRow): Promise<StripeIds> {
  // Through Connect, every call names the connected account; with the creator's own key, none (site-stripe.ts).
  const { client: stripe, stripeAccount } = site;
  const options = (key: string): Stripe.RequestOptions => ({ stripeAccount, idempotencyKey: `tier-${next.id}-${key}` });
  try {
    let productId = next.stripeProductId;
    const description = next.description || undefined;
    if (!productId) {
      const product = await stripe.products.create(
        { name: next.name, ...(description ? { description } : {}), metadata: { siteId: next.siteId, tierId: next.id } },
        options('product'),
      );
      productId = product.id;
    } else if (previous && (previous.name !== next.name || previous.description !== next.description)) {
      await stripe.products.update(productId, { name: next.name, description: next.description }, { stripeAccount });
    }
    const ids: StripeIds = { stripeProductId: productId, stripeMonthlyPriceId: next.stripeMonthlyPriceId, stripeYearlyPriceId: next.stripeYearlyPriceId };
    for (const cadence of ['month', 'year'] as const satisfies Cadence[]) {
      ids[PRICE_ID_OF[cadence]] = await syncPrice(stripe, stripeAccount, productId, cadence, previous, next, options);
    }
    return ids;
  } catch (error) {
    stripeFailure(error);
  }
}

async function syncPrice(
  stripe: StripeClient,
  stripeAccount: string | undefined,
  productId: string,
  cadence: Cadence,
  previous: TierRow | undefined,
  next: TierRow,
  options: (key: string) => Stripe.RequestOptions,
): Promise<string | null> {
  const currentId = next[PRICE_ID_OF[cadence]];
  const amount = next[AMOUNT_OF[cadence]];
  const unchanged = currentId !== null && previous !== undefined && previous[AMOUNT_OF[cadence]] === amount && previous.currency === next.currency;
  if (unchanged) {
    if (previous.active !== next.active) await stripe.prices.update(currentId, { active: next.active }, { stripeAccount });
    return currentId;
  }
  if (currentId) await stripe.prices.update(currentId, { active: false }, { stripeAccount });
  if (amount === null) return null;
  const price = await stripe.prices.create(
    {
      product: productId,
      unit_amount: amount,
      currency: next.currency,
      recurring: { interval: cadence },
      active: next.active,
      metadata: { siteId: next.siteId, tierId: next.id },
    },
    options(`${cadence}-${amount}-${next.currency}-${currentId ?? 'first'}`),
  );
  return price.id;
}
