/**
 * The sales ledger (server/sales/, docs/decisions/163) through the running server's own service, the real `stripe`
 * SDK and the Stripe-protocol test server, whose hosted "Pay" and refunds deliver signed webhooks to the app: a
 * one-time Checkout on the creator's account with no application fee, paid once, expired, refunded in whole or in
 * part, and a refund that arrives before its completion. The tips API above it is tests/integration/tips.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, siteDays } from '../../db/reports-schema.ts';
import { saleRefunds, sales } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import type { PaymentCheckoutRequest } from '../../server/sales/index.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import type { Report } from '../../common/api/reports.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { insertSiteWithOwner } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let server: TestServer;
const db = () => server.handle.db;
/** Noon of today (UTC), held: a sale and its roll-up fall on one day whatever the hour the test runs. */
const today = new Date().toISOString().slice(0, 10);
const clock = createTestClock(new Date(`${today}T12:00:00Z`));

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env, clock: clock.clock });
  stripeServer.useApp(server.url);
});

afterAll(async () => {
  await server?.stop();
  await stripeServer?.close();
});

const stripe = () => createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });

async function connectAccount(siteId: string) {
  const account = await stripe().accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  await db().insert(paymentAccounts).values({ siteId, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  return account.id;
}

async function connectedSite() {
  const { site } = await insertSiteWithOwner(db());
  return { site, accountId: await connectAccount(site.id) };
}

function tipRequest(site: { id: string; handle: string }, amount = 500): PaymentCheckoutRequest {
  return { site, kind: 'tip', amount, currency: 'usd', itemName: 'A tip', buyer: { email: 'fan@example.com' }, metadata: { note: 'kept' }, successPath: '/tip?tipped=1', cancelPath: '/tip' };
}

const saleOf = async (id: string) => (await db().select().from(sales).where(eq(sales.id, id)))[0]!;

async function pay(url: string): Promise<Response> {
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return paid;
}

describe('a one-time Checkout', () => {
  it('opens on the creator account with no application fee, and its Pay marks the sale paid once', async () => {
    const { site, accountId } = await connectedSite();
    const { url, saleId } = await server.services.sales.startPaymentCheckout(tipRequest(site));
    const opened = await saleOf(saleId);
    expect(opened).toMatchObject({ status: 'open', amount: 500, currency: 'usd', kind: 'tip', buyerEmail: 'fan@example.com' });
    const create = stripeServer.requests.find((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST' && request.idempotencyKey === `sale-${saleId}`)!;
    expect(create.account).toBe(accountId);
    expect(create.body).toMatchObject({ mode: 'payment', metadata: { saleId, siteId: site.id, kind: 'tip', note: 'kept' }, payment_intent_data: { metadata: { saleId } } });
    expect(JSON.stringify(create.body)).not.toContain('application_fee');
    expect(String(create.body.success_url)).toBe(`${server.url}/@${site.handle}/tip?tipped=1`);

    const paid = await pay(url);
    expect(paid.headers.get('location')).toBe(`${server.url}/@${site.handle}/tip?tipped=1`);
    const sale = await saleOf(saleId);
    expect(sale).toMatchObject({ status: 'paid', amount: 500, stripeCheckoutSessionId: opened.stripeCheckoutSessionId });
    expect(sale.stripePaymentIntentId).toMatch(/^pi_/);
    expect(sale.paidAt).toBeInstanceOf(Date);
    const intent = stripeServer.object(sale.stripePaymentIntentId!)!;
    expect(intent.application_fee_amount).toBeNull();
    const activity = await db().select().from(activityEvents).where(eq(activityEvents.siteId, site.id));
    expect(activity.map((row) => row.type)).toEqual(['tipped']);
  });

  it('refuses an amount that is not a whole number above 0, and a site that cannot take money', async () => {
    const { site } = await connectedSite();
    for (const amount of [0, -100, 1.5, Number.NaN]) {
      await expect(server.services.sales.startPaymentCheckout(tipRequest(site, amount))).rejects.toMatchObject({ code: 'invalid-input', status: 400 });
    }
    const { site: unconnected } = await insertSiteWithOwner(db());
    await expect(server.services.sales.startPaymentCheckout(tipRequest(unconnected))).rejects.toMatchObject({ code: 'payments-not-ready', status: 409 });
    expect(await db().select().from(sales).where(eq(sales.siteId, site.id))).toEqual([]);
  });

  it('writes no sale when Stripe refuses the session, and a session whose sale was not written pays nothing', async () => {
    const { site } = await insertSiteWithOwner(db());
    // An account Stripe does not know: the call fails, and no open sale is left behind.
    await db().insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: 'acct_nobodyknows', detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    await expect(server.services.sales.startPaymentCheckout(tipRequest(site))).rejects.toMatchObject({ status: 502 });
    expect(await db().select().from(sales).where(eq(sales.siteId, site.id))).toEqual([]);

    // The session is made, then the rows' write fails: its URL reaches nobody, and were it paid, no sale moves.
    const { site: other, accountId } = await connectedSite();
    const failing = { ...tipRequest(other), withSale: () => Promise.reject(new Error('the kind row failed')) };
    await expect(server.services.sales.startPaymentCheckout(failing)).rejects.toThrow('the kind row failed');
    expect(await db().select().from(sales).where(eq(sales.siteId, other.id))).toEqual([]);
    const { data: made } = await stripe().checkout.sessions.list({}, { stripeAccount: accountId });
    expect(made).toHaveLength(1);
    const eventsBefore = stripeServer.events(accountId).length;
    const orphan = made[0]!.url!;
    await pay(orphan);
    expect(stripeServer.events(accountId).length).toBeGreaterThan(eventsBefore);
    expect(await db().select().from(sales).where(eq(sales.siteId, other.id))).toEqual([]);
    expect(await db().select().from(activityEvents).where(eq(activityEvents.siteId, other.id))).toEqual([]);
  });

  it('expires: open to expired', async () => {
    const { site } = await connectedSite();
    const { saleId } = await server.services.sales.startPaymentCheckout(tipRequest(site));
    await stripeServer.expireSession((await saleOf(saleId)).stripeCheckoutSessionId!);
    expect((await saleOf(saleId)).status).toBe('expired');
  });

  it('a partial refund lowers what the sale brought; the rest refunded ends it, with one activity row', async () => {
    const { site } = await connectedSite();
    const { url, saleId } = await server.services.sales.startPaymentCheckout(tipRequest(site, 1000));
    await pay(url);
    const intent = (await saleOf(saleId)).stripePaymentIntentId!;
    await stripeServer.refund(intent, 300);
    expect(await saleOf(saleId)).toMatchObject({ status: 'paid', refundedAt: null });
    await stripeServer.refund(intent);
    expect((await saleOf(saleId)).status).toBe('refunded');
    const refunds = await db().select().from(saleRefunds).where(eq(saleRefunds.saleId, saleId));
    expect(refunds.map((row) => row.amount).sort()).toEqual([300, 700]);
    const types = (await db().select().from(activityEvents).where(eq(activityEvents.siteId, site.id))).map((row) => row.type);
    expect(types.sort()).toEqual(['refunded', 'tipped']);
    expect(await server.services.sales.salesTotals(site.id, 'tip')).toEqual([{ currency: 'usd', count: 1, revenue: 0 }]);
  });

  it('a whole refund that reaches us before the completion ends the sale; the late completion pays nothing', async () => {
    const { site, accountId } = await connectedSite();
    const { url, saleId } = await server.services.sales.startPaymentCheckout(tipRequest(site, 800));
    // Pay with the app's webhook endpoint away, then send the refund's event before the completion's.
    stripeServer.setWebhooks({ connectWebhook: { url: 'http://127.0.0.1:9/nowhere' } });
    await pay(url);
    const sale = await saleOf(saleId);
    expect(sale.status).toBe('open');
    const session = stripeServer.object(sale.stripeCheckoutSessionId!)!;
    await stripeServer.refund(String(session.payment_intent));
    stripeServer.useApp(server.url);
    const events = stripeServer.events(accountId);
    const refunded = events.filter((event) => event.type === 'charge.refunded').map((event) => event.id);
    const completed = events.filter((event) => event.type === 'checkout.session.completed').map((event) => event.id);
    await stripeServer.redeliver([...refunded, ...completed]);
    expect(await saleOf(saleId)).toMatchObject({ status: 'refunded', stripePaymentIntentId: session.payment_intent });
    expect((await db().select().from(saleRefunds).where(eq(saleRefunds.saleId, saleId))).map((row) => row.amount)).toEqual([800]);
    const types = (await db().select().from(activityEvents).where(eq(activityEvents.siteId, site.id))).map((row) => row.type);
    expect(types).toEqual(['refunded']);
  });

  it('the roll-up counts the day\'s paid sales less the day\'s refunds, and the report gives it per day', async () => {
    const creator = await creatorWithSite(server);
    await connectAccount(creator.siteId);
    const site = { id: creator.siteId, handle: creator.handle };
    const first = await server.services.sales.startPaymentCheckout(tipRequest(site, 1000));
    await pay(first.url);
    const second = await server.services.sales.startPaymentCheckout(tipRequest(site, 500));
    await pay(second.url);
    await server.services.sales.startPaymentCheckout(tipRequest(site, 2000));
    await stripeServer.refund((await saleOf(first.saleId)).stripePaymentIntentId!, 300);
    await server.services.reportsRollUp.rollUp();
    const [day] = await db().select().from(siteDays).where(and(eq(siteDays.siteId, creator.siteId), eq(siteDays.day, today)));
    expect(day?.oneTimeRevenue).toBe(1200);
    const report = await creator.client.get<Report>(`/api/reports?from=${today}&to=${today}`);
    expect(report.status).toBe(200);
    expect(report.body.days.at(-1)).toMatchObject({ day: today, oneTimeRevenue: 1200 });
    expect(report.body.totals.oneTimeRevenue).toBe(1200);
  });
});
