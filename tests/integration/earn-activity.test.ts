/**
 * Recent Activity of the ways to be paid (issue 31): a tip paid through the sales room's real Checkout and webhook,
 * and its refund, reach GET /api/activity with their sale (amount, the tip's message as the buyer wrote it, the post
 * it was given under, who paid); a product sold the same way shows what was bought; the filter takes the new kinds;
 * the other kinds the rooms write (an offer redeemed, a gift redeemed) pass through with their detail; and no creator
 * sees another's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEvent } from '../../common/api/reports.ts';
import { sales, tips } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { recordActivity } from '../../server/reports/index.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { insertPost, insertProduct, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let server: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env });
  stripeServer.useApp(server.url);
});

afterAll(async () => {
  await server?.stop();
  await stripeServer?.close();
});

async function connected(creator: Creator) {
  const stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
  const account = await stripe.accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  await db().insert(paymentAccounts).values({ siteId: creator.siteId, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
}

async function activity(creator: Creator, type?: string): Promise<ActivityEvent[]> {
  const response = await creator.client.get<{ events: ActivityEvent[] }>(`/api/activity${type ? `?type=${type}` : ''}`);
  expect(response.status, response.text).toBe(200);
  return response.body.events;
}

describe('Recent Activity of payments', () => {
  it('shows a paid tip with its amount, message as written, post and buyer, then its refund; filtered by kind; never to another creator', async () => {
    const creator = await creatorWithSite(server);
    await connected(creator);
    const post = await insertPost(db(), creator.siteId, { title: 'Storm recordings' });
    const buyer = await signUpVerified(server);
    await db().update(users).set({ fullName: 'Tom <b>Tipper</b>' }).where(eq(users.email, buyer.email));
    const message = '<img src=x onerror=alert(1)> Thank you & more';

    const { url, saleId } = await server.services.sales.startPaymentCheckout({
      site: { id: creator.siteId, handle: creator.handle },
      kind: 'tip',
      amount: 700,
      currency: 'usd',
      itemName: 'A tip',
      buyer: { userId: await userIdOf(db(), buyer.email) },
      metadata: {},
      successPath: '/tip?tipped=1',
      cancelPath: '/tip',
      withSale: async (tx, id) => {
        await tx.insert(tips).values({ saleId: id, siteId: creator.siteId, postId: post.id, message });
      },
    });
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);

    const sale = { kind: 'tip', amount: 700, currency: 'usd', message, item: '', buyer: 'Tom <b>Tipper</b>' };
    const [tipped] = await activity(creator);
    expect(tipped).toMatchObject({ type: 'tipped', member: null, post: { id: post.id, title: 'Storm recordings' }, sale });

    const [paid] = await db().select().from(sales).where(eq(sales.id, saleId));
    await stripeServer.refund(paid!.stripePaymentIntentId!);
    await expect.poll(async () => (await activity(creator)).map((event) => event.type)).toEqual(['refunded', 'tipped']);
    expect((await activity(creator, 'refunded'))[0]).toMatchObject({ type: 'refunded', sale });
    expect((await activity(creator, 'tipped')).map((event) => event.type)).toEqual(['tipped']);
    expect(await activity(creator, 'product-sold')).toEqual([]);

    const other = await creatorWithSite(server);
    expect(await activity(other)).toEqual([]);
  });

  it('shows a paid product sale with what was bought and who paid, their markup as typed for React to show as text', async () => {
    const creator = await creatorWithSite(server);
    await connected(creator);
    const markup = '<b>x</b><script>alert(1)</script>';
    const product = await insertProduct(db(), creator.siteId, { title: markup, price: 1500 });
    const buyer = await signUpVerified(server);
    await db().update(users).set({ fullName: markup }).where(eq(users.email, buyer.email));
    const opened = await buyer.client.post<{ url: string }>(`/api/sites/${creator.handle}/products/${product.slug}/checkout`, {});
    expect(opened.status, opened.text).toBe(200);
    expect((await fetch(`${opened.body.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);

    expect(await activity(creator, 'product-sold')).toEqual([
      expect.objectContaining({ type: 'product-sold', detail: '$15.00', member: null, post: null, sale: { kind: 'product', amount: 1500, currency: 'usd', message: '', item: markup, buyer: markup } }),
    ]);
    expect((await activity(creator)).map((event) => event.type)).toEqual(['product-sold']);
  });

  it('passes the other kinds of the rooms through with their detail and no sale', async () => {
    const creator = await creatorWithSite(server);
    const member = await signUpVerified(server);
    const userId = await userIdOf(db(), member.email);
    await recordActivity(db(), { siteId: creator.siteId, type: 'offer-redeemed', userId, detail: 'Spring (spring-25)', occurredAt: new Date(Date.now() - 1000) });
    await recordActivity(db(), { siteId: creator.siteId, type: 'gift-redeemed', userId, detail: '3 months of Supporter', occurredAt: new Date() });
    const events = await activity(creator);
    expect(events.map(({ type, detail, sale }) => ({ type, detail, sale }))).toEqual([
      { type: 'gift-redeemed', detail: '3 months of Supporter', sale: null },
      { type: 'offer-redeemed', detail: 'Spring (spring-25)', sale: null },
    ]);
    expect((await creator.client.get('/api/activity?type=not-a-kind')).status).toBe(400);
  });
});
