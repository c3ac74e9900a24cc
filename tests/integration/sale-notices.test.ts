/**
 * The creator's notices of sales (issue 31, docs/decisions/167) on the real app, a real database, the real SMTP sink
 * and the real `stripe` SDK against the Stripe-protocol test server: a tip opened by the reader's POST to the tip
 * jar and paid on the hosted page, its webhook moving the sale to paid and calling `noteSale` in that transaction. Sales
 * follow the creator's choice for paying members: a mail each time, the day's sales in the daily digest, or nothing.
 * A gift and a product bought on their own Checkouts are noticed the same way. What a buyer wrote reaches the mail as
 * text.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberNoticeSettings } from '../../common/member-notices.ts';
import { sales } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { sendJson } from '../support/creator-site.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertProduct, insertSite, insertTier, userIdOf } from '../support/site-fixtures.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon (UTC) of today, held and moved a day on for the digest: a sale never falls across midnight. */
const time = createTestClock(new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`));
let stripeServer: StripeServer;
let server: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env, clock: time.clock });
  stripeServer.useApp(server.url);
});

afterAll(async () => {
  await server?.stop();
  await stripeServer?.close();
});

interface Owner {
  client: TestClient;
  email: string;
  site: Awaited<ReturnType<typeof insertSite>>['site'];
}

/** A verified creator whose site takes payments on its own connected Stripe account. */
async function owner(): Promise<Owner> {
  const account = await signUpVerified(server);
  const { site } = await insertSite(db(), await userIdOf(db(), account.email), { title: 'Harbour & Sounds' });
  const stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
  const connected = await stripe.accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(connected.id);
  await db().insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: connected.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  return { client: account.client, email: account.email, site };
}

async function choose(creator: Owner, settings: MemberNoticeSettings) {
  const saved = await sendJson<MemberNoticeSettings>(server, creator.client, 'PUT', '/api/email/notices', settings);
  expect(saved.status, saved.text).toBe(200);
}

/** A signed-up reader; `name` is written as given, as a hostile sign-up could leave it. */
async function reader(name: string): Promise<Tipper> {
  const account = await signUpVerified(server);
  await db().update(users).set({ fullName: name }).where(eq(users.email, account.email));
  return account;
}

/** A signed-in reader, or an address typed on the hosted page by someone without an account. */
type Tipper = { client: TestClient; email: string } | { email: string };

/**
 * A tip through the real way: the creator's tip jar on, the reader's POST /api/sites/:handle/tips/checkout, "Pay" on
 * the hosted page, whose webhook moves the sale to paid and calls noteSale. Answers the sale's id.
 */
async function tip(creator: Owner, { amount, message, from }: { amount: number; message?: string; from: Tipper }): Promise<string> {
  const jar = await sendJson(server, creator.client, 'PATCH', '/api/sites/mine', { tips: { enabled: true, presets: [300, 500, 1000], minimum: 100, maximum: 20_000 } });
  expect(jar.status, jar.text).toBe(200);
  const client = 'client' in from ? from.client : createTestClient(server.url);
  const opened = await client.post<{ url: string }>(`/api/sites/${creator.site.handle}/tips/checkout`, { amount, ...(message === undefined ? {} : { message }) });
  expect(opened.status, opened.text).toBe(200);
  const paid = await fetch(`${opened.body.url}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: from.email }) });
  expect(paid.status).toBe(303);
  const [sale] = await db().select({ id: sales.id }).from(sales).where(eq(sales.stripeCheckoutSessionId, opened.body.url.split('/').at(-1)!));
  return sale!.id;
}

/** A gift or a product bought signed out: the site's Checkout opened at `path`, paid with the address typed there. */
async function buySignedOut(path: string, body: Record<string, unknown>, email: string): Promise<void> {
  const opened = await createTestClient(server.url).post<{ url: string }>(path, { ...body, email });
  expect(opened.status, opened.text).toBe(200);
  const paid = await fetch(`${opened.body.url}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }) });
  expect(paid.status).toBe(303);
}

async function queuedFor(creator: Owner) {
  return db()
    .select({ template: mailOutbox.template, params: mailOutbox.params })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, creator.email), inArray(mailOutbox.template, ['new-sale', 'new-member', 'new-members-digest'])));
}

const noticeMails = (creator: Owner) => server.smtp.mailsTo(creator.email).filter((mail) => !mail.subject.startsWith('Verify'));

async function waitForNotices(creator: Owner, count: number): Promise<ReceivedMail[]> {
  await expect.poll(() => noticeMails(creator).length).toBe(count);
  return noticeMails(creator);
}

const linkPaths = (mail: ReceivedMail) => mail.links.map((link) => new URL(link).pathname + new URL(link).hash);

describe('a notice of each sale', () => {
  it('is what a creator who never chose gets: a paid tip mails them once, its message as text, with the way to Earn', async () => {
    const creator = await owner();
    const buyer = await reader('Tia <i>Tipper</i>');
    const saleId = await tip(creator, { amount: 500, message: '<script>alert(1)</script> Thanks & more', from: buyer });

    const [mail] = await waitForNotices(creator, 1);
    expect(mail!.subject).toBe('New tip: $5.00 from Tia <i>Tipper</i>');
    expect(mail!.text).toContain('paid $5.00 for a tip on Harbour & Sounds. Their message: “<script>alert(1)</script> Thanks & more”');
    expect(mail!.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; Thanks &#38; more');
    expect(mail!.html).toContain('Tia &#60;i&#62;Tipper&#60;/i&#62;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<i>Tipper');
    expect(linkPaths(mail!)).toEqual(['/earn#tips']);
    expect(await queuedFor(creator)).toEqual([{ template: 'new-sale', params: { userId: expect.any(String), siteId: creator.site.id, saleId } }]);

    // Nothing waits for tomorrow's digest either.
    expect(await server.services.email.memberNotices.sendDigests(new Date(time.clock().getTime() + DAY_MS))).toBe(0);
    expect((await queuedFor(creator)).map((row) => row.template)).toEqual(['new-sale']);
  });

  it('covers a gift and a product sale, each with what was bought, the product title as text', async () => {
    const creator = await owner();
    const tier = await insertTier(db(), creator.site.id, { name: 'Supporter' });
    const title = '<b>x</b><script>alert(1)</script>';
    const product = await insertProduct(db(), creator.site.id, { title });
    const giver = uniqueEmail('giver');
    const buyer = uniqueEmail('buyer');
    await buySignedOut(`/api/sites/${creator.site.handle}/gifts/checkout`, { tierId: tier.id, months: 3 }, giver);
    await buySignedOut(`/api/sites/${creator.site.handle}/products/${product.slug}/checkout`, {}, buyer);

    const mails = await waitForNotices(creator, 2);
    const gift = mails.find((mail) => mail.subject.startsWith('New gift'))!;
    expect(gift.subject).toBe('New gift: $15.00 for 3 months of Supporter');
    expect(gift.text).toContain(`${giver} paid $15.00 for a gift of 3 months of Supporter on Harbour & Sounds.`);
    expect(linkPaths(gift)).toEqual(['/earn#gifts']);
    const sold = mails.find((mail) => mail.subject.startsWith('New sale'))!;
    expect(sold.subject).toBe(`New sale: $12.00 for “${title}”`);
    expect(sold.text).toContain(`${buyer} paid $12.00 for “${title}” on Harbour & Sounds.`);
    expect(sold.html).toContain('&#60;b&#62;x&#60;/b&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(sold.html).not.toContain('<script>');
    expect(sold.html).not.toContain('<b>x');
    expect(linkPaths(sold)).toEqual(['/earn#products']);
  });

  it('names a buyer without an account by the address they paid with', async () => {
    const creator = await owner();
    await tip(creator, { amount: 1250, from: { email: 'anon-fan@example.com' } });
    const [mail] = await waitForNotices(creator, 1);
    expect(mail!.subject).toBe('New tip: $12.50 from anon-fan@example.com');
    expect(mail!.text).not.toContain('Their message');
  });
});

describe('sales turned off', () => {
  it('send nothing, not even in a digest', async () => {
    const creator = await owner();
    await choose(creator, { newMember: 'daily', newPayingMember: 'off' });
    await tip(creator, { amount: 500, from: await reader('Quiet Fan') });
    expect(await server.services.email.memberNotices.sendDigests(new Date(time.clock().getTime() + DAY_MS))).toBe(0);
    expect(await queuedFor(creator)).toEqual([]);
  });
});

describe('the daily digest', () => {
  it('lists the day’s sales of the creator’s own site, once whatever runs it, and nothing before the day is over', async () => {
    const creator = await owner();
    const other = await owner();
    await choose(creator, { newMember: 'daily', newPayingMember: 'daily' });
    await choose(other, { newMember: 'daily', newPayingMember: 'daily' });
    await tip(creator, { amount: 500, message: 'For the <b>storm</b> recordings', from: await reader('Dana Digest') });
    await tip(creator, { amount: 300, from: { email: 'second@example.com' } });
    await tip(other, { amount: 9900, from: await reader('Someone Elses') });
    expect(await queuedFor(creator)).toEqual([]);

    time.advance(DAY_MS);
    await Promise.all([server.services.email.memberNotices.sendDigests(), server.services.email.memberNotices.sendDigests()]);
    await server.services.email.memberNotices.sendDigests();

    const [digest] = await waitForNotices(creator, 1);
    expect(digest!.subject).toMatch(/^Your sales on \d{1,2} \w+ \d{4}$/);
    expect(digest!.text).toContain('Harbour & Sounds had 2 sales.');
    expect(digest!.text).toContain('$5.00, a tip, from Dana Digest (');
    expect(digest!.text).toContain('“For the <b>storm</b> recordings”');
    expect(digest!.html).toContain('For the &#60;b&#62;storm&#60;/b&#62; recordings');
    expect(digest!.text).toContain('$3.00, a tip, from second@example.com');
    expect(digest!.text).not.toContain('Someone Elses');
    expect(linkPaths(digest!)).toEqual(['/earn#tips', '/earn#tips', '/earn']);
    expect((await queuedFor(creator)).map((row) => row.template)).toEqual(['new-members-digest']);

    const [otherDigest] = await waitForNotices(other, 1);
    expect(otherDigest!.text).toContain('$99.00, a tip, from Someone Elses');
    expect(otherDigest!.text).not.toContain('Dana Digest');
  });
});
