/**
 * The money paths on the embedded database, as `npm start` runs them: PGlite
 * has one connection, so a read through the app's `db` from inside a
 * transaction waits for that same transaction and the request never ends
 * (creating a paid tier did, until the tiers asked about payments through
 * their transaction, and so did publishing a draft, until the platform plan's
 * check did). Postgres cannot show this: there the read takes another
 * connection. The rest of the money tests run on TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TierView } from '../../common/api/tiers.ts';
import { memberships } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const A_PARAGRAPH = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] };

let stripeServer: StripeServer;
let server: TestServer;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env, embeddedDatabase: true });
  stripeServer.useApp(server.url);
});

afterAll(async () => {
  await server?.stop();
  await stripeServer?.close();
});

describe('money on the embedded database', () => {
  it('creates a paid tier, pays a join through the webhooks, and opens Checkout again on the same customer after a cancel', async () => {
    expect(server.database.kind).toBe('pglite');
    const stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
    const owner = await signUpVerified(server);
    const { site } = await insertSite(server.handle.db, await userIdOf(server.handle.db, owner.email));
    const account = await stripe.accounts.create({ type: 'standard' });
    await stripeServer.completeOnboarding(account.id);
    await server.handle.db.insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });

    const created = await owner.client.post<{ tier: TierView }>('/api/tiers', { name: 'Supporter', monthlyPrice: 500, currency: 'usd', benefits: ['Every paid post'] });
    expect(created.status).toBe(201);
    const tier = created.body.tier;
    expect((await owner.client.patch(`/api/tiers/${tier.id}`, { monthlyPrice: 700 })).status).toBe(200);

    const fan = await signUpVerified(server);
    const fanId = await userIdOf(server.handle.db, fan.email);
    const membership = async () => (await server.handle.db.select().from(memberships).where(and(eq(memberships.siteId, site.id), eq(memberships.userId, fanId))))[0];
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${site.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect(joined.status).toBe(200);
    const paid = await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(await membership()).toMatchObject({ tierId: tier.id, status: 'active', source: 'stripe', amount: 700 });

    await stripe.subscriptions.cancel((await membership())!.stripeSubscriptionId!, {}, { stripeAccount: account.id });
    await stripeServer.idle();
    expect(await membership()).toMatchObject({ status: 'canceled' });
    const again = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${site.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect(again.status).toBe(200);
    const session = stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').at(-1);
    expect(session!.body.customer).toBe((await membership())!.stripeCustomerId);
  });

  it('publishes a draft through the platform plan\'s check', async () => {
    const creator = await creatorWithSite(server);
    const draft = await creator.client.post<{ post: { id: string } }>('/api/posts', { title: 'Written first', body: A_PARAGRAPH, visibility: 'public', status: 'draft' });
    expect(draft.status, draft.text).toBe(201);
    const published = await creator.patch<{ post: { status: string } }>(`/api/posts/${draft.body.post.id}`, { status: 'published' });
    expect(published.status, published.text).toBe(200);
    expect(published.body.post.status).toBe('published');
  });
});
