/**
 * Row 54: starting a Checkout (issue 31: "any Checkout (offer, gift, tip, product) costs at most 1.25x the bare
 * `stripe` SDK call against the same Stripe-protocol server"). For each kind, the product's own endpoint as the page
 * calls it (a tip's `POST /api/sites/:handle/tips/checkout`: parse, site and tip jar, rate limit, the session on the
 * creator's account, the sale row and its tip in one transaction; a gift's and a product's likewise; an offer's for a
 * signed-in reader: its seat, then the subscription session with the coupon) against the bare SDK's
 * `checkout.sessions.create` with the same parameters, one after another; the figure is the median of the per-pair
 * ratios of the time per Checkout.
 *
 * Measured twice, because the ratio depends on how long Stripe takes more than on the product: with the
 * Stripe-protocol server answering after BENCH_STRIPE_LATENCY_MS (250 ms, below every round trip to Stripe's own API
 * reported in docs/decisions/171), a row per kind; and the tip answering at once from this process (about half a
 * millisecond), beside a floor: a bare Express handler making the same SDK call (bench/peers/checkout-floor-peer.ts),
 * the HTTP hop no server avoids. That row also gives the product's own cost in milliseconds and the Stripe latency
 * from which 1.25x holds for it.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { sites, tiers } from '../db/content-schema.ts';
import { connectDatabase } from '../db/connect.ts';
import { offers } from '../db/earn-schema.ts';
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

/** One kind of Checkout: its request to the product, and the bare SDK call with the same parameters. */
interface CheckoutKind {
  name: string;
  viaProduct: (index: number) => Promise<void>;
  viaSdk: (index: number, key: string) => Promise<void>;
}

async function urlOf(response: Response, what: string): Promise<void> {
  const body = (await response.json()) as { url?: string };
  if (response.status !== 200 || !body.url) throw new Error(`${what}: ${response.status} ${JSON.stringify(body)}`);
}

/** A small PDF in the creator's media library, uploaded as the studio does (tus), once it is ready. */
async function uploadPdf(baseUrl: string, cookie: string): Promise<string> {
  const bytes = Buffer.from('%PDF-1.7\n% a field guide\n');
  const headers = { cookie, origin: baseUrl, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.length), 'upload-metadata': `filename ${Buffer.from('guide.pdf').toString('base64')},filetype ${Buffer.from('application/pdf').toString('base64')}` },
  });
  if (created.status !== 201) throw new Error(`creating the upload answered ${created.status}`);
  const location = created.headers.get('location')!;
  const patched = await fetch(`${baseUrl}${location}`, { method: 'PATCH', headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: bytes });
  if (patched.status !== 204) throw new Error(`the upload answered ${patched.status}`);
  const id = location.split('/').at(-1)!;
  for (let tries = 0; tries < 600; tries += 1) {
    const { media } = (await (await fetch(`${baseUrl}/api/media/${id}`, { headers: { cookie } })).json()) as { media: { status: string } };
    if (media.status === 'ready') return id;
    if (media.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the bench PDF did not become ready');
}

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
    // A creator whose Stripe account is ready and whose tip jar is on, with a paid tier, an offer on it and a product, made in the studio's API.
    const owner = await createAccount(product.url);
    const [ownerRow] = await db.update(users).set({ emailVerified: true, isVerified: true }).where(eq(users.email, owner.email)).returning({ id: users.id });
    const tips = { enabled: true, presets: [300, 500, 1000], minimum: 100, maximum: 50_000 };
    const [site] = await db.insert(sites).values({ ownerId: ownerRow!.id, handle: uniqueHandle('tips'), title: 'Harbour Sounds', publishedAt: new Date(), tips }).returning();
    await db.insert(tiers).values({ siteId: site!.id, name: 'Free', type: 'free', position: 0 });
    const account = await stripe.accounts.create({ type: 'standard' });
    await stripeServer.completeOnboarding(account.id);
    await db.insert(paymentAccounts).values({ siteId: site!.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    const studio = async (path: string, body: unknown) => {
      const response = await fetch(`${product.url}${path}`, { method: 'POST', headers: { cookie: owner.cookie, origin: product.url, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    };
    await studio('/api/tiers', { name: 'Supporter', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd' });
    const [paid] = await db.select().from(tiers).where(eq(tiers.name, 'Supporter'));
    await studio('/api/offers', { tierId: paid!.id, name: 'Spring', code: 'spring', kind: 'percent', percentOff: 20, duration: 'once' });
    const [offer] = await db.select().from(offers).where(eq(offers.code, 'spring'));
    const mediaId = await uploadPdf(product.url, owner.cookie);
    await studio('/api/products', { title: 'Field guide', slug: 'field-guide', price: 1200, currency: 'usd', mediaIds: [mediaId] });
    // A reader each offer Checkout: a reader asking again would first expire their own open session (one payable session each).
    const readers = await Promise.all(Array.from({ length: (pairs + 1) * CHECKOUTS_AT_LATENCY }, () => createAccount(product.url)));

    const siteApi = `${product.url}/api/sites/${site!.handle}`;
    const home = `${product.url}/@${site!.handle}`;
    const post = (url: string, body: unknown, cookie?: string) =>
      fetch(url, { method: 'POST', headers: { origin: product.url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    const oneTime = (key: string, amount: number, name: string, extra: Record<string, string>, email?: string): Stripe.Checkout.SessionCreateParams => {
      const metadata = { saleId: key, siteId: site!.id, ...extra };
      return {
        mode: 'payment',
        line_items: [{ price_data: { currency: 'usd', unit_amount: amount, product_data: { name } }, quantity: 1 }],
        ...(email ? { customer_email: email } : {}),
        metadata,
        payment_intent_data: { metadata },
        success_url: `${home}/done`,
        cancel_url: home,
      };
    };
    const create = async (params: Stripe.Checkout.SessionCreateParams, key: string) => {
      const session = await stripe.checkout.sessions.create(params, { stripeAccount: account.id, idempotencyKey: key });
      if (!session.url) throw new Error('the SDK got no session URL');
    };
    let nextReader = 0;
    const kinds: CheckoutKind[] = [
      {
        name: 'tip',
        viaProduct: async (index) => urlOf(await post(`${siteApi}/tips/checkout`, { amount: 500 + index, message: 'Thanks for the recordings' }), 'tip checkout'),
        viaSdk: (index, key) => create(oneTime(key, 500 + index, 'A tip for Harbour Sounds', { kind: 'tip' }), key),
      },
      {
        name: 'gift',
        viaProduct: async () => urlOf(await post(`${siteApi}/gifts/checkout`, { tierId: paid!.id, months: 1, email: 'giver@example.com' }), 'gift checkout'),
        viaSdk: (_index, key) => create(oneTime(key, 500, 'Gift: 1 month of Supporter', { kind: 'gift', giftTierId: paid!.id, giftMonths: '1' }, 'giver@example.com'), key),
      },
      {
        name: 'product',
        viaProduct: async () => urlOf(await post(`${siteApi}/products/field-guide/checkout`, { email: 'buyer@example.com' }), 'product checkout'),
        viaSdk: (_index, key) => create(oneTime(key, 1200, 'Field guide', { kind: 'product', productId: 'bench' }, 'buyer@example.com'), key),
      },
      {
        name: 'offer',
        viaProduct: async () => urlOf(await post(`${siteApi}/offers/spring/checkout`, { cadence: 'month' }, readers[nextReader++]!.cookie), 'offer checkout'),
        viaSdk: async (_index, key) => {
          const metadata = { siteId: site!.id, tierId: paid!.id, userId: key, offerId: offer!.id, redemptionId: key };
          await create(
            {
              mode: 'subscription',
              line_items: [{ price: paid!.stripeMonthlyPriceId!, quantity: 1 }],
              customer_email: 'reader@example.com',
              client_reference_id: key,
              metadata,
              subscription_data: { metadata },
              discounts: [{ coupon: offer!.stripeCouponId! }],
              expires_at: Math.floor(Date.now() / 1000) + 3600,
              success_url: `${home}?joined=1`,
              cancel_url: `${home}/join`,
            },
            key,
          );
        },
      },
    ];

    floor = await startProcess('bench/peers/checkout-floor-peer.ts', { ...stripeServer.env, PEER_STRIPE_ACCOUNT: account.id, PEER_SITE_URL: home });

    let round = 0;
    let checkouts = CHECKOUTS;
    const timePerCheckout = async (open: (index: number, key: string) => Promise<void>) => {
      round += 1;
      const started = performance.now();
      for (let index = 0; index < checkouts; index += 1) await open(index, `bench-${round}-${index}`);
      return (performance.now() - started) / checkouts;
    };
    const viaFloor = () =>
      timePerCheckout(async (index, key) => urlOf(await fetch(`${floor!.url}/tip`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 500 + index, key }) }), 'floor checkout'));
    const tip = kinds[0]!;

    const atOnce = await alternate(pairs, () => timePerCheckout(tip.viaProduct), () => timePerCheckout(tip.viaSdk));
    const floorAtOnce = await alternate(pairs, viaFloor, () => timePerCheckout(tip.viaSdk));
    stripeServer.setApiLatency(STRIPE_LATENCY_MS);
    checkouts = CHECKOUTS_AT_LATENCY;
    const atLatency: Array<{ kind: CheckoutKind; result: PairedResult }> = [];
    for (const kind of kinds) atLatency.push({ kind, result: await alternate(pairs, () => timePerCheckout(kind.viaProduct), () => timePerCheckout(kind.viaSdk)) });

    const pairsOf = (result: PairedResult) => result.ratios.map((ratio) => ratio.toFixed(2)).join(', ');
    const once = { product: median(atOnce.product), sdk: median(atOnce.peer) };
    const floorMs = median(floorAtOnce.product);
    // The product's own cost on top of the call, and the latency L at which (L + product) / (L + SDK) is 1.25.
    const overheadMs = once.product - once.sdk;
    const breakEvenMs = Math.max(0, (once.product - TARGET * once.sdk) / (TARGET - 1));
    for (const { kind, result } of atLatency) {
      process.stderr.write(`checkout (${kind.name}), Stripe after ${STRIPE_LATENCY_MS} ms: product ${median(result.product).toFixed(1)} ms, bare SDK ${median(result.peer).toFixed(1)} ms, ratio ${result.medianRatio.toFixed(3)} (${pairsOf(result)})\n`);
    }
    process.stderr.write(
      `checkout (tip), Stripe at once: product ${once.product.toFixed(2)} ms, bare SDK ${once.sdk.toFixed(2)} ms, ratio ${atOnce.medianRatio.toFixed(2)} (${pairsOf(atOnce)}); ` +
        `floor ${floorMs.toFixed(2)} ms, ratio ${floorAtOnce.medianRatio.toFixed(2)} (${pairsOf(floorAtOnce)}); the product's own ${overheadMs.toFixed(2)} ms, 1.25x from ${breakEvenMs.toFixed(0)} ms of Stripe\n`,
    );
    return [
      ...atLatency.map(({ kind, result }) => ({
        row: 54,
        name: `Starting ${kind.name === 'offer' ? 'an offer' : `a ${kind.name}`}'s Checkout through its API vs the bare stripe SDK's checkout.sessions.create with the same parameters, same Stripe-protocol server answering after ${STRIPE_LATENCY_MS} ms`,
        figure: result.medianRatio,
        unit: `ratio of time per Checkout; product ${median(result.product).toFixed(1)} ms, SDK ${median(result.peer).toFixed(1)} ms`,
        target: `≤ ${TARGET}`,
        holds: result.medianRatio <= TARGET,
        detail: { ...result, checkouts: CHECKOUTS_AT_LATENCY, stripeLatencyMs: STRIPE_LATENCY_MS },
      })),
      {
        row: 54,
        name: "A tip's Checkout with the Stripe-protocol server answering at once, beside the floor (a bare Express handler making the same SDK call); the product's own cost and the Stripe latency from which 1.25x holds",
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
