/**
 * Row 54: starting a tip's Checkout (issue 31: at most 1.25x the bare `stripe` SDK call against the same
 * Stripe-protocol server). The product's `POST /api/sites/:handle/tips/checkout` (parse, site and tip jar, rate limit,
 * the session on the creator's account, the sale row and its tip in one transaction) against the bare SDK's
 * `checkout.sessions.create` with the same parameters, one after another; the figure is the median of the per-pair
 * ratios of the time per Checkout.
 *
 * Measured twice, because the ratio depends on how long Stripe takes more than on the product: with the
 * Stripe-protocol server answering after BENCH_STRIPE_LATENCY_MS (250 ms, below every round trip to Stripe's own API
 * reported in docs/decisions/171), row 54; and answering at once from this process (about half a millisecond), row
 * 54b, beside a floor: a bare Express handler making the same SDK call (bench/peers/checkout-floor-peer.ts), the
 * HTTP hop no server avoids. 54b also gives the product's own cost in milliseconds and the Stripe latency above
 * which 1.25x holds for it.
 */
import { eq } from 'drizzle-orm';
import { sites, tiers } from '../db/content-schema.ts';
import { connectDatabase } from '../db/connect.ts';
import { paymentAccounts } from '../db/money-schema.ts';
import { users } from '../db/schema.ts';
import { createStripeClient } from '../server/payments/stripe-client.ts';
import { uniqueHandle } from '../tests/support/site-fixtures.ts';
import { startStripeServer } from '../tests/support/stripe-server.ts';
import { alternate, type PairedResult } from './lib/alternate.ts';
import { median } from './lib/load.ts';
import { createBenchDatabase, startProcess, startProduct, type RunningProcess } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

/** Checkouts per side and pair when Stripe answers at once, and at its latency (each then takes a quarter second). */
const CHECKOUTS = 100;
const CHECKOUTS_AT_LATENCY = 20;
const STRIPE_LATENCY_MS = Number(process.env.BENCH_STRIPE_LATENCY_MS ?? 250);
const TARGET = 1.25;

export async function benchCheckout(pairs: number): Promise<BenchRow[]> {
  const database = await createBenchDatabase();
  const stripeServer = await startStripeServer();
  const product = await startProduct(database.url, { ...stripeServer.env, RATE_LIMIT_CHECKOUTS_PER_IP_PER_HOUR: '1000000' });
  const handle = await connectDatabase({ url: database.url });
  let floor: RunningProcess | undefined;
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

    floor = await startProcess('bench/peers/checkout-floor-peer.ts', { ...stripeServer.env, PEER_STRIPE_ACCOUNT: account.id, PEER_SITE_URL: `${product.url}/@${site!.handle}` });

    let round = 0;
    let checkouts = CHECKOUTS;
    const timePerCheckout = async (open: (index: number) => Promise<void>) => {
      round += 1;
      const started = performance.now();
      for (let index = 0; index < checkouts; index += 1) await open(index);
      return (performance.now() - started) / checkouts;
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
    const viaFloor = () =>
      timePerCheckout(async (index) => {
        const response = await fetch(`${floor!.url}/tip`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 500 + index, key: `floor-${round}-${index}` }) });
        const body = (await response.json()) as { url?: string };
        if (response.status !== 200 || !body.url) throw new Error(`floor checkout: ${response.status} ${JSON.stringify(body)}`);
      });

    const atOnce = await alternate(pairs, viaProduct, viaSdk);
    const floorAtOnce = await alternate(pairs, viaFloor, viaSdk);
    stripeServer.setApiLatency(STRIPE_LATENCY_MS);
    checkouts = CHECKOUTS_AT_LATENCY;
    const atLatency = await alternate(pairs, viaProduct, viaSdk);

    const ms = (result: PairedResult) => ({ product: median(result.product), sdk: median(result.peer) });
    const pairsOf = (result: PairedResult) => result.ratios.map((ratio) => ratio.toFixed(2)).join(', ');
    const once = ms(atOnce);
    const slow = ms(atLatency);
    const floorMs = median(floorAtOnce.product);
    // The product's own cost on top of the call, and the latency L at which (L + product) / (L + SDK) is 1.25.
    const overheadMs = once.product - once.sdk;
    const breakEvenMs = Math.max(0, (once.product - TARGET * once.sdk) / (TARGET - 1));
    process.stderr.write(
      `checkout, Stripe after ${STRIPE_LATENCY_MS} ms: product ${slow.product.toFixed(1)} ms, bare SDK ${slow.sdk.toFixed(1)} ms, ratio ${atLatency.medianRatio.toFixed(3)} (${pairsOf(atLatency)})\n` +
        `checkout, Stripe at once: product ${once.product.toFixed(2)} ms, bare SDK ${once.sdk.toFixed(2)} ms, ratio ${atOnce.medianRatio.toFixed(2)} (${pairsOf(atOnce)}); ` +
        `floor ${floorMs.toFixed(2)} ms, ratio ${floorAtOnce.medianRatio.toFixed(2)} (${pairsOf(floorAtOnce)}); the product's own ${overheadMs.toFixed(2)} ms, 1.25x from ${breakEvenMs.toFixed(0)} ms of Stripe\n`,
    );
    return [
      {
        row: 54,
        name: `Starting a tip's Checkout through the API (checks, rate limit, session on the creator's account, sale row and tip) vs the bare stripe SDK's checkout.sessions.create, same Stripe-protocol server answering after ${STRIPE_LATENCY_MS} ms`,
        figure: atLatency.medianRatio,
        unit: `ratio of time per Checkout; product ${slow.product.toFixed(1)} ms, SDK ${slow.sdk.toFixed(1)} ms`,
        target: `≤ ${TARGET}`,
        holds: atLatency.medianRatio <= TARGET,
        detail: { ...atLatency, productMsPerCheckout: slow.product, sdkMsPerCheckout: slow.sdk, checkouts: CHECKOUTS_AT_LATENCY, stripeLatencyMs: STRIPE_LATENCY_MS },
      },
      {
        row: 54,
        name: "The same with the Stripe-protocol server answering at once, beside the floor (a bare Express handler making the same SDK call); the product's own cost and the Stripe latency from which 1.25x holds",
        figure: atOnce.medianRatio,
        unit: `ratio; product ${once.product.toFixed(2)} ms, SDK ${once.sdk.toFixed(2)} ms, floor ${floorMs.toFixed(2)} ms (${floorAtOnce.medianRatio.toFixed(2)}x); own cost ${overheadMs.toFixed(2)} ms, 1.25x from ${breakEvenMs.toFixed(0)} ms of Stripe`,
        target: 'reported',
        holds: true,
        detail: { productVsSdk: atOnce, floorVsSdk: floorAtOnce, productMs: once.product, sdkMs: once.sdk, floorMs, overheadMs, breakEvenMs, checkouts: CHECKOUTS },
      },
    ];
  } finally {
    await floor?.stop();
    await handle.close();
    await product.stop();
    await stripeServer.close();
    await database.drop();
  }
}
