/**
 * Row 54: starting a tip's Checkout (issue 31: at most 1.25x). The product's `POST /api/sites/:handle/tips/checkout`
 * (parse, site and tip jar, rate limit, the sale row and its tip, the session on the creator's account, the session
 * id stored, in one transaction) against the bare `stripe` SDK's `checkout.sessions.create` with the same parameters,
 * both against the same Stripe-protocol server, one after another; the figure is the median of the per-pair ratios
 * of the time per Checkout.
 */
import { eq } from 'drizzle-orm';
import { sites, tiers } from '../db/content-schema.ts';
import { connectDatabase } from '../db/connect.ts';
import { paymentAccounts } from '../db/money-schema.ts';
import { users } from '../db/schema.ts';
import { createStripeClient } from '../server/payments/stripe-client.ts';
import { uniqueHandle } from '../tests/support/site-fixtures.ts';
import { startStripeServer } from '../tests/support/stripe-server.ts';
import { alternate } from './lib/alternate.ts';
import { median } from './lib/load.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const CHECKOUTS = 100;
const TARGET = 1.25;

export async function benchCheckout(pairs: number): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const stripeServer = await startStripeServer();
  const product = await startProduct(database.url, { ...stripeServer.env, RATE_LIMIT_CHECKOUTS_PER_IP_PER_HOUR: '1000000' });
  const handle = await connectDatabase({ url: database.url });
  try {
    const db = handle.db;
    stripeServer.useApp(product.url);
    const stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
    // A creator whose Stripe account is ready and whose tip jar is on.
    const owner = await createAccount(product.url);
    const [ownerRow] = await db.update(users).set({ emailVerified: true, isVerified: true }).where(eq(users.email, owner.email)).returning({ id: users.id });
    const tips = { enabled: true, presets: [300, 500, 1000], minimum: 100, maximum: 50_000 };
    const [site] = await db.insert(sites).values({ ownerId: ownerRow!.id, handle: uniqueHandle('tips'), title: 'Harbour Sounds', publishedAt: new Date(), tips }).returning();
    await db.insert(tiers).values({ siteId: site!.id, name: 'Free', type: 'free', position: 0 });
    const account = await stripe.accounts.create({ type: 'standard' });
    await stripeServer.completeOnboarding(account.id);
    await db.insert(paymentAccounts).values({ siteId: site!.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });

    let round = 0;
    const timePerCheckout = async (open: (index: number) => Promise<void>) => {
      round += 1;
      const started = performance.now();
      for (let index = 0; index < CHECKOUTS; index += 1) await open(index);
      return (performance.now() - started) / CHECKOUTS;
    };
    const viaProduct = () =>
      timePerCheckout(async (index) => {
        const response = await fetch(`${product.url}/api/sites/${site!.handle}/tips/checkout`, {
          method: 'POST',
          headers: { origin: product.url, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 500 + index, message: 'Thanks for the recordings' }),
        });
        const body = (await response.json()) as { url?: string };
        if (response.status !== 200 || !body.url) throw new Error(`tip checkout: ${response.status} ${JSON.stringify(body)}`);
      });
    const viaSdk = () =>
      timePerCheckout(async (index) => {
        const metadata = { saleId: `bench-${round}-${index}`, siteId: site!.id, kind: 'tip' };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ price_data: { currency: 'usd', unit_amount: 500 + index, product_data: { name: 'A tip for Harbour Sounds' } }, quantity: 1 }],
            metadata,
            payment_intent_data: { metadata },
            success_url: `${product.url}/@${site!.handle}/tip?tipped=1`,
            cancel_url: `${product.url}/@${site!.handle}/tip`,
          },
          { stripeAccount: account.id, idempotencyKey: `bench-${round}-${index}` },
        );
        if (!session.url) throw new Error('the SDK got no session URL');
      });

    const result = await alternate(pairs, viaProduct, viaSdk);
    const productMs = median(result.product);
    const sdkMs = median(result.peer);
    process.stderr.write(`checkout: product ${productMs.toFixed(2)} ms, bare SDK ${sdkMs.toFixed(2)} ms, ratio ${result.medianRatio.toFixed(2)} (${result.ratios.map((ratio) => ratio.toFixed(2)).join(', ')})\n`);
    return {
      row: 54,
      name: "Starting a tip's Checkout through the API (sale row, tip, session on the creator's account) vs the bare stripe SDK's checkout.sessions.create, same Stripe-protocol server",
      figure: result.medianRatio,
      unit: `ratio of time per Checkout; product ${productMs.toFixed(2)} ms, SDK ${sdkMs.toFixed(2)} ms`,
      target: `≤ ${TARGET}`,
      holds: result.medianRatio <= TARGET,
      detail: { ...result, productMsPerCheckout: productMs, sdkMsPerCheckout: sdkMs, checkouts: CHECKOUTS },
    };
  } finally {
    await handle.close();
    await product.stop();
    await stripeServer.close();
    await database.drop();
  }
}
