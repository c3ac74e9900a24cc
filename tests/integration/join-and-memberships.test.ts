/**
 * Tiers, joining and memberships (issue 10, items 1 to 3) on the real app, a
 * real database and the real `stripe` SDK talking to the Stripe-protocol test
 * server, which signs and delivers webhooks to the app's real routes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TierView } from '../../common/api/tiers.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { membershipEvents, paymentAccounts } from '../../db/money-schema.ts';
import { mailOutbox, rateLimits, users } from '../../db/schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { freePort } from '../support/free-port.ts';
import { joinByEmail, joinLinkFrom } from '../support/join-by-email.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let server: TestServer;
let noStripe: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env });
  stripeServer.useApp(server.url);
  noStripe = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
  await noStripe?.stop();
  await stripeServer?.close();
});

const stripe = () => createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });

interface Creator {
  client: TestClient;
  site: Awaited<ReturnType<typeof insertSite>>['site'];
  freeTierId: string;
  accountId: string | undefined;
}

/** A creator with a published site; `connected` gives it a Stripe account that has finished onboarding. */
async function creator(on: TestServer = server, { connected = true } = {}): Promise<Creator> {
  const owner = await signUpVerified(on);
  const { site, freeTier } = await insertSite(on.handle.db, await userIdOf(on.handle.db, owner.email));
  if (!connected) return { client: owner.client, site, freeTierId: freeTier.id, accountId: undefined };
  const account = await stripe().accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  await on.handle.db.insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  return { client: owner.client, site, freeTierId: freeTier.id, accountId: account.id };
}

async function paidTier(owner: Creator, body: Record<string, unknown> = {}): Promise<TierView> {
  const created = await owner.client.post<{ tier: TierView }>('/api/tiers', { name: 'Supporter', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd', benefits: ['Every paid post'], ...body });
  expect(created.status).toBe(201);
  return created.body.tier;
}

async function storedTier(id: string) {
  const [row] = await db().select().from(tiers).where(eq(tiers.id, id));
  return row!;
}

async function membershipOf(siteId: string, email: string) {
  const userId = await userIdOf(db(), email);
  const [row] = await db()
    .select()
    .from(memberships)
    .where(and(eq(memberships.siteId, siteId), eq(memberships.userId, userId)));
  return row;
}

async function historyOf(membershipId: string) {
  return db().select().from(membershipEvents).where(eq(membershipEvents.membershipId, membershipId)).orderBy(membershipEvents.occurredAt);
}

/** A signed-in fan joins the tier monthly and pays on the hosted Checkout page; answers the subscription's id. */
async function joinAndPay(owner: Creator, tier: TierView, fan: { client: TestClient; email: string }, cadence: 'month' | 'year' = 'month'): Promise<string> {
  const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.site.handle}/join`, { tierId: tier.id, cadence });
  expect(joined.status).toBe(200);
  const paid = await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`${server.url}/@${owner.site.handle}?joined=1`);
  const membership = await membershipOf(owner.site.id, fan.email);
  return membership!.stripeSubscriptionId!;
}

describe('tiers', () => {
  it('lists, creates, edits, reorders and archives with the rules', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    expect(tier).toMatchObject({ type: 'paid', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd', active: true, position: 1 });
    const listed = await owner.client.get<{ tiers: TierView[] }>('/api/tiers');
    expect(listed.body.tiers.map((one) => one.id)).toEqual([owner.freeTierId, tier.id]);

    const reordered = await owner.client.post<{ tiers: TierView[] }>('/api/tiers/order', { ids: [tier.id, owner.freeTierId] });
    expect(reordered.body.tiers.map((one) => one.id)).toEqual([tier.id, owner.freeTierId]);
    expect((await owner.client.post('/api/tiers/order', { ids: [tier.id] })).status).toBe(400);

    expect((await owner.client.post('/api/tiers', { name: 'Nothing', monthlyPrice: null, yearlyPrice: null })).body).toMatchObject({ error: { code: 'price-required' } });
    expect((await owner.client.post('/api/tiers', { name: 'Cheap', monthlyPrice: 1 })).body).toMatchObject({ error: { code: 'invalid-input', field: 'monthlyPrice' } });
    expect((await owner.client.post('/api/tiers', { name: '', monthlyPrice: 500 })).status).toBe(400);
    expect((await owner.client.post('/api/tiers', { name: 'X', monthlyPrice: 500, currency: 'zzz' })).status).toBe(400);

    const free = `/api/tiers/${owner.freeTierId}`;
    expect((await owner.client.patch(free, { monthlyPrice: 300 })).body).toMatchObject({ error: { code: 'free-tier-fixed' } });
    expect((await owner.client.patch(free, { active: false })).body).toMatchObject({ error: { code: 'free-tier-fixed' } });
    expect((await owner.client.patch<{ tier: TierView }>(free, { name: 'Friends', benefits: ['The newsletter'] })).body.tier).toMatchObject({ name: 'Friends', benefits: ['The newsletter'], type: 'free' });
    expect((await owner.client.patch(`/api/tiers/${tier.id}`, { monthlyPrice: null, yearlyPrice: null })).body).toMatchObject({ error: { code: 'price-required' } });

    const archived = await owner.client.patch<{ tier: TierView }>(`/api/tiers/${tier.id}`, { active: false });
    expect(archived.body.tier.active).toBe(false);
    const stored = await storedTier(tier.id);
    expect(stripeServer.object(stored.stripeMonthlyPriceId!)).toMatchObject({ active: false });
    expect((await owner.client.patch<{ tier: TierView }>(`/api/tiers/${tier.id}`, { active: true })).body.tier.active).toBe(true);
    expect(stripeServer.object(stored.stripeMonthlyPriceId!)).toMatchObject({ active: true });
  });

  it("answers 404 for another creator's tier and refuses members and the signed-out", async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const other = await creator();
    expect((await other.client.patch(`/api/tiers/${tier.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await other.client.patch('/api/tiers/not-an-id', { name: 'x' })).status).toBe(404);
    expect((await other.client.post('/api/tiers/order', { ids: [tier.id, other.freeTierId] })).status).toBe(400);
    expect((await createTestClient(server.url).get('/api/tiers')).status).toBe(401);
    expect((await storedTier(tier.id)).name).toBe('Supporter');
  });

  it('keeps a Product and Prices on the connected account, a new price on change, never an edited one', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const first = await storedTier(tier.id);
    expect(stripeServer.object(first.stripeProductId!)).toMatchObject({ object: 'product', name: 'Supporter' });
    expect(stripeServer.object(first.stripeMonthlyPriceId!)).toMatchObject({ unit_amount: 500, currency: 'usd', recurring: { interval: 'month' }, active: true });
    expect(stripeServer.object(first.stripeYearlyPriceId!)).toMatchObject({ unit_amount: 5000, recurring: { interval: 'year' } });
    const productCalls = stripeServer.requests.filter((request) => request.method === 'POST' && request.path === '/v1/products' && request.body.metadata !== undefined && (request.body.metadata as { tierId?: string }).tierId === tier.id);
    expect(productCalls.map((request) => request.account)).toEqual([owner.accountId]);

    await owner.client.patch(`/api/tiers/${tier.id}`, { monthlyPrice: 700, name: 'Patron', description: 'Thank you' });
    const second = await storedTier(tier.id);
    expect(second.stripeProductId).toBe(first.stripeProductId);
    expect(second.stripeMonthlyPriceId).not.toBe(first.stripeMonthlyPriceId);
    expect(second.stripeYearlyPriceId).toBe(first.stripeYearlyPriceId);
    expect(stripeServer.object(first.stripeMonthlyPriceId!)).toMatchObject({ unit_amount: 500, active: false });
    expect(stripeServer.object(second.stripeMonthlyPriceId!)).toMatchObject({ unit_amount: 700, active: true });
    expect(stripeServer.object(first.stripeProductId!)).toMatchObject({ name: 'Patron', description: 'Thank you' });
    expect(stripeServer.requests.some((request) => request.method === 'POST' && request.path === `/v1/prices/${first.stripeMonthlyPriceId}` && 'unit_amount' in request.body)).toBe(false);
  });

  it('keeps the currency of a tier that has members', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    await joinAndPay(owner, tier, fan);
    expect((await owner.client.patch(`/api/tiers/${tier.id}`, { currency: 'eur' })).body).toMatchObject({ error: { code: 'currency-fixed', field: 'currency' } });
    expect((await storedTier(tier.id)).currency).toBe('usd');
  });

  it('refuses an open paid tier before payments are connected, and on a server without Stripe', async () => {
    const unconnected = await creator(server, { connected: false });
    const refused = await unconnected.client.post('/api/tiers', { name: 'Supporter', monthlyPrice: 500 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'payments-not-ready', message: expect.stringContaining('Connect Stripe in Payments') } });
    const draft = await unconnected.client.post<{ tier: TierView }>('/api/tiers', { name: 'Later', monthlyPrice: 500, active: false });
    expect(draft.status).toBe(201);
    expect((await unconnected.client.patch(`/api/tiers/${draft.body.tier.id}`, { active: true })).body).toMatchObject({ error: { code: 'payments-not-ready' } });

    const offline = await creator(noStripe, { connected: false });
    expect((await offline.client.post('/api/tiers', { name: 'Supporter', monthlyPrice: 500 })).body).toMatchObject({ error: { code: 'payments-not-ready' } });
    expect((await offline.client.get<{ tiers: TierView[] }>('/api/tiers')).body.tiers).toHaveLength(1);
  });
});

describe('joining', () => {
  it('joins the free tier with one click', async () => {
    const owner = await creator();
    const fan = await signUpVerified(server);
    const joined = await fan.client.post(`/api/sites/${owner.site.handle}/join`, { tierId: owner.freeTierId });
    expect(joined.status).toBe(201);
    const form = await fan.client.post(`/@${owner.site.handle}/join`, `tierId=${owner.freeTierId}`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.headers.get('location')).toBe(`/@${owner.site.handle}?joined=1`);
    expect((await fan.client.get(`/@${owner.site.handle}?joined=1`)).text).toContain('Welcome! You are now a member of Harbour Sounds.');
  });

  it('opens Checkout on the connected account with no application fee, and pays into an active membership', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const page = await fan.client.get(`/@${owner.site.handle}/join`);
    expect(page.text).toContain('$5 a month');
    expect(page.text).toContain('$50 a year (save 17%)');

    const subscriptionId = await joinAndPay(owner, tier, fan, 'year');
    const session = stripeServer.requests.find((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST' && request.account === owner.accountId);
    expect(session).toBeDefined();
    expect(JSON.stringify(session!.body)).not.toContain('application_fee');
    const stored = await storedTier(tier.id);
    expect(session!.body).toMatchObject({ mode: 'subscription', customer_email: fan.email, line_items: [{ price: stored.stripeYearlyPriceId }], metadata: { siteId: owner.site.id, tierId: tier.id } });

    const membership = await membershipOf(owner.site.id, fan.email);
    expect(membership).toMatchObject({ tierId: tier.id, status: 'active', source: 'stripe', cadence: 'year', amount: 5000, currency: 'usd', cancelAtPeriodEnd: false, lifetimeValue: 5000, endedAt: null });
    const subscription = stripeServer.object(subscriptionId) as unknown as { items: { data: [{ current_period_end: number }] } };
    expect(membership!.currentPeriodEnd?.getTime()).toBe(subscription.items.data[0].current_period_end * 1000);
    expect((await historyOf(membership!.id)).map((event) => event.kind)).toEqual(['joined', 'payment']);
    const answer = await fan.client.get(`/api/sites/${owner.site.handle}/membership`);
    expect(answer.body).toEqual({ membership: { id: membership!.id, tierId: tier.id, status: 'active', cadence: 'year', currentPeriodEnd: membership!.currentPeriodEnd!.toISOString(), cancelAtPeriodEnd: false } });
    expect((await fan.client.post(`/api/sites/${owner.site.handle}/join`, { tierId: tier.id, cadence: 'month' })).body).toMatchObject({ error: { code: 'already-subscribed' } });
  });

  it('reuses the customer on a second join and makes no membership when checkout is abandoned', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.site.handle}/join`, { tierId: tier.id });
    expect(joined.body.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hosted\/checkout\//);
    expect(await membershipOf(owner.site.id, fan.email)).toBeUndefined();
    const subscriptionId = await joinAndPay(owner, tier, fan);
    await stripe().subscriptions.cancel(subscriptionId, {}, { stripeAccount: owner.accountId! });
    await stripeServer.idle();
    const again = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.site.handle}/join`, { tierId: tier.id });
    expect(again.status).toBe(200);
    const last = stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').at(-1);
    expect(last!.body.customer).toBe((await membershipOf(owner.site.id, fan.email))!.stripeCustomerId);
    expect(last!.body.customer_email).toBeUndefined();
  });

  it('takes a visitor\'s address alone on the join page for a paid tier, mails the join link and goes on to Checkout without signing in', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const visitor = createTestClient(server.url);
    const page = await visitor.get(`/@${owner.site.handle}/join`);
    expect(page.text).toContain(`<form method="post" action="/@${owner.site.handle}/join/signup" novalidate>`);
    // A member signs in on the site itself, by e-mail (docs/decisions/152).
    expect(page.text).toContain(`Already a member? <a href="/@${owner.site.handle}/sign-in">Sign in</a>.`);

    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const refused = await visitor.post(`/@${owner.site.handle}/join/signup`, form({ choice: `${tier.id}:month`, email: 'not-an-address' }), headers);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Enter a valid email address.');
    expect(refused.text).toContain('value="not-an-address"');

    const email = uniqueEmail('fan');
    const created = await visitor.post(`/@${owner.site.handle}/join/signup`, form({ choice: `${tier.id}:month`, email }), headers);
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toMatch(/\/hosted\/checkout\//);
    // Checkout is handed the address; nobody is signed in by typing one.
    const session = stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').at(-1);
    expect(session!.body.customer_email).toBe(email);
    expect(visitor.cookies.size).toBe(0);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'member', niche: '', emailVerified: false, passwordHash: null });
    expect(await joinLinkFrom(server.smtp, email)).toContain(`/@${owner.site.handle}/join/confirm?token=`);

    // The same address again, from anyone: the same answer as for a new one, and no second account.
    await db().delete(rateLimits);
    const again = await createTestClient(server.url).post(`/@${owner.site.handle}/join/signup`, form({ choice: `${owner.freeTierId}:month`, email }), headers);
    expect(again.status).toBe(200);
    expect(again.text).toContain('Check your inbox');
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);

    // The address of an account someone proved (here a verified creator's): no Checkout for whoever typed it, only the link to its owner.
    const proven = await signUpVerified(server);
    await db().delete(rateLimits);
    const sessionsBefore = stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions').length;
    const typed = await createTestClient(server.url).post(`/@${owner.site.handle}/join/signup`, form({ choice: `${tier.id}:month`, email: proven.email }), headers);
    expect(typed.status).toBe(200);
    expect(typed.text).toContain('Check your inbox');
    expect(stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions')).toHaveLength(sessionsBefore);
    expect(await joinLinkFrom(server.smtp, proven.email, 2)).toContain(`/@${owner.site.handle}/join/confirm?token=`);
  });

  it('never opens a signed-out Checkout on the saved customer of the account the typed address names (review L5)', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const email = uniqueEmail('paid-before');
    // An address nobody has proven, whose earlier signed-out payment left a Stripe customer on a membership that lapsed.
    const [account] = await db()
      .insert(users)
      .values(buildNewUser({ email, fullName: '', niche: '', passwordHash: null, emailVerified: false, now: new Date(), role: 'member' }))
      .returning();
    await db().insert(memberships).values({ siteId: owner.site.id, userId: account!.id, tierId: tier.id, status: 'canceled', source: 'stripe', stripeCustomerId: 'cus_earlier_payer' });
    const typed = await createTestClient(server.url).post(`/@${owner.site.handle}/join/signup`, new URLSearchParams({ choice: `${tier.id}:month`, email }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect([typed.status, typed.headers.get('location')]).toEqual([303, expect.stringMatching(/\/hosted\/checkout\//)]);
    const session = stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').at(-1);
    expect(session!.body.customer).toBeUndefined();
    expect(session!.body.customer_email).toBe(email);
  });

  it('opens Checkout again for a signed-out paid join retried at once, keeping the link already mailed (review M2)', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const email = uniqueEmail('retry');
    const pay = () => createTestClient(server.url).post(`/@${owner.site.handle}/join/signup`, new URLSearchParams({ choice: `${tier.id}:month`, email }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    const first = await pay();
    const retry = await pay();
    for (const answer of [first, retry]) expect([answer.status, answer.headers.get('location')]).toEqual([303, expect.stringMatching(/\/hosted\/checkout\//)]);
    // One mail: the retry kept the link already sent. A free join asked again at once still waits a minute.
    expect(await db().select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.recipient, email))).toHaveLength(1);
    const free = await createTestClient(server.url).post(`/@${owner.site.handle}/join/signup`, new URLSearchParams({ choice: `${owner.freeTierId}:month`, email }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(free.status).toBe(429);
  });

  it('joins a visitor to the free tier by the mailed link and lands them on the site with a welcome', async () => {
    const owner = await creator();
    const visitor = createTestClient(server.url);
    const email = uniqueEmail('fan');
    await joinByEmail(visitor, server.smtp, { handle: owner.site.handle, tierId: owner.freeTierId, email });
    expect((await visitor.get(`/@${owner.site.handle}?joined=1`)).text).toContain('Welcome! You are now a member');
    expect(await membershipOf(owner.site.id, email)).toMatchObject({ status: 'active', source: 'free', tierId: owner.freeTierId });
  });
});

describe('one payable Checkout per member', () => {
  const sessionsCreatedOn = (accountId: string | undefined) => stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST' && request.account === accountId).length;

  it('two joins at once before any webhook open one session; paid, a join before the webhook arrives is refused with already-subscribed', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const join = () => fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.site.handle}/join`, { tierId: tier.id, cadence: 'month' });
    const [first, second] = await Promise.all([join(), join()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.checkoutUrl).toBe(first.body.checkoutUrl);
    expect((await join()).body.checkoutUrl).toBe(first.body.checkoutUrl);
    expect(sessionsCreatedOn(owner.accountId)).toBe(1);

    // Paid, but Stripe's webhooks have not reached the app yet.
    stripeServer.setWebhooks({ connectWebhook: { url: `http://127.0.0.1:${await freePort()}/` } });
    try {
      expect((await fetch(`${first.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      await stripeServer.idle();
      expect(await membershipOf(owner.site.id, fan.email)).toBeUndefined();
      const again = await join();
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: { code: 'already-subscribed' } });
      const onPage = await fan.client.post(`/@${owner.site.handle}/join`, `tierId=${tier.id}&cadence=year`, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(onPage.headers.get('location')).toBe(`/@${owner.site.handle}/join?error=already-subscribed`);
    } finally {
      stripeServer.useApp(server.url);
    }
    expect(sessionsCreatedOn(owner.accountId)).toBe(1);
    const subscriptions = await stripe().subscriptions.list({ status: 'all' }, { stripeAccount: owner.accountId! });
    expect(subscriptions.data).toHaveLength(1);
  });

  it('a join for another cadence expires the open session first, so only the last one can be paid', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const monthly = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.site.handle}/join`, { tierId: tier.id, cadence: 'month' });
    const yearly = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.site.handle}/join`, { tierId: tier.id, cadence: 'year' });
    expect(yearly.body.checkoutUrl).not.toBe(monthly.body.checkoutUrl);
    const monthlyId = new URL(monthly.body.checkoutUrl).pathname.split('/').at(-1)!;
    expect(stripeServer.object(monthlyId)).toMatchObject({ status: 'expired' });
    expect((await fetch(`${monthly.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).not.toBe(303);
    expect((await fetch(`${yearly.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(await membershipOf(owner.site.id, fan.email)).toMatchObject({ status: 'active', cadence: 'year' });
    const subscriptions = await stripe().subscriptions.list({ status: 'all' }, { stripeAccount: owner.accountId! });
    expect(subscriptions.data).toHaveLength(1);
  });
});

describe('memberships kept true by the webhooks', () => {
  it('applies the same event twice once', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    await joinAndPay(owner, tier, fan);
    const paid = stripeServer.deliveries.filter((delivery) => delivery.type === 'invoice.paid' && delivery.account === owner.accountId).at(-1)!;
    const invoice = (await stripe().events.retrieve(paid.eventId, {}, { stripeAccount: owner.accountId! })).data.object;
    // The same invoice under a new event id: Stripe's "at least once" delivery.
    await stripeServer.emit('invoice.paid', invoice as unknown as Record<string, unknown>, { account: owner.accountId! });
    const membership = await membershipOf(owner.site.id, fan.email);
    expect(membership!.lifetimeValue).toBe(500);
    expect((await historyOf(membership!.id)).filter((event) => event.kind === 'payment')).toHaveLength(1);
  });

  it('ends right when the deletion arrives before an older update', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const subscriptionId = await joinAndPay(owner, tier, fan);
    const before = stripeServer.object(subscriptionId)!;
    await stripe().subscriptions.cancel(subscriptionId, {}, { stripeAccount: owner.accountId! });
    await stripeServer.idle();
    // A late `updated` carrying the old, active object: the app reads the subscription as it is now.
    await stripeServer.emit('customer.subscription.updated', before, { account: owner.accountId! });
    const membership = await membershipOf(owner.site.id, fan.email);
    expect(membership).toMatchObject({ status: 'canceled' });
    expect(membership!.endedAt).not.toBeNull();
    expect((await historyOf(membership!.id)).filter((event) => event.kind === 'ended')).toHaveLength(1);
  });

  it("ignores an event for another site's price", async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const other = await creator();
    await paidTier(other);
    const fan = await signUpVerified(server);
    const subscriptionId = await joinAndPay(owner, tier, fan);
    const subscription = stripeServer.object(subscriptionId)!;
    // The owner's subscription announced as if it came from the other creator's account.
    await stripeServer.emit('customer.subscription.updated', subscription, { account: other.accountId! });
    expect(await membershipOf(other.site.id, fan.email)).toBeUndefined();
    // A subscription on the owner's account for a price of no tier at all.
    const product = await stripe().products.create({ name: 'Side project' }, { stripeAccount: owner.accountId! });
    const price = await stripe().prices.create({ product: product.id, unit_amount: 900, currency: 'usd', recurring: { interval: 'month' } }, { stripeAccount: owner.accountId! });
    const foreign = { ...subscription, id: subscriptionId, items: { object: 'list', data: [{ price }] } };
    await stripeServer.emit('customer.subscription.updated', foreign, { account: owner.accountId! });
    expect(await membershipOf(owner.site.id, fan.email)).toMatchObject({ tierId: tier.id, status: 'active' });
    // Both are taken (200), so Stripe does not retry news that is nobody's here.
    expect(stripeServer.deliveries.slice(-2).map((delivery) => delivery.status)).toEqual([200, 200]);
  });

  it('marks a failed renewal past_due, then a cancel keeps access to the period end, then the deletion ends it', async () => {
    const owner = await creator();
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const subscriptionId = await joinAndPay(owner, tier, fan);
    await stripeServer.failNextInvoice(subscriptionId);
    const failed = await membershipOf(owner.site.id, fan.email);
    expect(failed).toMatchObject({ status: 'past_due' });
    expect((await historyOf(failed!.id)).map((event) => event.kind)).toContain('payment-failed');

    await stripeServer.renew(subscriptionId);
    expect(await membershipOf(owner.site.id, fan.email)).toMatchObject({ status: 'active', lifetimeValue: 1000 });

    await stripe().subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { stripeAccount: owner.accountId! });
    await stripeServer.idle();
    const canceling = await membershipOf(owner.site.id, fan.email);
    expect(canceling).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, endedAt: null });

    await stripe().subscriptions.cancel(subscriptionId, {}, { stripeAccount: owner.accountId! });
    await stripeServer.idle();
    const ended = await membershipOf(owner.site.id, fan.email);
    expect(ended).toMatchObject({ status: 'canceled' });
    expect(ended!.endedAt).not.toBeNull();
    expect((await historyOf(ended!.id)).map((event) => event.kind)).toEqual(['joined', 'payment', 'payment-failed', 'payment', 'renewal-canceled', 'ended']);
  });
});
