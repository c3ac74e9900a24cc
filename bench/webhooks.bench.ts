/**
 * Row 21: Stripe webhook events applied per second. 200 fans join a paid tier
 * through the Stripe-protocol server's Checkout (the webhooks that make their
 * memberships are the real flow); then the bench signs 2,000
 * `customer.subscription.updated` events of those subscriptions, each with its
 * own id, and posts them 8 at a time, as Stripe delivers, to the product's
 * /api/webhooks/stripe-connect and to a bare Express peer that checks the
 * signature, records the id, reads the subscription and writes it. Both read
 * the subscription from the same Stripe-protocol server. Reported, no target.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { memberships, sites, tiers } from '../db/content-schema.ts';
import { connectDatabase } from '../db/connect.ts';
import { paymentAccounts } from '../db/money-schema.ts';
import { users } from '../db/schema.ts';
import { createStripeClient } from '../server/payments/stripe-client.ts';
import { startStripeServer, type StripeObject } from '../tests/support/stripe-server.ts';
import { uniqueHandle, userIdOf } from '../tests/support/site-fixtures.ts';
import { alternate } from './lib/alternate.ts';
import { median } from './lib/load.ts';
import { createBenchDatabase, startProcess, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const FANS = 200;
const EVENTS = 2000;
const CONCURRENCY = 8;

export async function benchWebhooks(pairs: number): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const stripeServer = await startStripeServer();
  const product = await startProduct(database.url, stripeServer.env);
  const handle = await connectDatabase({ url: database.url });
  let peer: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const db = handle.db;
    stripeServer.useApp(product.url);
    const stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });

    // A creator whose Stripe account is ready, with a paid tier made through the product's API.
    const owner = await createAccount(product.url);
    const ownerId = await userIdOf(db, owner.email);
    await db.update(users).set({ emailVerified: true, isVerified: true }).where(eq(users.id, ownerId));
    const [site] = await db.insert(sites).values({ ownerId, handle: uniqueHandle('hooks'), title: 'Harbour Sounds', publishedAt: new Date() }).returning();
    await db.insert(tiers).values({ siteId: site!.id, name: 'Free', type: 'free', position: 0 });
    const account = await stripe.accounts.create({ type: 'standard' });
    await stripeServer.completeOnboarding(account.id);
    await db.insert(paymentAccounts).values({ siteId: site!.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    const created = await fetch(`${product.url}/api/tiers`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: product.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Supporter', monthlyPrice: 500, currency: 'usd' }),
    });
    if (created.status !== 201) throw new Error(`tier: ${created.status} ${await created.text()}`);
    const tier = ((await created.json()) as { tier: { id: string } }).tier;
    const [stored] = await db.select({ price: tiers.stripeMonthlyPriceId }).from(tiers).where(eq(tiers.id, tier.id));

    // The fans pay through Checkout; the product makes their memberships from Stripe's webhooks.
    const fanIds = Array.from({ length: FANS }, () => randomUUID());
    await db.execute(sql`insert into users (id, email, full_name, display_name, username, niche, role)
      select id, 'fan-' || id || '@bench.example', 'Fan', 'Fan', substr(id, 1, 6), '', 'member' from unnest(string_to_array(${fanIds.join(',')}, ',')) as id`);
    for (const userId of fanIds) {
      const metadata = { siteId: site!.id, tierId: tier.id, userId };
      const session = await stripe.checkout.sessions.create(
        { mode: 'subscription', line_items: [{ price: stored!.price!, quantity: 1 }], customer_email: `fan-${userId}@bench.example`, client_reference_id: userId, metadata, subscription_data: { metadata }, success_url: product.url, cancel_url: product.url },
        { stripeAccount: account.id },
      );
      await fetch(`${stripeServer.url}/hosted/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    }
    await stripeServer.idle();
    const subscriptionIds = (await db.select({ id: memberships.stripeSubscriptionId }).from(memberships).where(eq(memberships.siteId, site!.id))).flatMap((row) => (row.id ? [row.id] : []));
    if (subscriptionIds.length !== FANS) throw new Error(`${subscriptionIds.length} of ${FANS} memberships were made by the webhooks`);

    peer = await startProcess('bench/peers/webhook-peer.ts', { DATABASE_URL: database.url, ...stripeServer.env }, '/');

    let round = 0;
    /** Posts EVENTS fresh, signed events to `url`, CONCURRENCY at a time; answers events applied per second. */
    const deliver = (url: string) => async () => {
      round += 1;
      const payloads = Array.from({ length: EVENTS }, (_, index) => {
        const subscription = stripeServer.object(subscriptionIds[index % subscriptionIds.length]!) as StripeObject;
        return JSON.stringify({ id: `evt_bench_${round}_${index}`, object: 'event', api_version: '2025-10-29.clover', created: Math.floor(Date.now() / 1000), type: 'customer.subscription.updated', account: account.id, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: subscription, previous_attributes: {} } });
      });
      let next = 0;
      let refused = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < payloads.length) {
            const payload = payloads[next++]!;
            const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: stripeServer.secrets.connect });
            const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
            await response.arrayBuffer();
            if (response.status !== 200) refused += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      if (refused > 0) throw new Error(`${url} refused ${refused} of ${EVENTS} events`);
      return EVENTS / seconds;
    };

    const result = await alternate(pairs, deliver(`${product.url}/api/webhooks/stripe-connect`), deliver(`${peer.url}/webhook`));
    const productRate = median(result.product);
    const peerRate = median(result.peer);
    process.stderr.write(`webhooks: product ${productRate.toFixed(0)} events/s, peer ${peerRate.toFixed(0)} events/s, ratio ${result.medianRatio.toFixed(2)} (${result.ratios.map((ratio) => ratio.toFixed(2)).join(', ')})\n`);
    return {
      row: 21,
      name: 'Stripe webhook events applied (customer.subscription.updated, 8 in flight) vs a bare Express handler doing signature, once-only id, subscription read and write',
      figure: result.medianRatio,
      unit: `ratio; product ${productRate.toFixed(0)} events/s, peer ${peerRate.toFixed(0)} events/s`,
      target: 'reported',
      holds: true,
      detail: { ...result, productEventsPerSecond: productRate, peerEventsPerSecond: peerRate },
    };
  } finally {
    await handle.close();
    await Promise.all([product.stop(), peer?.stop()]);
    await stripeServer.close();
    await database.drop();
  }
}
