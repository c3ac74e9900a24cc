/**
 * Connect onboarding on the real app against the Stripe-protocol server:
 * one Standard account per site however often (or concurrently) the creator
 * connects, its state from Stripe and from account.updated webhooks, the
 * overview's checklist, and nobody else seeing it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../common/api/dashboard.ts';
import type { PaymentsStatus } from '../../common/api/payments.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripe: StripeServer;
let server: TestServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  server = await startTestServer({ env: stripe.env });
  stripe.useApp(server.url);
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

async function connect(creator: Creator): Promise<string> {
  const response = await creator.client.post<{ url: string }>('/api/payments/connect');
  expect(response.status, response.text).toBe(200);
  return response.body.url;
}

async function accountRows(siteId: string) {
  return server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, siteId));
}

const accountCreates = () => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/accounts');

describe('connecting Stripe', () => {
  it('makes one Standard account for the site and links to its onboarding; a second call reuses it', async () => {
    const creator = await creatorWithSite(server);
    const before = accountCreates().length;
    const first = await connect(creator);
    const second = await connect(creator);
    expect(first).toMatch(new RegExp(`^${stripe.url}/hosted/onboarding/`));
    expect(second).not.toBe(first);
    expect(accountCreates().length - before).toBe(1);
    const [row] = await accountRows(creator.siteId);
    expect(stripe.account(row!.stripeAccountId)).toMatchObject({ type: 'standard', metadata: { siteId: creator.siteId } });
    const link = stripe.requests.filter((request) => request.path === '/v1/account_links').at(-1)!;
    expect(link.body).toMatchObject({
      account: row!.stripeAccountId,
      type: 'account_onboarding',
      return_url: `${server.url}/settings/advanced?stripe=return`,
      refresh_url: `${server.url}/settings/advanced?stripe=refresh`,
    });
  });

  it('makes one account when two first calls come at once', async () => {
    const creator = await creatorWithSite(server);
    const before = accountCreates().length;
    await Promise.all([connect(creator), connect(creator), connect(creator)]);
    expect(await accountRows(creator.siteId)).toHaveLength(1);
    // The site's row lock lets one call create; the others find its row.
    expect(accountCreates().slice(before).map((request) => request.idempotencyKey)).toEqual([`connect-site-${creator.siteId}`]);
    expect(new Set(stripe.requests.filter((request) => request.path === '/v1/account_links').slice(-3).map((request) => request.body.account)).size).toBe(1);
  });

  it('reports the state Stripe gives, through onboarding on the hosted page, and ticks the checklist', async () => {
    const creator = await creatorWithSite(server);
    expect((await creator.client.get<PaymentsStatus>('/api/payments/status')).body).toEqual({ configured: true, account: null });

    const url = await connect(creator);
    const pending = await creator.client.get<PaymentsStatus>('/api/payments/status');
    expect(pending.body.account).toMatchObject({ chargesEnabled: false, detailsSubmitted: false, defaultCurrency: 'usd' });
    expect(pending.body.account!.requirementsDue.length).toBeGreaterThan(0);
    expect((await creator.client.get<Overview>('/api/dashboard/overview')).body.checklist.paymentsConnected).toBe(false);

    const done = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${server.url}/settings/advanced?stripe=return`);
    const ready = await creator.client.get<PaymentsStatus>('/api/payments/status');
    expect(ready.body).toEqual({
      configured: true,
      account: { mode: 'connect', accountId: expect.stringMatching(/^acct_/) as string, name: null, keyStatus: null, chargesEnabled: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], defaultCurrency: 'usd' },
    });
    expect((await creator.client.get<Overview>('/api/dashboard/overview')).body.checklist.paymentsConnected).toBe(true);
    const [row] = await accountRows(creator.siteId);
    expect(await server.services.paymentAccounts.paymentsReady(creator.siteId)).toMatchObject({ ready: true, stripeAccountId: row!.stripeAccountId });
    // Through Connect the site's client is the platform's, each call naming the connected account.
    expect((await server.services.paymentAccounts.paymentsReady(creator.siteId)).stripe?.stripeAccount).toBe(row!.stripeAccountId);
  });

  it('keeps the row current from account.updated without anyone asking', async () => {
    const creator = await creatorWithSite(server);
    await connect(creator);
    const [row] = await accountRows(creator.siteId);
    const account = stripe.account(row!.stripeAccountId)!;
    await stripe.updateAccount(account.id, { details_submitted: true, requirements: { currently_due: ['external_account'] } });
    const [updated] = await accountRows(creator.siteId);
    expect(updated).toMatchObject({ detailsSubmitted: true, chargesEnabled: false, requirementsDue: ['external_account'] });
    expect(await server.services.paymentAccounts.paymentsReady(creator.siteId)).toEqual({ ready: false, stripeAccountId: account.id });
  });

  it('keeps the account as Stripe has it now when an older account.updated arrives late', async () => {
    const creator = await creatorWithSite(server);
    await connect(creator);
    const [row] = await accountRows(creator.siteId);
    const accountId = row!.stripeAccountId;
    await stripe.updateAccount(accountId, { details_submitted: true, requirements: { currently_due: ['external_account'] } });
    const older = stripe.deliveries.filter((delivery) => delivery.type === 'account.updated' && delivery.account === accountId).at(-1)!;
    await stripe.completeOnboarding(accountId);
    expect((await accountRows(creator.siteId))[0]).toMatchObject({ chargesEnabled: true, requirementsDue: [] });

    // Stripe sends the older event again, late (a new id, as a redelivery of lost news would be): it names the account, nothing more.
    const late = await stripe.emit('account.updated', (stripe.object(older.eventId)!.data as { object: Record<string, unknown> }).object, { account: accountId });
    expect(stripe.deliveries.find((delivery) => delivery.eventId === late.id)).toMatchObject({ status: 200 });
    expect((await accountRows(creator.siteId))[0]).toMatchObject({ chargesEnabled: true, detailsSubmitted: true, requirementsDue: [] });
    expect(await server.services.paymentAccounts.paymentsReady(creator.siteId)).toMatchObject({ ready: true, stripeAccountId: accountId });
  });

  it("never shows or touches another creator's account", async () => {
    const owner = await creatorWithSite(server);
    const other = await creatorWithSite(server);
    const url = await connect(owner);
    await fetch(url, { method: 'POST', redirect: 'manual' });
    expect((await other.client.get<PaymentsStatus>('/api/payments/status')).body).toEqual({ configured: true, account: null });
    await connect(other);
    const [ownerRow] = await accountRows(owner.siteId);
    const [otherRow] = await accountRows(other.siteId);
    expect(otherRow!.stripeAccountId).not.toBe(ownerRow!.stripeAccountId);
    expect((await other.client.get<PaymentsStatus>('/api/payments/status')).body.account).toMatchObject({ chargesEnabled: false });
  });

  it('refuses signed-out and cross-origin calls', async () => {
    const creator = await creatorWithSite(server);
    expect((await fetch(`${server.url}/api/payments/status`)).status).toBe(401);
    const crossOrigin = await creator.client.post('/api/payments/connect', undefined, { origin: 'https://evil.example' });
    expect(crossOrigin.status).toBe(403);
    expect(await accountRows(creator.siteId)).toEqual([]);
  });
});

describe('a server without Stripe', () => {
  it('says payments are not configured and connects nothing', async () => {
    const bare = await startTestServer({ shareWith: server });
    try {
      const creator = await creatorWithSite(bare);
      expect((await creator.client.get<PaymentsStatus>('/api/payments/status')).body).toEqual({ configured: false, account: null });
      const refused = await creator.client.post('/api/payments/connect');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: { code: 'payments-not-configured' } });
      expect(await bare.services.paymentAccounts.paymentsReady(creator.siteId)).toEqual({ ready: false });
    } finally {
      await bare.stop();
    }
  });
});
