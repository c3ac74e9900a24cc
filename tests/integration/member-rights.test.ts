/**
 * A member's own rights (issue 30 item 8, docs/decisions/159), with the real
 * server, the real mail worker and SMTP sink, and the real `stripe` SDK
 * against the local Stripe-protocol server: the data download holds the
 * member's memberships, comments and messages and nothing of another member;
 * a wrong password or code deletes nothing, and a code mailed to one account
 * is nobody else's; with the code read from the mail, a member who joined by
 * e-mail (no password) deletes their account from the site's page: their
 * subscription is canceled at Stripe, they leave the creator's list, and
 * their comment stays under the post as "Deleted member".
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountData } from '../../common/api/member-rights.ts';
import type { MembersAnswer } from '../../common/api/members.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { importItems, imports } from '../../db/move-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { activateDomain } from '../support/active-domain.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { requestWithHost, type HostAnswer } from '../support/host-request.ts';
import { createTestClient, FORM, formBody, type TestClient } from '../support/http-client.ts';
import { joinByEmail } from '../support/join-by-email.ts';
import { insertPost, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

// Moved on before each mail asked for: one mail a minute goes to an address, and joining has just sent one.
const time = createTestClock();
let stripeServer: StripeServer;
let dns: TestDnsServer;
const TARGET = 'edge.platform.test';
let server: TestServer;
let creator: Creator;
let stripe: Stripe;
let account: string;
let price: Stripe.Price;
let freeTierId: string;
let paidTierId: string;
const db = () => server.handle.db;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  dns = await startDnsServer();
  server = await startTestServer({ clock: time.clock, env: { ...stripeServer.env, DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DNS_TIMEOUT_MS: '200' } });
  stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, apiUrl: new URL(stripeServer.url), webhookSecret: undefined, connectWebhookSecret: undefined });
  creator = await creatorWithSite(server);
  freeTierId = (await insertTier(db(), creator.siteId, { type: 'free', name: 'Free' })).id;
  account = (await stripe.accounts.create({ type: 'standard' })).id;
  await stripeServer.completeOnboarding(account);
  const product = await stripe.products.create({ name: 'Gold' }, { stripeAccount: account });
  price = await stripe.prices.create({ product: product.id, unit_amount: 500, currency: 'usd', recurring: { interval: 'month' } }, { stripeAccount: account });
  paidTierId = (await insertTier(db(), creator.siteId, { name: 'Gold', stripeProductId: product.id, stripeMonthlyPriceId: price.id })).id;
  await db().insert(paymentAccounts).values({ siteId: creator.siteId, stripeAccountId: account, detailsSubmitted: true, chargesEnabled: true });
});

afterAll(async () => {
  await server?.stop();
  await stripeServer?.close();
  await dns?.close();
});

/** A live subscription to Gold on the creator's account, paid through the hosted Checkout page. */
async function paidSubscription(email: string): Promise<{ customer: string; subscription: string }> {
  const customer = await stripe.customers.create({ email }, { stripeAccount: account });
  const session = await stripe.checkout.sessions.create(
    { mode: 'subscription', line_items: [{ price: price.id, quantity: 1 }], customer: customer.id, success_url: 'http://app.test/ok', cancel_url: 'http://app.test/no' },
    { stripeAccount: account },
  );
  const page = await (await fetch(session.url!)).text();
  const pay = /<form method="post" action="([^"]+)"><button type="submit">Pay<\/button><\/form>/.exec(page)!;
  expect((await fetch(new URL(pay[1]!.replaceAll('&#38;', '&'), session.url!).href, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const subscriptions = await stripe.subscriptions.list({ customer: customer.id }, { stripeAccount: account });
  return { customer: customer.id, subscription: subscriptions.data[0]!.id };
}

/** A fan who joined by the one-field form (no password), then paid for Gold: their membership as Stripe's webhook leaves it. */
async function payingFan(): Promise<{ client: TestClient; email: string; userId: string; subscription: string }> {
  const client = createTestClient(server.url);
  const email = uniqueEmail('fan');
  await joinByEmail(client, server.smtp, { handle: creator.handle, tierId: freeTierId, email });
  const userId = await userIdOf(db(), email);
  const paid = await paidSubscription(email);
  await db()
    .update(memberships)
    .set({ tierId: paidTierId, source: 'stripe', status: 'active', cadence: 'month', amount: 500, currency: 'usd', stripeCustomerId: paid.customer, stripeSubscriptionId: paid.subscription })
    .where(eq(memberships.userId, userId));
  return { client, email, userId, subscription: paid.subscription };
}

async function comment(client: TestClient, slug: string, text: string) {
  const answer = await client.post(`/api/sites/${creator.handle}/posts/${slug}/comments`, { text });
  expect(answer.status, answer.text).toBe(201);
}

/** The code in the latest deletion mail to `email`. */
async function mailedCode(email: string, count = 1): Promise<string> {
  const mail = await server.smtp.waitForMailAbout(email, 'delete your account', count);
  // In the site's name, as the member's other mail from it (docs/decisions/142).
  expect(mail.from.name).toContain(`The ${creator.handle} site`);
  return /is (\d{6})\./.exec(mail.text)![1]!;
}

describe('a member’s own data', () => {
  it('downloads their memberships, comments and messages, and nothing of another member', async () => {
    const post = await insertPost(db(), creator.siteId);
    const fan = await payingFan();
    const other = createTestClient(server.url);
    const otherEmail = uniqueEmail('other');
    await joinByEmail(other, server.smtp, { handle: creator.handle, tierId: freeTierId, email: otherEmail });
    await comment(fan.client, post.slug, 'The fan’s own words');
    await comment(other, post.slug, 'Words of somebody else');
    const written = await fan.client.post<{ message: { conversationId: string } }>(`/api/sites/${creator.handle}/messages`, { text: 'Hello from the fan' });
    expect(written.status).toBe(201);
    expect((await creator.client.post(`/api/conversations/${written.body.message.conversationId}/messages`, { text: 'Thanks, fan!' })).status).toBe(201);
    expect((await other.post(`/api/sites/${creator.handle}/messages`, { text: 'Private note of the other member' })).status).toBe(201);

    const download = await fan.client.get<AccountData>('/api/account/data');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(download.headers.get('cache-control')).toBe('no-store');
    const data = download.body;
    expect(data.profile).toMatchObject({ email: fan.email, emailVerified: true });
    expect(data.memberships).toEqual([expect.objectContaining({ site: { handle: creator.handle, title: `The ${creator.handle} site` }, tier: 'Gold', status: 'active', cadence: 'month', amount: 500 })]);
    expect(data.memberships[0]!.history.map((event) => event.kind)).toContain('joined');
    expect(data.comments).toEqual([expect.objectContaining({ post: { slug: post.slug, title: post.title }, body: 'The fan’s own words', hidden: false })]);
    expect(data.conversations).toEqual([
      {
        site: { handle: creator.handle, title: `The ${creator.handle} site` },
        messages: [expect.objectContaining({ from: 'you', body: 'Hello from the fan' }), expect.objectContaining({ from: 'creator', body: 'Thanks, fan!' })],
      },
    ]);
    for (const foreign of [otherEmail, 'Words of somebody else', 'Private note of the other member', creator.email]) expect(download.text).not.toContain(foreign);

    // The account page's link: the same file, under the page's own session rules; signed out, the site's sign-in.
    const fromPage = await fan.client.get<AccountData>(`/@${creator.handle}/account/data`);
    expect([fromPage.status, fromPage.headers.get('content-disposition')?.startsWith('attachment;'), fromPage.body.profile.email]).toEqual([200, true, fan.email]);
    expect((await createTestClient(server.url).get(`/@${creator.handle}/account/data`)).headers.get('location')).toBe(`/@${creator.handle}/sign-in`);
    expect((await createTestClient(server.url).get('/api/account/data')).status).toBe(401);
  });
});

describe('deleting a member’s account', () => {
  it('refuses a wrong password or code, and a code mailed to another account', async () => {
    const { client, email } = await signUpVerified(server);
    const userId = await userIdOf(db(), email);
    const wrongPassword = await sendJson<{ error: { code: string } }>(server, client, 'DELETE', '/api/account', { password: 'not-the-password' });
    expect([wrongPassword.status, wrongPassword.body.error.code]).toEqual([401, 'wrong-password']);
    const unasked = await sendJson<{ error: { code: string; field: string } }>(server, client, 'DELETE', '/api/account', { code: '123456' });
    expect([unasked.status, unasked.body.error]).toEqual([400, expect.objectContaining({ code: 'wrong-code', field: 'code' })]);

    // Someone else's code: mailed to the fan, tried from this account's session.
    const fan = await payingFan();
    time.advance(61_000);
    expect((await fan.client.post(`/@${creator.handle}/account/deletion-code`, '', FORM)).headers.get('location')).toBe(`/@${creator.handle}/account?delete=code-sent#delete-heading`);
    const code = await mailedCode(fan.email);
    const stolen = await sendJson<{ error: { code: string } }>(server, client, 'DELETE', '/api/account', { code });
    expect([stolen.status, stolen.body.error.code]).toEqual([400, 'wrong-code']);
    // From the page's form, a wrong code comes back to the confirmation step with the reason.
    const wrongForm = await client.post(`/@${creator.handle}/account/delete`, formBody({ password: '', code: '000000' }), FORM);
    expect(wrongForm.headers.get('location')).toBe(`/@${creator.handle}/account?delete=wrong-code#delete-heading`);
    expect((await client.get(`/@${creator.handle}/account?delete=wrong-code`)).text).toContain('That code is not right, or it has expired.');

    expect(await db().$count(users, eq(users.id, userId))).toBe(1);
    expect(await db().$count(users, eq(users.id, fan.userId))).toBe(1);
    expect(stripeServer.object(fan.subscription)!.status).toBe('active');
    // A code is good for 15 minutes: later, the fan's own is refused too.
    time.advance(16 * 60_000);
    const late = await sendJson<{ error: { code: string } }>(server, fan.client, 'DELETE', '/api/account', { code });
    expect([late.status, late.body.error.code]).toEqual([400, 'wrong-code']);
  });

  it('deletes by the API with a code asked from no site, which a password account may use too', async () => {
    const { client, email } = await signUpVerified(server);
    time.advance(61_000);
    const asked = await sendJson(server, client, 'POST', '/api/account/deletion-code', {});
    expect([asked.status, asked.body]).toEqual([200, { status: 'code-sent' }]);
    const mail = await server.smtp.waitForMailAbout(email, 'delete your account');
    // Asked from no site by an account that runs none: the platform's own mail, linking to the studio's settings.
    expect(mail.links.some((link) => link.endsWith('/settings/account'))).toBe(true);
    const code = /is (\d{6})\./.exec(mail.text)![1]!;
    expect((await sendJson(server, client, 'DELETE', '/api/account', { code })).status).toBe(204);
    expect(await db().$count(users, eq(users.email, email))).toBe(0);
  });

  it('with the mailed code, cancels the subscription at Stripe, leaves the creator’s list and keeps the comment as “Deleted member”', async () => {
    const post = await insertPost(db(), creator.siteId);
    const fan = await payingFan();
    await comment(fan.client, post.slug, 'Words that outlive the account');

    const page = await fan.client.get(`/@${creator.handle}/account?delete=confirm`);
    expect(page.text).toContain('Delete your account?');
    expect(page.text).toContain('Your paid membership is canceled now');
    expect(page.text).toContain('Your account has no password: confirm with a code we e-mail you.');
    time.advance(61_000);
    await fan.client.post(`/@${creator.handle}/account/deletion-code`, '', FORM);
    const code = await mailedCode(fan.email);

    // A mail to them still waiting (due in an hour) never goes once the account is gone.
    const [waiting] = await db()
      .insert(mailOutbox)
      .values({ recipient: fan.email, subject: 'Sign in', template: 'site-sign-in', params: { userId: fan.userId, siteId: creator.siteId }, nextAttemptAt: new Date(time.clock().getTime() + 3_600_000) })
      .returning();

    // An import brought them in, keyed by their address at the source: that key goes with the account.
    const [membership] = await db().select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, fan.userId));
    const [imported] = await db()
      .insert(imports)
      .values({ siteId: creator.siteId, source: 'substack', status: 'done', fileName: 'export.zip', storageKey: `imports/${fan.userId}`, fileBytes: 1, counts: { posts: 0, members: 1, paidMembers: 1, files: 0 } })
      .returning();
    await db().insert(importItems).values([
      { siteId: creator.siteId, source: 'substack', kind: 'user', sourceKey: fan.email, importId: imported!.id, targetId: fan.userId },
      { siteId: creator.siteId, source: 'substack', kind: 'member', sourceKey: fan.email, importId: imported!.id, targetId: membership!.id },
      { siteId: creator.siteId, source: 'mailchimp', kind: 'newsletters-off', sourceKey: fan.email, importId: imported!.id, targetId: membership!.id },
      { siteId: creator.siteId, source: 'substack', kind: 'member', sourceKey: 'someone.else@example.com', importId: imported!.id, targetId: 'another-membership' },
    ]);

    const deleted = await fan.client.post(`/@${creator.handle}/account/delete`, formBody({ code }), FORM);
    expect(deleted.status).toBe(303);
    expect((await db().select({ key: importItems.sourceKey }).from(importItems).where(eq(importItems.importId, imported!.id))).map((row) => row.key)).toEqual(['someone.else@example.com']);
    expect(deleted.headers.get('location')).toBe(`/@${creator.handle}?account=deleted`);
    expect(deleted.headers.getSetCookie().join('\n')).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect((await fan.client.get(deleted.headers.get('location')!)).text).toContain('Your account is deleted.');

    expect(stripeServer.object(fan.subscription)!.status).toBe('canceled');
    const cancel = stripeServer.requests.findLast((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${fan.subscription}`);
    expect(cancel?.account).toBe(account);
    expect(await db().$count(users, eq(users.id, fan.userId))).toBe(0);
    expect((await db().select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, waiting!.id)))[0]?.status).toBe('cancelled');
    const listed = await creator.client.get<MembersAnswer>(`/api/members?q=${encodeURIComponent(fan.email)}`);
    expect(listed.body.members).toEqual([]);
    const postPage = await createTestClient(server.url).get(`/@${creator.handle}/posts/${post.slug}`);
    expect(postPage.text).toMatch(/<strong>Deleted member<\/strong>[^]*Words that outlive the account/);
    const activity = await creator.client.get<{ events: { type: string; detail: string; post: { id: string } | null }[] }>('/api/activity?type=commented');
    expect(activity.body.events.find((event) => event.post?.id === post.id)?.detail).toBe('Deleted member');
    // The code worked once, and the session is gone with the account.
    expect((await sendJson(server, fan.client, 'DELETE', '/api/account', { code })).status).toBe(401);
    expect(await db().$count(tiers, eq(tiers.id, paidTierId))).toBe(1);
  });
});

describe('on the site’s own domain', () => {
  const cookieNamed = (answer: HostAnswer, name: string) => ((answer.headers['set-cookie'] as string[] | undefined) ?? []).find((line) => line.startsWith(`${name}=`))?.split(';')[0];

  it('downloads the data and deletes the account under the session the domain was handed', async () => {
    const domain = 'leaving.rights.test';
    const owner = await creatorWithSite(server);
    const tier = await insertTier(db(), owner.siteId, { type: 'free', name: 'Free' });
    const fan = createTestClient(server.url);
    const email = uniqueEmail('domain-fan');
    // Joined on the platform before the site had its domain; signed in on the domain by the handoff (docs/decisions/148).
    await joinByEmail(fan, server.smtp, { handle: owner.handle, tierId: tier.id, email });
    await activateDomain(server, dns, owner, domain, TARGET);
    const begun = await requestWithHost(server, `/login?next=${encodeURIComponent('/account')}`, { host: domain });
    const start = new URL(begun.headers.location as string);
    const platformCookie = [...fan.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const minted = await requestWithHost(server, `${start.pathname}${start.search}`, { host: new URL(server.url).host, cookie: platformCookie });
    const back = new URL(minted.headers.location as string);
    const cookie = cookieNamed(await requestWithHost(server, `${back.pathname}${back.search}`, { host: domain, cookie: cookieNamed(begun, 'handoff-state')! }), 'session')!;

    const data = await requestWithHost(server, '/account/data', { host: domain, cookie });
    expect([data.status, (data.headers['content-disposition'] as string).startsWith('attachment;')]).toEqual([200, true]);
    expect((JSON.parse(data.body) as AccountData).profile.email).toBe(email);
    expect((await requestWithHost(server, '/account/data', { host: domain })).status).toBe(303);

    time.advance(61_000);
    const asked = await requestWithHost(server, '/account/deletion-code', { host: domain, method: 'POST', cookie, origin: `https://${domain}`, body: 'x=1' });
    expect([asked.status, asked.headers.location]).toEqual([303, `/@${owner.handle}/account?delete=code-sent#delete-heading`]);
    const mail = await server.smtp.waitForMailAbout(email, 'delete your account');
    expect(mail.links).toContain(`https://${domain}/account`);
    const code = /is (\d{6})\./.exec(mail.text)![1]!;
    const deleted = await requestWithHost(server, '/account/delete', { host: domain, method: 'POST', cookie, origin: `https://${domain}`, body: formBody({ code }) });
    expect([deleted.status, deleted.headers.location]).toEqual([303, `/@${owner.handle}?account=deleted`]);
    expect(await db().$count(users, eq(users.email, email))).toBe(0);
  });
});
