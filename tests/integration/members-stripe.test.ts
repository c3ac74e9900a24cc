/**
 * The subscribers' Stripe side, against the local Stripe-protocol server with
 * the real SDK: an import's `stripe_customer_id` links the customer's live
 * subscription on the creator's connected account (tier from the price,
 * status and period from the subscription), and removing a paying member
 * ends their subscription at period end or now, as asserted on Stripe's side;
 * a comp given after that is not undone by any event of the old subscription,
 * delivered late or again, signed as Stripe signs them.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, MemberDetail, MembersAnswer } from '../../common/api/members.ts';
import { tiers } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { insertTiers, type SiteTiers } from '../support/members-fixtures.ts';
import { startStripeServer, stripeSignature, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let server: TestServer;
let creator: Creator;
let siteTiers: SiteTiers;
let stripe: Stripe;
let account: string;
let price: Stripe.Price;

/** A customer who paid for Gold through the hosted checkout page. */
async function payingCustomer(email: string): Promise<{ customer: string; subscription: string }> {
  const customer = await stripe.customers.create({ email }, { stripeAccount: account });
  const session = await stripe.checkout.sessions.create(
    { mode: 'subscription', line_items: [{ price: price.id, quantity: 1 }], customer: customer.id, success_url: 'http://app.test/ok', cancel_url: 'http://app.test/no' },
    { stripeAccount: account },
  );
  const page = await (await fetch(session.url!)).text();
  const pay = [...page.matchAll(/<form method="post" action="([^"]+)"><button type="submit">Pay<\/button><\/form>/g)][0]!;
  const paid = await fetch(new URL(pay[1]!.replaceAll('&#38;', '&'), session.url!).href, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const subscriptions = await stripe.subscriptions.list({ customer: customer.id }, { stripeAccount: account });
  return { customer: customer.id, subscription: subscriptions.data[0]!.id };
}

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env });
  stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, apiUrl: new URL(stripeServer.url), webhookSecret: undefined, connectWebhookSecret: undefined });
  creator = await creatorWithSite(server);
  siteTiers = await insertTiers(server.handle.db, creator.siteId);
  account = (await stripe.accounts.create({ type: 'standard' })).id;
  await stripeServer.completeOnboarding(account);
  const product = await stripe.products.create({ name: 'Gold' }, { stripeAccount: account });
  price = await stripe.prices.create({ product: product.id, unit_amount: 500, currency: 'usd', recurring: { interval: 'month' } }, { stripeAccount: account });
  await server.handle.db.update(tiers).set({ stripeProductId: product.id, stripeMonthlyPriceId: price.id }).where(eq(tiers.id, siteTiers.gold.id));
  await server.handle.db.insert(paymentAccounts).values({ siteId: creator.siteId, stripeAccountId: account, detailsSubmitted: true, chargesEnabled: true });
});
afterAll(async () => {
  await server?.stop();
  await stripeServer?.close();
});

async function importCsv(csv: string, dryRun: boolean) {
  const response = await creator.client.post<ImportReport>('/api/members/import', { csv, mapping: { email: 'email', stripe_customer_id: 'stripe_customer_id' }, dryRun });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function memberByEmail(email: string): Promise<MemberDetail> {
  const { members } = (await creator.client.get<MembersAnswer>(`/api/members?q=${encodeURIComponent(email)}`)).body;
  return (await creator.client.get<{ member: MemberDetail }>(`/api/members/${members[0]!.id}`)).body.member;
}

describe('importing Stripe customers', () => {
  it("links each customer's live subscription on the connected account, and refuses a customer it does not know", async () => {
    const paying = await payingCustomer('payer@stripe.example');
    const unsubscribed = await stripe.customers.create({ email: 'nosub@stripe.example' }, { stripeAccount: account });
    const csv = `email,stripe_customer_id\npayer@stripe.example,${paying.customer}\nnosub@stripe.example,${unsubscribed.id}\nghost@stripe.example,cus_doesnotexist\n`;

    const dry = await importCsv(csv, true);
    expect(dry).toMatchObject({ rows: 3, create: 1, linked: 1 });
    expect(dry.refused.map((refusal) => [refusal.row, refusal.problem])).toEqual([
      [3, 'stripe-customer-not-found'],
      [4, 'stripe-customer-not-found'],
    ]);
    expect(stripeServer.requests.filter((request) => request.path === '/v1/subscriptions').every((request) => request.account === account)).toBe(true);

    expect(await importCsv(csv, false)).toMatchObject({ create: 1, linked: 1 });
    const member = await memberByEmail('payer@stripe.example');
    const subscription = stripeServer.object(paying.subscription)! as unknown as Stripe.Subscription;
    expect(member).toMatchObject({
      status: 'active',
      source: 'stripe',
      tier: { id: siteTiers.gold.id },
      cadence: 'month',
      stripeCustomerId: paying.customer,
      paysThroughStripe: true,
      renewal: { at: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(), cancelAtPeriodEnd: false },
      history: [{ kind: 'imported', detail: 'Imported from CSV and linked to their Stripe subscription' }],
    });
  });
});

describe('removing a paying member', () => {
  it('at period end: the subscription is set to cancel then, the member keeps their place until it does', async () => {
    const paying = await payingCustomer('later@stripe.example');
    await importCsv(`email,stripe_customer_id\nlater@stripe.example,${paying.customer}\n`, false);
    const member = await memberByEmail('later@stripe.example');
    const removed = await sendJson<{ member: MemberDetail }>(server, creator.client, 'DELETE', `/api/members/${member.id}`, { stripe: 'at-period-end' });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.member).toMatchObject({ status: 'active', endedAt: null, renewal: { cancelAtPeriodEnd: true } });
    expect(removed.body.member.history[0]).toMatchObject({ kind: 'renewal-canceled' });
    expect(stripeServer.object(paying.subscription)).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });

  it('now: the subscription is canceled on Stripe and the membership ends at once', async () => {
    const paying = await payingCustomer('now@stripe.example');
    await importCsv(`email,stripe_customer_id\nnow@stripe.example,${paying.customer}\n`, false);
    const member = await memberByEmail('now@stripe.example');
    const removed = await sendJson<{ member: MemberDetail }>(server, creator.client, 'DELETE', `/api/members/${member.id}`, { stripe: 'now' });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.member).toMatchObject({ status: 'canceled', paysThroughStripe: false });
    expect(removed.body.member.endedAt).not.toBeNull();
    expect(stripeServer.object(paying.subscription)).toMatchObject({ status: 'canceled' });
  });

  it('is comped only after removal: while Stripe bills them the comp is refused', async () => {
    const paying = await payingCustomer('comp@stripe.example');
    await importCsv(`email,stripe_customer_id\ncomp@stripe.example,${paying.customer}\n`, false);
    const member = await memberByEmail('comp@stripe.example');
    expect((await creator.client.post(`/api/members/${member.id}/comp`, { tierId: siteTiers.gold.id })).status).toBe(409);
    await sendJson(server, creator.client, 'DELETE', `/api/members/${member.id}`, { stripe: 'now' });
    expect((await creator.client.post(`/api/members/${member.id}/comp`, { tierId: siteTiers.gold.id })).status).toBe(200);
  });
});

describe('a comp given over an ended subscription', () => {
  /** Every event Stripe made on the account that names the subscription: its checkout, its invoices, its updates and its end. */
  async function eventsOf(subscriptionId: string): Promise<Stripe.Event[]> {
    const events = await stripe.events.list({ limit: 100 }, { stripeAccount: account });
    return events.data.filter((event) => JSON.stringify(event.data.object).includes(subscriptionId)).reverse();
  }

  async function deliverSigned(event: Stripe.Event): Promise<Response> {
    const payload = JSON.stringify(event, null, 2);
    return fetch(new URL('/api/webhooks/stripe-connect', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignature(stripeServer.secrets.connect, Math.floor(Date.now() / 1000), payload) },
      body: payload,
    });
  }

  it('keeps its tier, status and dates whatever the old subscription sends afterwards, late, retried or out of order', async () => {
    const paying = await payingCustomer('comp.late@stripe.example');
    await importCsv(`email,stripe_customer_id\ncomp.late@stripe.example,${paying.customer}\n`, false);
    const member = await memberByEmail('comp.late@stripe.example');
    // Removed now: Stripe cancels the subscription, and its customer.subscription.deleted has not reached the app yet.
    expect((await sendJson(server, creator.client, 'DELETE', `/api/members/${member.id}`, { stripe: 'now' })).status).toBe(200);
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const comped = await creator.client.post<{ member: MemberDetail }>(`/api/members/${member.id}/comp`, { tierId: siteTiers.gold.id, until });
    expect(comped.status, comped.text).toBe(200);
    const before = comped.body.member;
    expect(before).toMatchObject({ status: 'comped', source: 'comp', tier: { id: siteTiers.gold.id }, compExpiresAt: `${until}T00:00:00.000Z`, paysThroughStripe: false });

    const events = await eventsOf(paying.subscription);
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid', 'customer.subscription.deleted']));
    // The late end first, then every event again in reverse order, as retries and a slow queue deliver them.
    const late = events.filter((event) => event.type === 'customer.subscription.deleted');
    for (const event of [...late, ...[...events].reverse()]) {
      const delivered = await deliverSigned(event);
      expect(delivered.status, `${event.type}: ${await delivered.clone().text()}`).toBe(200);
    }

    const after = await memberByEmail('comp.late@stripe.example');
    const kept = (detail: MemberDetail) => ({ status: detail.status, source: detail.source, tier: detail.tier.id, cadence: detail.cadence, compExpiresAt: detail.compExpiresAt, renewal: detail.renewal, endedAt: detail.endedAt, paysThroughStripe: detail.paysThroughStripe });
    expect(kept(after)).toEqual(kept(before));
  });
});
