/**
 * The plan's Price on the operator's own Stripe account, made once and found
 * again by its lookup key (docs/decisions/057). The key names the amount, so a
 * new PLATFORM_PRICE_MONTHLY makes a new Price and existing subscribers keep
 * the one they signed up for.
 */
import type { PlatformPlanConfig } from '../config/index.ts';
import type { StripeClient } from '../payments/index.ts';

export const planLookupKey = ({ monthlyPrice, currency }: Pick<PlatformPlanConfig, 'monthlyPrice' | 'currency'>) => `platform-plan-${monthlyPrice}-${currency}`;

export async function findOrCreatePlanPrice(stripe: StripeClient, plan: PlatformPlanConfig): Promise<string> {
  const lookupKey = planLookupKey(plan);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  // The idempotency keys make two creators subscribing at the same first moment share one product and price.
  const product = await stripe.products.create({ name: 'Creator Platform plan', metadata: { kind: 'platform-plan' } }, { idempotencyKey: `${lookupKey}-product` });
  const price = await stripe.prices.create(
    { product: product.id, unit_amount: plan.monthlyPrice, currency: plan.currency, recurring: { interval: 'month' }, lookup_key: lookupKey, metadata: { kind: 'platform-plan' } },
    { idempotencyKey: `${lookupKey}-price` },
  );
  return price.id;
}
