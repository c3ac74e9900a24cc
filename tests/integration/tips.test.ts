/**
 * Tips (issue 31, docs/decisions/163) through the HTTP API of real app servers, the real `stripe` SDK and the
 * Stripe-protocol test server: the creator's tip jar settings, anyone's tip Checkout on the creator's own account
 * with no application fee, paid, listed with its message as typed, the same webhooks replayed on a second server in
 * reverse order, expiry, refunds, the refusals (amounts, currency, tips off, no payments) and another creator's ids.
 * The ledger under it is tests/integration/sales-ledger.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TipsAnswer } from '../../common/api/tips.ts';
import { DEFAULT_TIP_SETTINGS, TIP_MAXIMUM_LIMIT, type TipSettings } from '../../common/earn.ts';
import { tiers } from '../../db/content-schema.ts';
import { sales, tips } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { activityEvents } from '../../db/reports-schema.ts';
import { users } from '../../db/schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, postForm, sendJson, type Creator } from '../support/creator-site.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertPost } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let server: TestServer;
let second: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env });
  second = await startTestServer({ env: stripeServer.env, shareWith: server });
  stripeServer.useApp(server.url);
});

afterAll(async () => {
  await second?.stop();
  await server?.stop();
  await stripeServer?.close();
});

const stripe = () => createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
const JAR: TipSettings = { enabled: true, presets: [300, 500, 1000], minimum: 100, maximum: 20_000 };

async function tipJar({ connected = true, settings = JAR }: { connected?: boolean; settings?: TipSettings } = {}): Promise<Creator & { accountId?: string }> {
  const creator = await creatorWithSite(server);
  expect((await creator.patch('/api/sites/mine', { tips: settings })).status).toBe(200);
  if (!connected) return creator;
  const account = await stripe().accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  await db().insert(paymentAccounts).values({ siteId: creator.siteId, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  return { ...creator, accountId: account.id };
}

const anonymous = () => createTestClient(server.url);
const tip = (handle: string, body: Record<string, unknown>) => anonymous().post<{ url: string; error?: { code: string; field?: string } }>(`/api/sites/${handle}/tips/checkout`, body);

/** "Pay" on the hosted page, as a signed-out tipper who types their address there. */
async function pay(url: string, email = 'tipper@example.com'): Promise<void> {
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, name: 'Tia Tipper' }) });
  expect(paid.status).toBe(303);
}

const sessionIdOf = (url: string) => url.split('/').at(-1)!;

describe('the tip jar settings', () => {
  it('are off until the creator turns them on, and are checked whole', async () => {
    const creator = await creatorWithSite(server);
    expect((await creator.client.get<TipsAnswer>('/api/tips')).body).toMatchObject({ settings: DEFAULT_TIP_SETTINGS, currency: 'usd', tips: [], totals: { count: 0, revenue: 0 } });
    const bad: Array<Partial<TipSettings> & Record<string, unknown>> = [
      { minimum: 0 },
      { minimum: 500, maximum: 400, presets: [] },
      { presets: [50] },
      { presets: [30_000] },
      { presets: [300, 300] },
      { presets: [100, 200, 300, 400, 500, 600, 700] },
      { presets: [150.5] },
      { maximum: TIP_MAXIMUM_LIMIT + 1 },
      { currency: 'eur' },
    ];
    for (const change of bad) expect((await creator.patch('/api/sites/mine', { tips: { ...JAR, ...change } })).status, JSON.stringify(change)).toBe(400);
    expect((await creator.patch('/api/sites/mine', { tips: { enabled: true } })).status).toBe(400);
    expect((await creator.patch('/api/sites/mine', { tips: JAR })).status).toBe(200);
    expect((await creator.client.get<TipsAnswer>('/api/tips')).body.settings).toEqual(JAR);
  });
});

describe('a tip', () => {
  it('opens Checkout on the creator account with no application fee; paid, it is listed with its message as typed', async () => {
    const creator = await tipJar();
    const post = await insertPost(db(), creator.siteId, { title: 'Low tide' });
    const message = '<script>alert(1)</script> & thanks <b>lots</b>';
    const opened = await tip(creator.handle, { amount: 700, message, postId: post.id, currency: 'USD' });
    expect(opened.status, opened.text).toBe(200);
    const create = stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').at(-1)!;
    expect(create.account).toBe(creator.accountId);
    expect(create.body).toMatchObject({ mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: '700' }, quantity: '1' }], metadata: { kind: 'tip', postId: post.id } });
    expect(JSON.stringify(create.body)).not.toContain('application_fee');
    expect(create.body.customer_email).toBeUndefined();

    await pay(opened.body.url);
    const list = await creator.client.get<TipsAnswer>('/api/tips');
    expect(list.headers.get('content-type')).toContain('application/json');
    expect(list.body.tips).toEqual([
      expect.objectContaining({ amount: 700, currency: 'usd', message, postId: post.id, postTitle: 'Low tide', tipperEmail: 'tipper@example.com', status: 'paid', refunded: 0 }),
    ]);
    expect(list.body.tips[0]!.paidAt).toBeTruthy();
    expect(list.body.totals).toEqual({ count: 1, revenue: 700 });
    const intent = stripeServer.object(String(stripeServer.object(sessionIdOf(opened.body.url))!.payment_intent))!;
    expect(intent.application_fee_amount).toBeNull();
  });

  it('names a signed-in tipper and pays with their address', async () => {
    const creator = await tipJar();
    const fan = await signUpVerified(server, { fullName: 'Fern Fan' });
    const opened = await fan.client.post<{ url: string }>(`/api/sites/${creator.handle}/tips/checkout`, { amount: 300 });
    expect(opened.status).toBe(200);
    expect(stripeServer.object(sessionIdOf(opened.body.url))!.customer_email).toBe(fan.email);
    await pay(opened.body.url, fan.email);
    const [listed] = (await creator.client.get<TipsAnswer>('/api/tips')).body.tips;
    expect(listed).toMatchObject({ tipperEmail: fan.email, amount: 300 });
    expect(listed!.tipperName).toBeTruthy();
  });

  it('lists a signed-in tipper\'s display name as typed, markup and all, for React to show as text', async () => {
    const creator = await tipJar();
    const fan = await signUpVerified(server);
    const name = '<b>x</b><script>alert(1)</script>';
    await db().update(users).set({ displayName: name }).where(eq(users.email, fan.email));
    const opened = await fan.client.post<{ url: string }>(`/api/sites/${creator.handle}/tips/checkout`, { amount: 300 });
    expect(opened.status).toBe(200);
    await pay(opened.body.url, fan.email);
    const list = await creator.client.get<TipsAnswer>('/api/tips');
    expect(list.headers.get('content-type')).toContain('application/json');
    expect(list.body.tips.map((one) => one.tipperName)).toEqual([name]);
  });

  it('is in the currency of the site paid tiers, whatever another site charges in', async () => {
    const creator = await tipJar();
    const other = await tipJar();
    await db().insert(tiers).values([
      { siteId: creator.siteId, name: 'Crew', type: 'paid', monthlyPrice: 500, currency: 'eur', position: 1 },
      { siteId: other.siteId, name: 'Deck', type: 'paid', monthlyPrice: 500, currency: 'gbp', position: 1 },
    ]);
    const opened = await tip(creator.handle, { amount: 500 });
    expect(opened.status, opened.text).toBe(200);
    expect(stripeServer.object(sessionIdOf(opened.body.url))).toMatchObject({ currency: 'eur', amount_total: 500 });
    expect((await tip(creator.handle, { amount: 500, currency: 'usd' })).body.error).toMatchObject({ code: 'invalid-input', field: 'currency' });
    expect((await creator.client.get<TipsAnswer>('/api/tips')).body.currency).toBe('eur');
  });

  it('refuses amounts out of the range or not whole, another currency, an unknown post, and 409s when off or unpaid', async () => {
    const creator = await tipJar();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 99 }, 'amount'],
      [{ amount: 20_001 }, 'amount'],
      [{ amount: -500 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 250.5 }, 'amount'],
      [{ amount: '500' }, 'amount'],
      [{ amount: 500, currency: 'eur' }, 'currency'],
      [{ amount: 500, message: 'x'.repeat(501) }, 'message'],
      [{ amount: 500, postId: '00000000-0000-4000-8000-000000000000' }, 'postId'],
    ];
    for (const [body, field] of cases) {
      const answer = await tip(creator.handle, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid-input', field });
    }
    const off = await tipJar({ settings: { ...JAR, enabled: false } });
    expect((await tip(off.handle, { amount: 500 })).body.error).toMatchObject({ code: 'tips-off' });
    expect((await tip(off.handle, { amount: 500 })).status).toBe(409);
    const unpaid = await tipJar({ connected: false });
    const refused = await tip(unpaid.handle, { amount: 500 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'payments-not-ready' });
    expect(await db().select().from(sales).where(eq(sales.siteId, creator.siteId))).toEqual([]);
    expect((await tip('no-such-site-here', { amount: 500 })).status).toBe(404);
  });

  it('never goes below Stripe’s smallest charge in the site’s currency, whatever minimum was saved', async () => {
    const creator = await tipJar({ settings: { enabled: true, presets: [10, 100, 500], minimum: 10, maximum: 20_000 } });
    const page = await anonymous().get(`/@${creator.handle}/tip`);
    expect(page.text).toContain('From $0.50 to $200.');
    expect(page.text).not.toContain('<span>$0.10</span>');
    for (const preset of ['$1', '$5']) expect(page.text).toContain(`<span>${preset}</span>`);
    expect((await tip(creator.handle, { amount: 49 })).body.error).toMatchObject({ code: 'invalid-input', field: 'amount' });
    expect((await tip(creator.handle, { amount: 50 })).status).toBe(200);
    // Priced in Hong Kong dollars, where Stripe takes no less than HK$4.
    await db().insert(tiers).values({ siteId: creator.siteId, name: 'Crew', type: 'paid', monthlyPrice: 800, currency: 'hkd', position: 1 });
    expect((await tip(creator.handle, { amount: 399 })).body.error).toMatchObject({ code: 'invalid-input', field: 'amount' });
    expect((await tip(creator.handle, { amount: 400 })).status).toBe(200);
    expect((await anonymous().get(`/@${creator.handle}/tip`)).text).toContain('From HK$4 to HK$200.');
  });

  it('keeps each creator to their own: another site post is refused, and the list is only the signed-in creator', async () => {
    const mine = await tipJar();
    const theirs = await tipJar();
    const theirPost = await insertPost(db(), theirs.siteId);
    expect((await tip(mine.handle, { amount: 500, postId: theirPost.id })).body.error).toMatchObject({ field: 'postId' });
    const opened = await tip(theirs.handle, { amount: 500, message: 'for them' });
    await pay(opened.body.url);
    const list = await sendJson<TipsAnswer>(server, mine.client, 'GET', `/api/tips?siteId=${theirs.siteId}&handle=${theirs.handle}`);
    expect(list.status).toBe(200);
    expect(list.body.tips).toEqual([]);
    expect((await theirs.client.get<TipsAnswer>('/api/tips')).body.tips.map((one) => one.message)).toEqual(['for them']);
    expect((await anonymous().get('/api/tips')).status).toBe(401);
    // An account without a site has no tips to see.
    const member = await signUpVerified(server);
    expect((await member.client.get('/api/tips')).status).toBe(404);
  });

  it('is paid once when its webhooks come again in reverse order on a second server', async () => {
    const creator = await tipJar();
    const opened = await tip(creator.handle, { amount: 1200, message: 'twice?' });
    await pay(opened.body.url);
    // Every event of this creator's account: the Checkout's completion and its payment's, newest first.
    const ids = stripeServer.events(creator.accountId).map((event) => event.id).reverse();
    const replays = [...(await stripeServer.redeliver(ids, { app: second.url })), ...(await stripeServer.redeliver(ids))];
    expect(replays.every((delivery) => delivery.status === 200)).toBe(true);
    const rows = await db().select().from(sales).where(eq(sales.siteId, creator.siteId));
    expect(rows.map((row) => [row.status, row.amount])).toEqual([['paid', 1200]]);
    expect((await db().select().from(tips).where(eq(tips.siteId, creator.siteId))).length).toBe(1);
    const activity = await db().select().from(activityEvents).where(eq(activityEvents.siteId, creator.siteId));
    expect(activity.map((row) => row.type)).toEqual(['tipped']);
  });

  it('expires unpaid (and is not listed), and a refund shows and lowers the total', async () => {
    const creator = await tipJar();
    const left = await tip(creator.handle, { amount: 400 });
    await stripeServer.expireSession(sessionIdOf(left.body.url));
    const [expired] = await db().select().from(sales).where(eq(sales.stripeCheckoutSessionId, sessionIdOf(left.body.url)));
    expect(expired!.status).toBe('expired');
    const kept = await tip(creator.handle, { amount: 900 });
    await pay(kept.body.url);
    const refunded = await tip(creator.handle, { amount: 600 });
    await pay(refunded.body.url);
    await stripeServer.refund(String(stripeServer.object(sessionIdOf(refunded.body.url))!.payment_intent));
    const list = (await creator.client.get<TipsAnswer>('/api/tips')).body;
    expect(list.tips.map((one) => [one.amount, one.status, one.refunded]).sort()).toEqual([
      [600, 'refunded', 600],
      [900, 'paid', 0],
    ]);
    expect(list.totals).toEqual({ count: 2, revenue: 900 });
  });
});

describe('the tip page', () => {
  it('offers the presets and an amount of its own in the major unit, goes on to Checkout, and thanks after', async () => {
    const creator = await tipJar();
    const post = await insertPost(db(), creator.siteId, { title: 'Rock <pools>' });
    const page = await anonymous().get(`/@${creator.handle}/tip?post=${post.id}`);
    expect(page.status).toBe(200);
    for (const preset of ['$3', '$5', '$10']) expect(page.text).toContain(`<span>${preset}</span>`);
    expect(page.text).toContain('For “Rock &lt;pools&gt;”');
    expect(page.text).toContain('<button class="button" type="submit">Tip</button>');

    const typed = await postForm(server, anonymous(), `/@${creator.handle}/tip`, { preset: '500', other: '7.50', message: '<i>hi</i>', post: post.id });
    expect(typed.status).toBe(303);
    const session = stripeServer.object(sessionIdOf(typed.headers.get('location')!))!;
    expect(session).toMatchObject({ amount_total: 750, currency: 'usd', metadata: { postId: post.id, kind: 'tip' } });
    const chosen = await postForm(server, anonymous(), `/@${creator.handle}/tip`, { preset: '1000', other: '' });
    expect(stripeServer.object(sessionIdOf(chosen.headers.get('location')!))!.amount_total).toBe(1000);

    for (const other of ['0.50', '7.555', 'abc', '-5', '500']) {
      const refused = await postForm(server, anonymous(), `/@${creator.handle}/tip`, { preset: '500', other });
      expect(refused.status, other).toBe(400);
      expect(await refused.text()).toContain('Enter an amount from $1.00 to $200.00.');
    }
    const thanks = await anonymous().get(`/@${creator.handle}/tip?tipped=1`);
    expect(thanks.text).toContain('Thank you for your tip');
  });

  it('says so when the jar is off, and the post page links to it only when it is on', async () => {
    const creator = await tipJar();
    const post = await insertPost(db(), creator.siteId, { slug: 'tide-tables' });
    const postPage = await anonymous().get(`/@${creator.handle}/posts/tide-tables`);
    expect(postPage.text).toContain(`href="/@${creator.handle}/tip?post=${post.id}"`);
    expect((await creator.patch('/api/sites/mine', { tips: { ...JAR, enabled: false } })).status).toBe(200);
    expect((await anonymous().get(`/@${creator.handle}/posts/tide-tables`)).text).not.toContain('/tip?post=');
    const page = await anonymous().get(`/@${creator.handle}/tip`);
    expect(page.text).toContain('is not taking tips right now');
    const refused = await postForm(server, anonymous(), `/@${creator.handle}/tip`, { preset: '500' });
    expect(refused.status).toBe(409);
  });
});
