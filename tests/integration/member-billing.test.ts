/**
 * "Manage billing" on the account page (issue 10, item 3) with the real
 * `stripe` SDK against the local Stripe-protocol server: a Stripe member is
 * sent (303) to a billing portal session on the creator's connected account
 * for their own customer, coming back to the account page; a free member has
 * no portal; Stripe unreachable brings them back to the page with a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAccounts } from '../../db/money-schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertMembership, insertSite, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let stripeRunning = false;
let server: TestServer;
let handle: string;
let accountId: string;
let freeTierId: string;
let paidTierId: string;
let siteId: string;
const db = () => server.handle.db;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  stripeServer = await startStripeServer();
  stripeRunning = true;
  server = await startTestServer({ env: stripeServer.env });
  const creator = await signUpVerified(server);
  const { site, freeTier } = await insertSite(db(), await userIdOf(db(), creator.email));
  handle = site.handle;
  siteId = site.id;
  freeTierId = freeTier.id;
  paidTierId = (await insertTier(db(), site.id)).id;
  const stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
  accountId = (await stripe.accounts.create({ type: 'standard' })).id;
  await db().insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: accountId, chargesEnabled: true, detailsSubmitted: true });
});

afterAll(async () => {
  await server?.stop();
  if (stripeRunning) await stripeServer.close();
});

describe('the billing portal', () => {
  it('sends a Stripe member to a portal session for their customer on the creator’s account, and back to the account page', async () => {
    const stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
    const customer = await stripe.customers.create({ email: 'fan@example.com' }, { stripeAccount: accountId });
    const member = await signUpVerified(server);
    await insertMembership(db(), { siteId, userId: await userIdOf(db(), member.email), tierId: paidTierId, source: 'stripe', stripeCustomerId: customer.id, stripeSubscriptionId: 'sub_portal_test' });

    const answer = await member.client.post(`/api/sites/${handle}/billing-portal`, '', FORM);
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${stripeServer.url}/hosted/portal/bps_`));
    const session = stripeServer.object(location.split('/').at(-1)!)!;
    expect(session).toMatchObject({ customer: customer.id, return_url: `${server.url}/@${handle}/account` });
    const call = stripeServer.requests.findLast((request) => request.path === '/v1/billing_portal/sessions');
    expect(call?.account).toBe(accountId);

    // The account page lets the form post there: its CSP allows the portal as a form target.
    const page = await member.client.get(`/@${handle}/account`);
    const formAction = page.headers.get('content-security-policy')?.split('; ').find((directive) => directive.startsWith('form-action'));
    expect(formAction?.split(' ')).toEqual(expect.arrayContaining(["'self'", 'https://billing.stripe.com', stripeServer.url]));
  });

  it('has no portal for a free member, and none for a signed-out or cross-site caller', async () => {
    const free = await signUpVerified(server);
    await insertMembership(db(), { siteId, userId: await userIdOf(db(), free.email), tierId: freeTierId });
    expect((await free.client.post(`/api/sites/${handle}/billing-portal`, '', FORM)).status).toBe(404);
    expect((await createTestClient(server.url).post(`/api/sites/${handle}/billing-portal`, '', FORM)).status).toBe(401);
    expect((await createTestClient(server.url, 'https://evil.example').post(`/api/sites/${handle}/billing-portal`, '', FORM)).status).toBe(403);
  });

  it('brings the member back to the account page with a message when Stripe cannot be reached', async () => {
    const member = await signUpVerified(server);
    await insertMembership(db(), { siteId, userId: await userIdOf(db(), member.email), tierId: paidTierId, source: 'stripe', stripeCustomerId: 'cus_unreachable', stripeSubscriptionId: 'sub_unreachable' });
    await stripeServer.close();
    stripeRunning = false;
    const answer = await member.client.post(`/api/sites/${handle}/billing-portal`, '', FORM);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/@${handle}/account?notice=billing-failed`);
    expect((await member.client.get(answer.headers.get('location')!)).text).toContain('We could not open billing just now.');
  });
});
