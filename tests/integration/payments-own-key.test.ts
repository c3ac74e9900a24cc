/**
 * Stripe with the creator's own key (issue 29 item 3, docs/decisions/144), on
 * a server with no operator Stripe settings, with the real `stripe` SDK against
 * the local Stripe-protocol server: a good key connects (its account, a webhook
 * endpoint made on it, key and signing secret sealed in the row); wrong,
 * publishable, under-permitted and other-account keys are refused by name; a
 * key revoked after it was saved shows in the status and stops paid joins
 * cleanly; the site's webhooks are verified with its own endpoint's secret; and
 * a paid tier, Checkout, the webhooks and the billing portal run on the key.
 * Disconnecting waits until no member's subscription bills on the key; a
 * webhook that meets a revoked key is answered and marks it refused; deleting
 * the account deletes the site's endpoint on Stripe.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsStatus } from '../../common/api/payments.ts';
import type { TierView } from '../../common/api/tiers.ts';
import { memberships } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { createSecretBox } from '../../server/secrets/index.ts';
import { signUpVerified, STRONG_PASSWORD } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startStripeServer, stripeSignature, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripe: StripeServer;
let server: TestServer;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  stripe = await startStripeServer();
  // No STRIPE_SECRET_KEY nor webhook secrets: the fresh install of a creator hosting their own site.
  server = await startTestServer({ env: { STRIPE_API_URL: stripe.url } });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

const saveKey = (creator: Creator, secretKey: string) => creator.patch<PaymentsStatus & { error?: { code: string; message: string; field?: string } }>('/api/payments/key', { secretKey });
const rowOf = async (siteId: string) => (await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, siteId)))[0];

async function connected(name = 'Ada Writes') {
  const creator = await creatorWithSite(server);
  const key = stripe.createAccountKey({ name });
  const saved = await saveKey(creator, key.secretKey);
  expect(saved.status, saved.text).toBe(200);
  return { creator, key };
}

async function paidTier(creator: Creator) {
  const created = await creator.client.post<{ tier: TierView }>('/api/tiers', { name: 'Supporter', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd' });
  expect(created.status, created.text).toBe(201);
  return created.body.tier;
}

describe('connecting with the creator’s own key', () => {
  it('checks the key, makes the webhook endpoint on its account and keeps key and signing secret sealed', async () => {
    const creator = await creatorWithSite(server);
    expect((await creator.client.get<PaymentsStatus>('/api/payments/status')).body).toEqual({ configured: false, account: null });
    const key = stripe.createAccountKey({ name: 'Ada Writes' });

    const saved = await saveKey(creator, key.secretKey);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      configured: false,
      account: { mode: 'key', accountId: key.accountId, name: 'Ada Writes', keyStatus: 'active', chargesEnabled: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], defaultCurrency: 'usd' },
    });
    const [endpoint, ...others] = stripe.webhookEndpoints(key.accountId);
    expect(others).toEqual([]);
    expect(endpoint!.url).toBe(`${server.url}/api/webhooks/stripe/sites/${creator.siteId}`);
    expect(stripe.requests.findLast((request) => request.path === '/v1/webhook_endpoints')?.body.api_version).toBe(Stripe.API_VERSION);
    expect(endpoint!.enabledEvents).toEqual(expect.arrayContaining(['checkout.session.completed', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid', 'invoice.payment_failed', 'account.updated']));

    const row = await rowOf(creator.siteId);
    expect(row).toMatchObject({ mode: 'key', stripeAccountId: key.accountId, webhookEndpointId: endpoint!.id, keyRefusedAt: null });
    // Sealed: neither the key nor the signing secret is in the row, nor any part of them long enough to matter.
    expect(row!.secretKey).toMatch(/^v1\./);
    expect(row!.webhookSecret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(key.secretKey.slice(8));
    expect(JSON.stringify(row)).not.toContain(endpoint!.secret.slice(6));
    // The status reads the account with the key itself (no Stripe-Account header).
    expect(stripe.requests.filter((request) => request.path === '/v1/account').at(-1)?.account).toBeUndefined();
  });

  it('refuses a wrong key, a publishable key and a key that is not one, naming what is wrong, and keeps nothing', async () => {
    const creator = await creatorWithSite(server);
    const key = stripe.createAccountKey();
    const wrong = await saveKey(creator, 'sk_test_notARealKeyAtAll123');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'invalid-stripe-key', field: 'secretKey' });
    expect(wrong.body.error!.message).toMatch(/Stripe refused this key: Invalid API Key provided/);

    const publishable = await saveKey(creator, key.publishableKey);
    expect(publishable.status).toBe(400);
    expect(publishable.body.error).toMatchObject({ code: 'invalid-stripe-key', field: 'secretKey' });
    expect(publishable.body.error!.message).toMatch(/publishable key/);

    const nonsense = await saveKey(creator, 'hello there');
    expect(nonsense.status).toBe(400);
    expect(nonsense.body.error!.code).toBe('invalid-stripe-key');

    const empty = await saveKey(creator, '   ');
    expect(empty.status).toBe(400);
    expect(await rowOf(creator.siteId)).toBeUndefined();
    expect(stripe.webhookEndpoints(key.accountId)).toEqual([]);
  });

  it('answers Stripe’s own refusal of a publishable key the same way when it reaches Stripe', async () => {
    const { publishableKey } = stripe.createAccountKey();
    const client = new Stripe(publishableKey, { host: '127.0.0.1', port: Number(new URL(stripe.url).port), protocol: 'http' });
    await expect(client.accounts.retrieveCurrent()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('refuses a restricted key lacking a permission it needs, naming the permission, and takes one that has them', async () => {
    const creator = await creatorWithSite(server);
    const lacking = stripe.createAccountKey({ restricted: true, missing: ['rak_checkout_session_write'] });
    const refused = await saveKey(creator, lacking.secretKey);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid-stripe-key', field: 'secretKey' });
    expect(refused.body.error!.message).toContain('“Checkout Sessions: Write”');
    // Checked before anything was made on the account.
    expect(stripe.webhookEndpoints(lacking.accountId)).toEqual([]);

    const noWebhooks = stripe.createAccountKey({ restricted: true, missing: ['rak_webhook_write'] });
    const refusedAgain = await saveKey(creator, noWebhooks.secretKey);
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.body.error!.message).toContain('“Webhook Endpoints: Write”');
    expect(await rowOf(creator.siteId)).toBeUndefined();

    const enough = stripe.createAccountKey({ restricted: true, missing: ['rak_invoice_write'] });
    const accepted = await saveKey(creator, enough.secretKey);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.account).toMatchObject({ mode: 'key', accountId: enough.accountId });
  });

  it('says when Stripe refuses the site’s webhook address (a live key on an http APP_URL), and keeps nothing', async () => {
    const creator = await creatorWithSite(server);
    const live = stripe.createAccountKey({ live: true });
    const refused = await saveKey(creator, live.secretKey);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid-stripe-key', field: 'secretKey' });
    expect(refused.body.error!.message).toContain(`Stripe refused this site's webhook address (${server.url}/api/webhooks/stripe/sites/${creator.siteId})`);
    expect(refused.body.error!.message).toContain('APP_URL');
    expect(await rowOf(creator.siteId)).toBeUndefined();
    expect(stripe.webhookEndpoints(live.accountId)).toEqual([]);
  });

  it('takes a new key of the same account (a rolled key) and replaces the endpoint; refuses another account’s key once paid tiers live on the first', async () => {
    const { creator, key } = await connected();
    const [firstEndpoint] = stripe.webhookEndpoints(key.accountId);
    const rolled = stripe.createAccountKey({ account: key.accountId });
    expect((await saveKey(creator, rolled.secretKey)).status).toBe(200);
    const endpoints = stripe.webhookEndpoints(key.accountId);
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]!.id).not.toBe(firstEndpoint!.id);

    await paidTier(creator);
    const other = stripe.createAccountKey({ name: 'Someone Else' });
    const refused = await saveKey(creator, other.secretKey);
    expect(refused.status).toBe(400);
    expect(refused.body.error!.code).toBe('invalid-stripe-key');
    expect(refused.body.error!.message).toContain(`another Stripe account (${other.accountId})`);
    expect(refused.body.error!.message).toContain(key.accountId);
    // Nothing left behind on the other account, and the site still on its own.
    expect(stripe.webhookEndpoints(other.accountId)).toEqual([]);
    expect(await rowOf(creator.siteId)).toMatchObject({ stripeAccountId: key.accountId });

    // Nor can another site of this server take an account already connected here.
    const second = await creatorWithSite(server);
    const taken = await saveKey(second, rolled.secretKey);
    expect(taken.status).toBe(400);
    expect(taken.body.error!.message).toMatch(/already connected to another site/);
  });

  it('disconnects: deletes the endpoint on Stripe, forgets the key, and paid tiers stop', async () => {
    const { creator, key } = await connected();
    await paidTier(creator);
    const gone = await creator.delete<PaymentsStatus>('/api/payments/key');
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toEqual({ configured: false, account: null });
    expect(stripe.webhookEndpoints(key.accountId)).toEqual([]);
    expect(await rowOf(creator.siteId)).toMatchObject({ secretKey: null, webhookSecret: null, webhookEndpointId: null, stripeAccountId: key.accountId });
    expect((await server.services.paymentAccounts.paymentsReady(creator.siteId)).ready).toBe(false);
    expect((await creator.delete('/api/payments/key')).status).toBe(404);
    // The account stays known: its key may be pasted again.
    expect((await saveKey(creator, key.secretKey)).status).toBe(200);
  });

  it('refuses to disconnect while a member’s subscription bills on the key, naming how many and what to do; once it ended, disconnects', async () => {
    const { creator, key } = await connected();
    const tier = await paidTier(creator);
    const fan = await signUpVerified(server);
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${creator.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect(joined.status, joined.text).toBe(200);
    expect((await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await stripe.idle();
    const [membership] = await server.handle.db.select().from(memberships).where(eq(memberships.siteId, creator.siteId));
    expect(membership).toMatchObject({ status: 'active', source: 'stripe' });

    const refused = await creator.delete<{ error: { code: string; message: string } }>('/api/payments/key');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('paying-members');
    expect(refused.body.error.message).toContain('One member still pays through this Stripe account');
    expect(refused.body.error.message).toContain('Ends now');
    // Nothing was forgotten nor deleted: the key, the endpoint and the member's webhooks all still work.
    expect(await rowOf(creator.siteId)).toMatchObject({ mode: 'key', keyRefusedAt: null });
    expect((await rowOf(creator.siteId))!.secretKey).not.toBeNull();
    expect(stripe.webhookEndpoints(key.accountId)).toHaveLength(1);

    // The creator ends the subscription now, with the key; Stripe's news arrives, then disconnecting is allowed.
    expect((await sendJson(server, creator.client, 'DELETE', `/api/members/${membership!.id}`, { stripe: 'now' })).status).toBe(200);
    await stripe.idle();
    const gone = await creator.delete<PaymentsStatus>('/api/payments/key');
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body.account).toBeNull();
    expect(stripe.webhookEndpoints(key.accountId)).toEqual([]);
  });

  it('expires the site’s Checkout pages still open when it disconnects, so nobody pays into a subscription nobody here hears of', async () => {
    const { creator, key } = await connected();
    const tier = await paidTier(creator);
    const fan = await signUpVerified(server);
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${creator.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect(joined.status, joined.text).toBe(200);
    const sessionId = joined.body.checkoutUrl.split('/').at(-1)!;
    // Another Checkout on the same account, not this site's (the creator sells something else there): left alone.
    const own = new Stripe(key.secretKey, { host: '127.0.0.1', port: Number(new URL(stripe.url).port), protocol: 'http' });
    const otherPrice = await own.prices.create({ currency: 'usd', unit_amount: 900, recurring: { interval: 'month' }, product_data: { name: 'Course' } });
    const elsewhere = await own.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: otherPrice.id, quantity: 1 }], success_url: 'https://example.com/done' });

    expect((await creator.delete('/api/payments/key')).status).toBe(200);
    expect(stripe.object(sessionId)).toMatchObject({ status: 'expired' });
    expect(stripe.object(elsewhere.id)).toMatchObject({ status: 'open' });
    // Paying the expired page makes nothing: no redirect to the site, no subscription.
    expect((await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).not.toBe(303);
    expect(stripe.object(sessionId)).toMatchObject({ subscription: null });
  });

  it('counts only the site’s own paying members: another site’s do not stop its disconnection', async () => {
    const paying = await connected('Paying Site');
    const tier = await paidTier(paying.creator);
    const fan = await signUpVerified(server);
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${paying.creator.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect((await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await stripe.idle();
    expect((await paying.creator.delete('/api/payments/key')).status).toBe(409);

    const { creator } = await connected('Quiet Site');
    expect((await creator.delete('/api/payments/key')).status).toBe(200);
  });

  it('lets only the site’s creator connect or disconnect, and only from the studio', async () => {
    const { creator } = await connected();
    const fan = await signUpVerified(server);
    const key = stripe.createAccountKey();
    // A member without a site has no payments to connect: nothing of the creator's is reached.
    expect((await sendJson(server, fan.client, 'PATCH', '/api/payments/key', { secretKey: key.secretKey })).status).toBeGreaterThanOrEqual(400);
    expect((await sendJson(server, fan.client, 'DELETE', '/api/payments/key')).status).toBeGreaterThanOrEqual(400);
    expect(stripe.webhookEndpoints(key.accountId)).toEqual([]);
    // Another origin is refused before anything runs.
    const cross = await fetch(new URL('/api/payments/key', server.url), {
      method: 'DELETE',
      headers: { cookie: [...creator.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    expect((await rowOf(creator.siteId))!.secretKey).not.toBeNull();
  });
});

describe('deleting the creator’s account', () => {
  it('deletes the webhook endpoint the site’s key made on Stripe, and only that site’s; a refused deletion keeps it', async () => {
    const { creator, key } = await connected('Leaving Studio');
    const other = await connected('Staying Studio');
    const tier = await paidTier(creator);
    const fan = await signUpVerified(server);
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${creator.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect((await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await stripe.idle();
    const [membership] = await server.handle.db.select().from(memberships).where(eq(memberships.siteId, creator.siteId));

    // Refused while the member pays: the site and its endpoint stay as they were.
    expect((await sendJson(server, creator.client, 'DELETE', '/api/account', { password: STRONG_PASSWORD })).status).toBe(409);
    expect(stripe.webhookEndpoints(key.accountId)).toHaveLength(1);

    expect((await sendJson(server, creator.client, 'DELETE', `/api/members/${membership!.id}`, { stripe: 'now' })).status).toBe(200);
    await stripe.idle();
    const deleted = await sendJson(server, creator.client, 'DELETE', '/api/account', { password: STRONG_PASSWORD });
    expect(deleted.status, deleted.text).toBe(204);
    expect(stripe.webhookEndpoints(key.accountId)).toEqual([]);
    expect(stripe.requests.findLast((request) => request.method === 'DELETE' && request.path.startsWith('/v1/webhook_endpoints/'))?.account).toBeUndefined();
    expect(await rowOf(creator.siteId)).toBeUndefined();
    // Another creator's site and endpoint are untouched.
    expect(stripe.webhookEndpoints(other.key.accountId)).toHaveLength(1);
    expect((await rowOf(other.creator.siteId))!.secretKey).not.toBeNull();
  });
});

describe('the site’s own webhooks', () => {
  it('accepts an event signed with the site’s endpoint secret and refuses one signed with another secret, or sent for another site', async () => {
    const { creator, key } = await connected();
    const [endpoint] = stripe.webhookEndpoints(key.accountId);
    const other = await connected('Other Site');
    const url = `${server.url}/api/webhooks/stripe/sites/${creator.siteId}`;
    const event = (id: string) => JSON.stringify({ id, object: 'event', type: 'customer.created', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object: { id: 'cus_x', object: 'customer' } }, livemode: false, pending_webhooks: 1, request: { id: null } });
    const post = (target: string, body: string, secret: string) =>
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(secret, Math.floor(Date.now() / 1000), body) }, body });

    const good = await post(url, event('evt_own_1'), endpoint!.secret);
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: true, outcome: 'applied' });

    const [otherEndpoint] = stripe.webhookEndpoints(other.key.accountId);
    expect((await post(url, event('evt_own_2'), otherEndpoint!.secret)).status).toBe(400);
    expect((await post(url, event('evt_own_3'), stripe.secrets.connect)).status).toBe(400);
    // A foreign or unknown site id: nothing to verify against.
    expect((await post(`${server.url}/api/webhooks/stripe/sites/00000000-0000-4000-8000-000000000000`, event('evt_own_4'), endpoint!.secret)).status).toBe(404);
    expect((await post(`${server.url}/api/webhooks/stripe/sites/not-a-site`, event('evt_own_5'), endpoint!.secret)).status).toBe(404);
    // The platform's endpoints do not exist on this server at all.
    expect((await post(`${server.url}/api/webhooks/stripe-connect`, event('evt_own_6'), endpoint!.secret)).status).not.toBe(200);
  });
});

describe('paid members on the creator’s own key', () => {
  it('makes the tier’s prices, opens Checkout, and the webhooks make the membership; the billing portal opens on the same account', async () => {
    const { creator, key } = await connected();
    const tier = await paidTier(creator);
    const products = stripe.requests.filter((request) => request.path === '/v1/products' && request.method === 'POST' && request.body.name === 'Supporter');
    expect(products.at(-1)?.account).toBeUndefined();

    const fan = await signUpVerified(server);
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${creator.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/hosted/checkout/`));
    const paid = await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await stripe.idle();

    const delivered = stripe.deliveries.filter((delivery) => delivery.account === key.accountId && delivery.type === 'checkout.session.completed');
    expect(delivered.at(-1)).toMatchObject({ status: 200, url: `${server.url}/api/webhooks/stripe/sites/${creator.siteId}` });
    const [membership] = await server.handle.db.select().from(memberships).where(eq(memberships.siteId, creator.siteId));
    expect(membership).toMatchObject({ tierId: tier.id, source: 'stripe', status: 'active' });
    expect(membership!.stripeSubscriptionId).toMatch(/^sub_/);

    const portal = await fan.client.post(`/api/sites/${creator.handle}/billing-portal`, '', FORM);
    expect(portal.status).toBe(303);
    expect(portal.headers.get('location')).toMatch(new RegExp(`^${stripe.url}/hosted/portal/bps_`));
    expect(stripe.requests.findLast((request) => request.path === '/v1/billing_portal/sessions')?.account).toBeUndefined();

    // The creator removes the paying member now: the subscription is canceled on the creator's own account, with the key.
    const now = await sendJson<{ member: { status: string } }>(server, creator.client, 'DELETE', `/api/members/${membership!.id}`, { stripe: 'now' });
    expect(now.status, now.text).toBe(200);
    expect(now.body.member.status).toBe('canceled');
    const cancel = stripe.requests.findLast((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${membership!.stripeSubscriptionId}`);
    expect(cancel).toBeDefined();
    expect(cancel!.account).toBeUndefined();
    expect(stripe.object(membership!.stripeSubscriptionId!)).toMatchObject({ status: 'canceled' });
  });

  it('says a key revoked after it was saved no longer works, and a paid join stops with “not available”, making nothing', async () => {
    const { creator, key } = await connected();
    const tier = await paidTier(creator);
    stripe.revokeKey(key.secretKey);

    const fan = await signUpVerified(server);
    const sessionsBefore = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').length;
    const joined = await fan.client.post<{ error: { code: string } }>(`/api/sites/${creator.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect(joined.status).toBe(409);
    expect(joined.body.error.code).toBe('paid-tier-unavailable');
    expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').length).toBe(sessionsBefore + 1);
    expect(await server.handle.db.select().from(memberships).where(eq(memberships.siteId, creator.siteId))).toEqual([]);

    const status = await creator.client.get<PaymentsStatus>('/api/payments/status');
    expect(status.status).toBe(200);
    expect(status.body.account).toMatchObject({ mode: 'key', accountId: key.accountId, keyStatus: 'refused' });
    expect((await rowOf(creator.siteId))!.keyRefusedAt).toBeInstanceOf(Date);
    // The next join stops before Stripe is asked.
    const again = await fan.client.post<{ error: { code: string } }>(`/api/sites/${creator.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect(again.status).toBe(409);
    expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').length).toBe(sessionsBefore + 1);

    // A new key of the account mends it.
    const fresh = stripe.createAccountKey({ account: key.accountId });
    const mended = await saveKey(creator, fresh.secretKey);
    expect(mended.status, mended.text).toBe(200);
    expect(mended.body.account).toMatchObject({ keyStatus: 'active' });
  });

  it('treats a key sealed under another APP_SECRET (changed or lost) as one that no longer works: no 500s, and pasting it again mends it', async () => {
    const { creator, key } = await connected();
    const tier = await paidTier(creator);
    const [endpoint] = stripe.webhookEndpoints(key.accountId);
    const otherBox = createSecretBox('another-app-secret-0123456789abcdefghijklmnopqrstuvwxyz');
    await server.handle.db
      .update(paymentAccounts)
      .set({ secretKey: otherBox.seal(key.secretKey, `payment_accounts.secret_key:${creator.siteId}`), webhookSecret: otherBox.seal(endpoint!.secret, `payment_accounts.webhook_secret:${creator.siteId}`) })
      .where(eq(paymentAccounts.siteId, creator.siteId));

    const status = await creator.client.get<PaymentsStatus>('/api/payments/status');
    expect(status.status).toBe(200);
    expect(status.body.account).toMatchObject({ keyStatus: 'refused' });
    const fan = await signUpVerified(server);
    const joined = await fan.client.post<{ error: { code: string } }>(`/api/sites/${creator.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect(joined.status).toBe(409);
    expect(joined.body.error.code).toBe('paid-tier-unavailable');
    const body = JSON.stringify({ id: 'evt_unreadable', object: 'event', type: 'customer.created', data: { object: {} } });
    const webhook = await fetch(`${server.url}/api/webhooks/stripe/sites/${creator.siteId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(endpoint!.secret, Math.floor(Date.now() / 1000), body) }, body });
    expect(webhook.status).toBe(404);

    const mended = await saveKey(creator, key.secretKey);
    expect(mended.status, mended.text).toBe(200);
    expect(mended.body.account).toMatchObject({ keyStatus: 'active' });
    // The endpoint made under the lost secret is deleted with the key pasted again; one endpoint remains.
    expect(stripe.webhookEndpoints(key.accountId).map((each) => each.id)).not.toContain(endpoint!.id);
    expect(stripe.webhookEndpoints(key.accountId)).toHaveLength(1);
  });

  it('answers a webhook that meets a revoked key with 200, marks the key refused, and a new key of the account takes the next events', async () => {
    const { creator, key } = await connected();
    const tier = await paidTier(creator);
    const fan = await signUpVerified(server);
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${creator.handle}/join`, { tierId: tier.id, cadence: 'month' });
    expect((await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await stripe.idle();
    const [membership] = await server.handle.db.select().from(memberships).where(eq(memberships.siteId, creator.siteId));
    expect(membership).toMatchObject({ status: 'active' });

    stripe.revokeKey(key.secretKey);
    const before = stripe.deliveries.length;
    await stripe.failNextInvoice(membership!.stripeSubscriptionId!);
    await stripe.idle();
    const refusedDeliveries = stripe.deliveries.slice(before).filter((delivery) => delivery.account === key.accountId);
    expect(refusedDeliveries.map((delivery) => delivery.type)).toEqual(expect.arrayContaining(['invoice.payment_failed', 'customer.subscription.updated']));
    // Answered, so Stripe does not retry for days; nothing applied, and the key is said to be refused.
    for (const delivery of refusedDeliveries) expect(delivery.status).toBe(200);
    expect((await rowOf(creator.siteId))!.keyRefusedAt).toBeInstanceOf(Date);
    expect((await creator.client.get<PaymentsStatus>('/api/payments/status')).body.account).toMatchObject({ keyStatus: 'refused' });
    expect((await server.handle.db.select().from(memberships).where(eq(memberships.id, membership!.id)))[0]).toMatchObject({ status: 'active' });

    // A new key of the same account: its new endpoint gets the next event, which sets the membership as Stripe has it now.
    expect((await saveKey(creator, stripe.createAccountKey({ account: key.accountId }).secretKey)).status).toBe(200);
    await stripe.renew(membership!.stripeSubscriptionId!);
    await stripe.idle();
    const [renewed] = await server.handle.db.select().from(memberships).where(eq(memberships.id, membership!.id));
    expect(renewed).toMatchObject({ status: 'active' });
    expect(renewed!.lifetimeValue).toBeGreaterThan(membership!.lifetimeValue);
    expect(stripe.deliveries.slice(before).filter((delivery) => delivery.status !== 200)).toEqual([]);
  });

  it('finds the revoked key from the studio’s status too, before any join', async () => {
    const { creator, key } = await connected();
    stripe.revokeKey(key.secretKey);
    const status = await creator.client.get<PaymentsStatus>('/api/payments/status');
    expect(status.body.account).toMatchObject({ keyStatus: 'refused' });
    expect((await server.services.paymentAccounts.paymentsReady(creator.siteId)).ready).toBe(false);
  });
});
