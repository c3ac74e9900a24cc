/**
 * Paying for the platform plan (issue 10 item 7, docs/decisions/057) through
 * the real `stripe` SDK and the Stripe-protocol test server: Checkout on the
 * operator's own account (never a creator's), the hosted page, the platform
 * webhooks setting the plan and `account_tier`, a failed renewal, a
 * cancellation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformPlanView } from '../../common/api/platform-plan.ts';
import type { PostAnswer } from '../../common/api/posts.ts';
import { platformPlans } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const EMPTY_BODY = { type: 'doc', content: [{ type: 'paragraph' }] };
const time = createTestClock(new Date());
let stripe: StripeServer;
let server: TestServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  server = await startTestServer({ clock: time.clock, env: { ...stripe.env, PLATFORM_PRICE_MONTHLY: '1900', PLATFORM_CURRENCY: 'usd' } });
  stripe.useApp(server.url);
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

async function planOf(creator: Creator): Promise<PlatformPlanView> {
  const response = await creator.client.get<{ plan: PlatformPlanView }>('/api/platform-plan');
  expect(response.status, response.text).toBe(200);
  return response.body.plan;
}

async function checkoutUrl(creator: Creator): Promise<string> {
  const response = await creator.client.post<{ url: string }>('/api/platform-plan/checkout');
  expect(response.status, response.text).toBe(200);
  return response.body.url;
}

/** Presses a button of a hosted page as the creator's browser would, answering where it sends them. */
async function press(pageUrl: string, label: string): Promise<Response> {
  const html = await (await fetch(pageUrl)).text();
  const form = [...html.matchAll(/<form method="post" action="([^"]+)"><button type="submit">([^<]+)<\/button><\/form>/g)].find((match) => match[2] === label);
  if (!form) throw new Error(`no "${label}" on ${pageUrl}`);
  return fetch(new URL(form[1]!.replaceAll('&#38;', '&'), pageUrl), { method: 'POST', redirect: 'manual' });
}

async function lapse(creator: Creator) {
  await planOf(creator);
  await server.handle.db
    .update(platformPlans)
    .set({ trialEndsAt: new Date(time.clock().getTime() - DAY_MS) })
    .where(eq(platformPlans.userId, creator.userId));
}

async function subscribed(): Promise<{ creator: Creator; subscriptionId: string }> {
  const creator = await creatorWithSite(server);
  await lapse(creator);
  const paid = await press(await checkoutUrl(creator), 'Pay');
  expect(paid.status).toBe(303);
  await stripe.idle();
  const [row] = await server.handle.db.select().from(platformPlans).where(eq(platformPlans.userId, creator.userId));
  return { creator, subscriptionId: row!.stripeSubscriptionId! };
}

const tierOf = async (userId: string) => (await server.handle.db.select({ tier: users.accountTier }).from(users).where(eq(users.id, userId)))[0]!.tier;
const publish = (creator: Creator) => creator.client.post<PostAnswer>('/api/posts', { title: 'News', body: EMPTY_BODY, visibility: 'public', status: 'published' });

describe('the plan’s Checkout', () => {
  it('runs on the platform account, with the plan’s price found by its lookup key and the trial’s days carried over', async () => {
    const creator = await creatorWithSite(server);
    const plan = await planOf(creator);
    const from = stripe.requests.length;
    const url = await checkoutUrl(creator);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hosted\/checkout\/cs_/);

    const calls = stripe.requests.slice(from);
    // The operator's own money: no call names a creator's connected account.
    expect(calls.every((call) => call.account === undefined)).toBe(true);
    const session = calls.find((call) => call.path === '/v1/checkout/sessions' && call.method === 'POST')!;
    expect(session.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: creator.userId,
      metadata: { userId: creator.userId },
      subscription_data: { metadata: { userId: creator.userId }, trial_end: String(Math.floor(new Date(plan.trialEndsAt).getTime() / 1000)) },
      success_url: `${server.url}/settings/advanced?plan=welcome`,
      cancel_url: `${server.url}/settings/advanced`,
    });
    expect(session.body).not.toHaveProperty('subscription_data.application_fee_percent');
    const price = stripe.object(String((session.body.line_items as Record<string, { price: string }>)[0]!.price))!;
    expect(price).toMatchObject({ unit_amount: 1900, currency: 'usd', lookup_key: 'platform-plan-1900-usd', recurring: { interval: 'month' } });
    const customer = stripe.object(String(session.body.customer))!;
    expect(customer).toMatchObject({ email: creator.email, metadata: { userId: creator.userId } });

    // A second creator, and the same creator again, reuse the price; the creator keeps one customer.
    const other = await creatorWithSite(server);
    await checkoutUrl(other);
    await checkoutUrl(creator);
    const later = stripe.requests.slice(from).filter((call) => call.path === '/v1/checkout/sessions' && call.method === 'POST');
    expect(new Set(later.map((call) => (call.body.line_items as Record<string, { price: string }>)[0]!.price))).toEqual(new Set([price.id]));
    expect(later.filter((call) => call.body.customer === customer.id)).toHaveLength(2);
    expect(stripe.requests.slice(from).filter((call) => call.path === '/v1/prices' && call.method === 'POST')).toHaveLength(1);
  });

  it('makes a new price when the operator changes the fee, leaving the old one for its subscribers', async () => {
    const dearer = await startTestServer({ clock: time.clock, shareWith: server, env: { ...stripe.env, PLATFORM_PRICE_MONTHLY: '2900' } });
    try {
      const creator = await creatorWithSite(dearer);
      const from = stripe.requests.length;
      const response = await creator.client.post<{ url: string }>('/api/platform-plan/checkout');
      expect(response.status, response.text).toBe(200);
      const created = stripe.requests.slice(from).find((call) => call.path === '/v1/prices' && call.method === 'POST');
      expect(created?.body).toMatchObject({ unit_amount: '2900', lookup_key: 'platform-plan-2900-usd' });
    } finally {
      await dearer.stop();
    }
  });
});

describe('paying for the plan', () => {
  it('turns a lapsed creator into a paying one through the hosted page and the webhooks, who then publishes', async () => {
    const creator = await creatorWithSite(server);
    await lapse(creator);
    expect((await publish(creator)).status).toBe(402);
    expect(await tierOf(creator.userId)).toBe('free');

    const paid = await press(await checkoutUrl(creator), 'Pay');
    expect(paid.headers.get('location')).toBe(`${server.url}/settings/advanced?plan=welcome`);
    await stripe.idle();
    const platformDeliveries = stripe.deliveries.filter((delivery) => delivery.account === undefined);
    expect(platformDeliveries.every((delivery) => delivery.status === 200 && delivery.url.endsWith('/api/webhooks/stripe'))).toBe(true);

    const plan = await planOf(creator);
    expect(plan).toMatchObject({ status: 'active', canPublish: true, hasBilling: true, cancelAtPeriodEnd: false });
    expect(new Date(plan.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    expect(await tierOf(creator.userId)).toBe('creator');
    expect((await publish(creator)).status).toBe(201);

    const portal = await creator.client.post<{ url: string }>('/api/platform-plan/portal');
    expect(portal.status, portal.text).toBe(200);
    expect(portal.body.url).toMatch(/\/hosted\/portal\/bps_/);
    const again = await creator.client.post<{ error: { code: string } }>('/api/platform-plan/checkout');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('plan-exists');
  });

  it('pays during the trial: the subscription trials until the trial’s end, nothing is charged, and the creator is on the paid plan', async () => {
    const creator = await creatorWithSite(server);
    const trialEndsAt = new Date((await planOf(creator)).trialEndsAt);
    expect((await press(await checkoutUrl(creator), 'Pay')).status).toBe(303);
    await stripe.idle();
    const [row] = await server.handle.db.select().from(platformPlans).where(eq(platformPlans.userId, creator.userId));
    const subscription = stripe.object(row!.stripeSubscriptionId!)!;
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: Math.floor(trialEndsAt.getTime() / 1000) });
    expect(stripe.object(String(subscription.latest_invoice))).toMatchObject({ amount_paid: 0 });
    expect(await tierOf(creator.userId)).toBe('creator');
    expect((await publish(creator)).status).toBe(201);
  });

  it('keeps publishing while a failed payment is retried (past_due)', async () => {
    const { creator, subscriptionId } = await subscribed();
    await stripe.failNextInvoice(subscriptionId);
    expect(await planOf(creator)).toMatchObject({ status: 'past_due', canPublish: true });
    expect(await tierOf(creator.userId)).toBe('creator');
    expect((await publish(creator)).status).toBe(201);
    await stripe.renew(subscriptionId);
    expect((await planOf(creator)).status).toBe('active');
  });

  it('marks a plan canceled in the portal as ending, then canceled when deleted, expired after its period', async () => {
    const { creator, subscriptionId } = await subscribed();
    expect(await press((await creator.client.post<{ url: string }>('/api/platform-plan/portal')).body.url, 'Cancel subscription')).toBeTruthy();
    await stripe.idle();
    expect(await planOf(creator)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, canPublish: true });

    await stripe.setSubscriptionStatus(subscriptionId, 'canceled');
    await stripe.idle();
    const canceled = await planOf(creator);
    expect(canceled).toMatchObject({ status: 'canceled', canPublish: true });
    expect(await tierOf(creator.userId)).toBe('free');

    // In two steps, so the creator's session (30 days without a visit) is renewed on the way, as a visit would.
    time.advance(20 * DAY_MS);
    expect((await planOf(creator)).status).toBe('canceled');
    time.advance(new Date(canceled.currentPeriodEnd!).getTime() - time.clock().getTime() + 1000);
    expect(await planOf(creator)).toMatchObject({ status: 'expired', canPublish: false });
    expect((await publish(creator)).status).toBe(402);
  });

  it('reaches the same plan from stale news delivered again, and ignores a subscription that is no creator’s plan', async () => {
    const { creator, subscriptionId } = await subscribed();
    const before = await planOf(creator);
    // An old "past_due" picture of the subscription: the handler reads the current one instead.
    const stale = { ...stripe.object(subscriptionId)!, status: 'past_due' };
    await stripe.emit('customer.subscription.updated', stale);
    await stripe.emit('customer.subscription.updated', stale);
    const stranger = { id: 'sub_unknown', object: 'subscription', customer: 'cus_unknown', status: 'active', metadata: {} };
    await stripe.emit('customer.subscription.updated', stranger);
    expect(stripe.deliveries.slice(-3).map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(await planOf(creator)).toEqual(before);
    expect(before.status).toBe('active');
  });
});
