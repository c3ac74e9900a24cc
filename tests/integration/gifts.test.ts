/**
 * Gift memberships (server/gifts/, docs/decisions/165) through the running server: a gift bought on the site's API,
 * paid on the Stripe-protocol server's hosted page (the real `stripe` SDK, signed webhooks), its mails read from the
 * SMTP sink after the real worker sent them, redeemed by a signed-in reader into a comp that ends by itself, with the
 * reminder a week before; its webhooks replayed on a second server, a send date ahead, the same code redeemed twice
 * at once, refunds, and every refusal.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GiftView } from '../../common/api/gifts.ts';
import { memberships } from '../../db/content-schema.ts';
import { gifts, saleRefunds, sales } from '../../db/earn-schema.ts';
import { membershipEvents, paymentAccounts } from '../../db/money-schema.ts';
import { activityEvents } from '../../db/reports-schema.ts';
import { mailOutbox } from '../../db/schema.ts';
import { addMonths } from '../../server/gifts/gift-terms.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertMembership, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY_MS = 86_400_000;
const time = createTestClock();
let stripeServer: StripeServer;
let server: TestServer;
/** A second server on the same database, where Stripe's events come again. */
let second: TestServer;
const db = () => server.handle.db;
/** The server's log, read for codes that must never be in it. */
const logLines: string[] = [];

beforeAll(async () => {
  stripeServer = await startStripeServer();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ clock: time.clock, env: { ...stripeServer.env, EMAIL_RATE_PER_SECOND: '50', LOG_LEVEL: 'debug' }, logStream });
  second = await startTestServer({ clock: time.clock, env: { ...stripeServer.env, EMAIL_RATE_PER_SECOND: '50' }, shareWith: server });
  stripeServer.useApp(server.url);
});

afterAll(async () => {
  await second?.stop();
  await server?.stop();
  await stripeServer?.close();
});

const stripe = () => createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });

interface GiftSite {
  creator: Creator;
  accountId: string;
  freeTierId: string;
  tierId: string;
}

/** A creator's published site on a connected account, with its free tier and a paid tier of $5 a month, $50 a year. */
async function giftSite(): Promise<GiftSite> {
  time.advance(60_000);
  const creator = await creatorWithSite(server);
  const account = await stripe().accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  await db().insert(paymentAccounts).values({ siteId: creator.siteId, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  const free = await insertTier(db(), creator.siteId, { type: 'free', name: 'Free', monthlyPrice: null, yearlyPrice: null });
  const paid = await insertTier(db(), creator.siteId, { name: 'Supporter' });
  return { creator, accountId: account.id, freeTierId: free.id, tierId: paid.id };
}

/** A signed-in reader (an account of their own, verified). */
async function reader(): Promise<{ client: TestClient; email: string; userId: string }> {
  time.advance(60_000);
  const { client, email } = await signUpVerified(server);
  return { client, email, userId: await userIdOf(db(), email) };
}

async function checkout(handle: string, body: Record<string, unknown>, client: TestClient = createTestClient(server.url)) {
  return client.post<{ url?: string; error?: { code: string; field?: string } }>(`/api/sites/${handle}/gifts/checkout`, body);
}

async function pay(url: string): Promise<void> {
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
}

/** Buys and pays a gift as a signed-out buyer. */
async function buyGift(site: GiftSite, body: Record<string, unknown> = {}): Promise<void> {
  const opened = await checkout(site.creator.handle, { tierId: site.tierId, months: 3, email: uniqueEmail('buyer'), ...body });
  expect(opened.status).toBe(200);
  await pay(opened.body.url!);
}

const giftsOf = (siteId: string) => db().select().from(gifts).where(eq(gifts.siteId, siteId)).orderBy(gifts.createdAt);

const codeFrom = (link: string) => new URL(link).searchParams.get('code')!;
const redeemLinkIn = (links: string[]) => links.find((link) => link.includes('/gift/redeem?code='));

const membershipOf = async (siteId: string, userId: string) => (await db().select().from(memberships).where(and(eq(memberships.siteId, siteId), eq(memberships.userId, userId))))[0];

describe('a gift of 3 months for a friend', () => {
  it('is paid on the creator account, mailed to the friend with the message as text, redeemed into a comp until +3 months, reminded a week before, and ends', async () => {
    const site = await giftSite();
    const friend = uniqueEmail('friend');
    const buyer = uniqueEmail('buyer');
    const opened = await checkout(site.creator.handle, { tierId: site.tierId, months: 3, recipientEmail: friend, email: buyer, message: '<b>Happy</b> birthday <script>x</script>' });
    expect(opened.status).toBe(200);
    const create = stripeServer.requests.findLast((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST')!;
    expect(create.account).toBe(site.accountId);
    expect(create.body).toMatchObject({ mode: 'payment', line_items: [{ price_data: { unit_amount: '1500', currency: 'usd' } }] });
    expect(JSON.stringify(create.body)).not.toContain('application_fee');
    expect(await giftsOf(site.creator.siteId)).toEqual([]);

    await pay(opened.body.url!);
    const [gift] = await giftsOf(site.creator.siteId);
    expect(gift).toMatchObject({ status: 'sent', months: 3, tierId: site.tierId, recipientEmail: friend, message: '<b>Happy</b> birthday <script>x</script>' });

    const received = await server.smtp.waitForMailAbout(friend, 'gift');
    // In the site's own name and look, not the platform's.
    expect(received.from.name).toBe(`The ${site.creator.handle} site`);
    expect(received.html).not.toContain('<b>Happy');
    expect(received.html).not.toContain('<script>');
    expect(received.html).toContain('&#60;b&#62;Happy');
    const link = redeemLinkIn(received.links)!;
    expect(link).toContain(`/@${site.creator.handle}/gift/redeem?code=`);
    // The code is only in the mail: its hash is stored.
    expect((await giftsOf(site.creator.siteId))[0]!.codeHash).not.toContain(codeFrom(link));
    const receipt = await server.smtp.waitForMailAbout(buyer, 'receipt');
    expect(redeemLinkIn(receipt.links)).toBeUndefined();
    expect(receipt.text).toContain(friend);

    const member = await reader();
    const redeemedAt = time.clock();
    const redeemed = await member.client.post<{ membership: { tierId: string; endsAt: string } }>(`/api/sites/${site.creator.handle}/gifts/${codeFrom(link)}/redeem`);
    expect(redeemed.status).toBe(200);
    const endsAt = addMonths(redeemedAt, 3);
    expect(redeemed.body.membership).toMatchObject({ tierId: site.tierId, tierName: 'Supporter', endsAt: endsAt.toISOString() });
    expect(await membershipOf(site.creator.siteId, member.userId)).toMatchObject({ status: 'comped', tierId: site.tierId, compExpiresAt: endsAt, cadence: null });
    const activity = await db().select({ type: activityEvents.type }).from(activityEvents).where(eq(activityEvents.siteId, site.creator.siteId));
    expect(activity.map((row) => row.type).sort()).toEqual(['gift-bought', 'gift-redeemed']);
    // The member's history says where the comp came from: a gift, not the creator.
    const history = await db().select({ kind: membershipEvents.kind, detail: membershipEvents.detail }).from(membershipEvents).where(eq(membershipEvents.siteId, site.creator.siteId));
    expect(history).toContainEqual({ kind: 'comped', detail: `Comped on Supporter until ${endsAt.toISOString().slice(0, 10)} by a gift` });

    // The creator's list: buyer, recipient, tier, months, status and dates.
    const list = await site.creator.client.get<{ gifts: GiftView[]; totals: { sold: number; redeemed: number; revenue: number } }>('/api/gifts');
    expect(list.status).toBe(200);
    expect(list.body.gifts).toHaveLength(1);
    expect(list.body.gifts[0]).toMatchObject({ status: 'redeemed', months: 3, tierName: 'Supporter', amount: 1500, buyerEmail: buyer, recipientEmail: friend, endsAt: endsAt.toISOString() });
    expect(list.body.totals).toMatchObject({ sold: 1, redeemed: 1, revenue: 1500 });

    // A week before the end: one reminder, once.
    time.advance(endsAt.getTime() - time.clock().getTime() - 8 * DAY_MS);
    expect(await server.services.gifts.mailRuns.remindEndingGifts()).toBe(0);
    time.advance(2 * DAY_MS);
    const [first, second] = await Promise.all([server.services.gifts.mailRuns.remindEndingGifts(), server.services.gifts.mailRuns.remindEndingGifts()]);
    expect(first + second).toBe(1);
    const reminder = await server.smtp.waitForMailAbout(member.email, 'ends soon');
    expect(reminder.text).toContain('Supporter');

    // The end: back on the free tier, by the comps job.
    time.advance(7 * DAY_MS);
    await server.services.members.endExpiredComps();
    expect(await membershipOf(site.creator.siteId, member.userId)).toMatchObject({ status: 'active', tierId: site.freeTierId, compExpiresAt: null });
  });

  it('stays one gift, one sale and one mail each when its webhooks come again, after its redemption, in reverse order on a second server', async () => {
    const site = await giftSite();
    const friend = uniqueEmail('friend');
    const buyer = uniqueEmail('buyer');
    await buyGift(site, { recipientEmail: friend, email: buyer });
    const code = codeFrom(redeemLinkIn((await server.smtp.waitForMailAbout(friend, 'gift')).links)!);
    const member = await reader();
    expect((await member.client.post(`/api/sites/${site.creator.handle}/gifts/${code}/redeem`)).status).toBe(200);
    const comp = await membershipOf(site.creator.siteId, member.userId);

    // Every event of this creator's account (the Checkout's completion and its payment's), newest first.
    const ids = stripeServer.events(site.accountId).map((event) => event.id).reverse();
    const replays = [...(await stripeServer.redeliver(ids, { app: second.url })), ...(await stripeServer.redeliver(ids))];
    expect(replays.every((delivery) => delivery.status === 200)).toBe(true);

    expect((await giftsOf(site.creator.siteId)).map((gift) => [gift.status, gift.redeemedByUserId])).toEqual([['redeemed', member.userId]]);
    expect((await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId))).map((sale) => [sale.kind, sale.status])).toEqual([['gift', 'paid']]);
    const activity = await db().select({ type: activityEvents.type }).from(activityEvents).where(eq(activityEvents.siteId, site.creator.siteId));
    expect(activity.map((row) => row.type).sort()).toEqual(['gift-bought', 'gift-redeemed']);
    expect(await membershipOf(site.creator.siteId, member.userId)).toEqual(comp);
    const mails = await db()
      .select({ recipient: mailOutbox.recipient, template: mailOutbox.template })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.recipient, [friend, buyer, site.creator.email]), inArray(mailOutbox.template, ['gift-receipt', 'gift-received', 'new-sale'])))
      .orderBy(mailOutbox.template);
    expect(mails).toEqual([
      { recipient: buyer, template: 'gift-receipt' },
      { recipient: friend, template: 'gift-received' },
      { recipient: site.creator.email, template: 'new-sale' },
    ]);
  });

  it('with a send date ahead waits for it: the job mails the friend once, on that day', async () => {
    const site = await giftSite();
    const friend = uniqueEmail('later');
    const buyer = uniqueEmail('buyer');
    const sendAt = new Date(time.clock().getTime() + 2 * DAY_MS);
    await buyGift(site, { recipientEmail: friend, email: buyer, sendAt: sendAt.toISOString() });
    expect((await giftsOf(site.creator.siteId))[0]).toMatchObject({ status: 'paid', sentAt: null, sendAt });
    const receipt = await server.smtp.waitForMailAbout(buyer, 'receipt');
    expect(receipt.text).toContain('We will e-mail it on');
    expect(await server.services.gifts.mailRuns.sendDueGifts()).toBe(0);
    time.advance(2 * DAY_MS + 1000);
    const runs = await Promise.all([server.services.gifts.mailRuns.sendDueGifts(), server.services.gifts.mailRuns.sendDueGifts()]);
    expect(runs[0] + runs[1]).toBe(1);
    const received = await server.smtp.waitForMailAbout(friend, 'gift');
    expect(redeemLinkIn(received.links)).toBeDefined();
    expect((await giftsOf(site.creator.siteId))[0]!.status).toBe('sent');
  });

  it('with no recipient puts the link in the buyer receipt, to pass on', async () => {
    const site = await giftSite();
    const buyer = uniqueEmail('buyer');
    await buyGift(site, { email: buyer, months: 12 });
    const receipt = await server.smtp.waitForMailAbout(buyer, 'receipt');
    expect(redeemLinkIn(receipt.links)).toBeDefined();
    // 12 months at the yearly price, the lower of the two.
    const [sale] = await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId));
    expect(sale).toMatchObject({ amount: 5000, status: 'paid', kind: 'gift' });
  });
});

describe('redeeming', () => {
  it('the same code twice at once: one wins, the other is told it was redeemed', async () => {
    const site = await giftSite();
    const buyer = uniqueEmail('buyer');
    await buyGift(site, { email: buyer });
    const code = codeFrom(redeemLinkIn((await server.smtp.waitForMailAbout(buyer, 'receipt')).links)!);
    const [one, two] = await Promise.all([reader(), reader()]);
    const answers = await Promise.all([one, two].map((member) => member.client.post<{ error?: { code: string } }>(`/api/sites/${site.creator.handle}/gifts/${code}/redeem`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error!.code).toBe('gift-redeemed');
    const comped = await db().select().from(memberships).where(and(eq(memberships.siteId, site.creator.siteId), eq(memberships.status, 'comped')));
    expect(comped).toHaveLength(1);
    // DESIGN.md's address answers the same for a used code.
    const three = await reader();
    expect((await three.client.post<{ error: { code: string } }>(`/api/gifts/${code}/redeem`)).body.error.code).toBe('gift-redeemed');
    // The code in the API's path never reaches the log.
    await expect.poll(() => logLines.filter((line) => line.includes('/gifts/[redacted]/redeem')).length).toBeGreaterThanOrEqual(3);
    expect(logLines.join('\n')).not.toContain(code);
  });

  it('refuses a member who already pays, kindly, and keeps the gift for someone else (DESIGN.md alias /api/gifts/:code/redeem)', async () => {
    const site = await giftSite();
    const buyer = uniqueEmail('buyer');
    await buyGift(site, { email: buyer });
    const code = codeFrom(redeemLinkIn((await server.smtp.waitForMailAbout(buyer, 'receipt')).links)!);
    const paying = await reader();
    await insertMembership(db(), { siteId: site.creator.siteId, userId: paying.userId, tierId: site.tierId, status: 'active', source: 'stripe', stripeSubscriptionId: 'sub_paying', cadence: 'month', amount: 500, currency: 'usd' });
    const refused = await paying.client.post<{ error: { code: string; message: string } }>(`/api/gifts/${code}/redeem`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('gift-not-needed');
    expect(await membershipOf(site.creator.siteId, paying.userId)).toMatchObject({ status: 'active', source: 'stripe' });
    const other = await reader();
    expect((await other.client.post(`/api/gifts/${code}/redeem`)).status).toBe(200);
  });

  it('a second gift of the same tier makes a gift comp longer', async () => {
    const site = await giftSite();
    const buyer = uniqueEmail('buyer');
    await buyGift(site, { email: buyer, months: 1 });
    await buyGift(site, { email: buyer, months: 3 });
    const receipts = [await server.smtp.waitForMailAbout(buyer, 'receipt', 1), await server.smtp.waitForMailAbout(buyer, 'receipt', 2)];
    const member = await reader();
    const start = time.clock();
    for (const receipt of receipts) expect((await member.client.post(`/api/sites/${site.creator.handle}/gifts/${codeFrom(redeemLinkIn(receipt.links)!)}/redeem`)).status).toBe(200);
    expect((await membershipOf(site.creator.siteId, member.userId))!.compExpiresAt).toEqual(addMonths(addMonths(start, 1), 3));
  });

  it('asks to sign in, and knows no code of another site or no code at all', async () => {
    const [site, other] = await Promise.all([giftSite(), giftSite()]);
    const buyer = uniqueEmail('buyer');
    await buyGift(site, { email: buyer });
    const code = codeFrom(redeemLinkIn((await server.smtp.waitForMailAbout(buyer, 'receipt')).links)!);
    expect((await createTestClient(server.url).post(`/api/sites/${site.creator.handle}/gifts/${code}/redeem`)).status).toBe(401);
    const member = await reader();
    expect((await member.client.post(`/api/sites/${other.creator.handle}/gifts/${code}/redeem`)).status).toBe(404);
    expect((await member.client.post(`/api/sites/${site.creator.handle}/gifts/${'a'.repeat(32)}/redeem`)).status).toBe(404);
    expect((await member.client.post(`/api/sites/${site.creator.handle}/gifts/not-a-code/redeem`)).status).toBe(404);
    // The site's own creator cannot redeem a gift of their own site.
    expect((await site.creator.client.post<{ error: { code: string } }>(`/api/sites/${site.creator.handle}/gifts/${code}/redeem`)).body.error.code).toBe('cannot-join-own-site');
    expect((await giftsOf(site.creator.siteId))[0]!.status).toBe('sent');
  });
});

describe('what is refused or undone', () => {
  it('refuses bad values with a 400 or 404 by field, and opens no sale', async () => {
    const [site, other] = await Promise.all([giftSite(), giftSite()]);
    const archived = await insertTier(db(), site.creator.siteId, { name: 'Old', active: false });
    const now = time.clock().getTime();
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ months: 2 }, 400, 'invalid-input', 'months'],
      [{ months: 3.5 }, 400, 'invalid-input', 'months'],
      [{ months: -3 }, 400, 'invalid-input', 'months'],
      [{ tierId: other.tierId }, 404, 'not-found', 'tierId'],
      [{ tierId: site.freeTierId }, 404, 'not-found', 'tierId'],
      [{ tierId: archived.id }, 404, 'not-found', 'tierId'],
      [{ tierId: 'not-a-uuid' }, 400, 'invalid-input', 'tierId'],
      [{ sendAt: new Date(now - 60_000).toISOString() }, 400, 'invalid-input', 'sendAt'],
      [{ sendAt: new Date(now + 366 * DAY_MS).toISOString() }, 400, 'invalid-input', 'sendAt'],
      [{ sendAt: 'tomorrow' }, 400, 'invalid-input', 'sendAt'],
      [{ recipientEmail: 'not an address' }, 400, 'invalid-email', 'recipientEmail'],
      [{ message: 'x'.repeat(501) }, 400, 'invalid-input', 'message'],
      [{ amount: 1 }, 400, 'invalid-input'],
    ];
    for (const [body, status, code, field] of cases) {
      const answer = await checkout(site.creator.handle, { tierId: site.tierId, months: 3, ...body });
      expect({ body, status: answer.status, code: answer.body.error?.code, field: answer.body.error?.field }).toEqual({ body, status, code, field });
    }
    expect(await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId))).toEqual([]);
    expect((await checkout(site.creator.handle, { tierId: site.tierId, months: 3, message: 'x'.repeat(500) })).status).toBe(200);
  });

  it('an abandoned or expired Checkout makes no gift', async () => {
    const site = await giftSite();
    const opened = await checkout(site.creator.handle, { tierId: site.tierId, months: 6 });
    const [sale] = await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId));
    await stripeServer.expireSession(sale!.stripeCheckoutSessionId!);
    expect((await db().select().from(sales).where(eq(sales.id, sale!.id)))[0]!.status).toBe('expired');
    expect(await giftsOf(site.creator.siteId)).toEqual([]);
    expect(opened.body.url).toBeDefined();
  });

  it('a refund before redemption stops the code; after it, ends the comp the gift gave', async () => {
    const site = await giftSite();
    const buyer = uniqueEmail('buyer');
    await buyGift(site, { email: buyer });
    await buyGift(site, { email: buyer });
    const codes = [1, 2].map(async (count) => codeFrom(redeemLinkIn((await server.smtp.waitForMailAbout(buyer, 'receipt', count)).links)!));
    const [unused, used] = await Promise.all(codes);
    const [saleA, saleB] = await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId)).orderBy(sales.createdAt);
    const member = await reader();
    const usedAnswer = await member.client.post(`/api/sites/${site.creator.handle}/gifts/${used}/redeem`);
    expect(usedAnswer.status).toBe(200);
    const redeemedSale = (await giftsOf(site.creator.siteId)).find((gift) => gift.status === 'redeemed')!.saleId;
    const unusedSale = [saleA!, saleB!].find((sale) => sale.id !== redeemedSale)!;

    await stripeServer.refund(unusedSale.stripePaymentIntentId!);
    const refusedReader = await reader();
    const refused = await refusedReader.client.post<{ error: { code: string } }>(`/api/sites/${site.creator.handle}/gifts/${unused}/redeem`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('gift-refunded');

    await stripeServer.refund([saleA!, saleB!].find((sale) => sale.id === redeemedSale)!.stripePaymentIntentId!);
    expect(await membershipOf(site.creator.siteId, member.userId)).toMatchObject({ status: 'active', tierId: site.freeTierId, compExpiresAt: null });
    expect((await giftsOf(site.creator.siteId)).map((gift) => gift.status)).toEqual(['refunded', 'refunded']);
    const list = await site.creator.client.get<{ totals: { sold: number; revenue: number } }>('/api/gifts');
    expect(list.body.totals).toMatchObject({ sold: 0, revenue: 0 });
  });

  it('lists the creator gifts fifty a page, newest first, with the totals of all of them', async () => {
    const site = await giftSite();
    // 52 paid gifts, the oldest refunded and the next redeemed, as the ledger would leave them.
    const start = Date.UTC(2026, 0, 1);
    for (let index = 0; index < 52; index += 1) {
      const at = new Date(start + index * 60_000);
      const [sale] = await db().insert(sales).values({ siteId: site.creator.siteId, kind: 'gift', status: index === 0 ? 'refunded' : 'paid', amount: 1500, currency: 'usd', paidAt: at, createdAt: at }).returning();
      const status = index === 0 ? 'refunded' : index === 1 ? 'redeemed' : 'paid';
      await db().insert(gifts).values({ saleId: sale!.id, siteId: site.creator.siteId, tierId: site.tierId, months: 3, status, codeHash: `hash-${index}-${sale!.id}`, createdAt: at });
      // The newest was partly refunded: $5 of its $15 given back, which the revenue leaves out.
      if (index === 51) await db().insert(saleRefunds).values({ saleId: sale!.id, siteId: site.creator.siteId, amount: 500 });
    }
    type Listed = { gifts: GiftView[]; hasMore: boolean; totals: { sold: number; redeemed: number; revenue: number; currency: string | null } };
    const first = await site.creator.client.get<Listed>('/api/gifts');
    expect(first.status).toBe(200);
    expect(first.body.gifts).toHaveLength(50);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.totals).toEqual({ sold: 51, redeemed: 1, revenue: 51 * 1500 - 500, currency: 'usd' });
    expect(first.body.gifts[0]!.createdAt).toBe(new Date(start + 51 * 60_000).toISOString());
    const second = await site.creator.client.get<Listed>('/api/gifts?page=2');
    expect(second.body.gifts.map((gift) => gift.status)).toEqual(['redeemed', 'refunded']);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.totals).toEqual(first.body.totals);
    expect((await site.creator.client.get('/api/gifts?page=0')).status).toBe(400);
  });

  it('lists only the creator own gifts, whatever the query names', async () => {
    const [site, other] = await Promise.all([giftSite(), giftSite()]);
    await buyGift(site, { email: uniqueEmail('buyer') });
    const mine = await other.creator.client.get<{ gifts: GiftView[] }>(`/api/gifts?siteId=${site.creator.siteId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.gifts).toEqual([]);
    // A signed-in account with no site has no gifts to see.
    const reading = await reader();
    expect((await reading.client.get<{ gifts: GiftView[] }>('/api/gifts')).body.gifts).toEqual([]);
    expect((await createTestClient(server.url).get('/api/gifts')).status).toBe(401);
  });
});

describe('the gift pages', () => {
  const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('show each tier with its prices, go on to Checkout from the form, and show the form again with its problems', async () => {
    const site = await giftSite();
    const visitor = createTestClient(server.url);
    const page = await visitor.get(`/@${site.creator.handle}/gift`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Supporter');
    expect(page.text).toContain('3 months $15');
    expect(page.text).toContain('12 months $50');
    expect(page.text).not.toContain('>Free<');

    const { body, headers } = form({ tierId: site.tierId, months: '6', recipientEmail: '', sendOn: '', message: 'Enjoy', email: uniqueEmail('page-buyer') });
    const bought = await visitor.post(`/@${site.creator.handle}/gift`, body, headers);
    expect(bought.status).toBe(303);
    expect(bought.headers.get('location')).toMatch(new RegExp(`^${stripeServer.url}`));
    const [sale] = await db().select().from(sales).where(eq(sales.siteId, site.creator.siteId));
    expect(sale).toMatchObject({ amount: 3000, kind: 'gift', status: 'open' });

    const bad = form({ tierId: site.tierId, months: '2', recipientEmail: 'nobody', sendOn: '', message: '', email: 'x@example.com' });
    const refused = await visitor.post(`/@${site.creator.handle}/gift`, bad.body, bad.headers);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Choose 1, 3, 6 or 12 months.');

    expect((await visitor.get(`/@${site.creator.handle}/gift?bought=1`)).text).toContain('Thank you for your gift');
    // The join page points to it, the site having a paid tier.
    expect((await visitor.get(`/@${site.creator.handle}/join`)).text).toContain(`href="/@${site.creator.handle}/gift">Give a membership as a gift`);
  });

  it('show the gift with its message as text, redeem it for a signed-in reader, and mail a visitor a link', async () => {
    const site = await giftSite();
    const buyer = uniqueEmail('buyer');
    await buyGift(site, { email: buyer, message: '<img src=x onerror=alert(1)> for you' });
    const code = codeFrom(redeemLinkIn((await server.smtp.waitForMailAbout(buyer, 'receipt')).links)!);
    const path = `/@${site.creator.handle}/gift/redeem`;

    const visitor = createTestClient(server.url);
    const shown = await visitor.get(`${path}?code=${code}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('referrer-policy')).toBe('same-origin');
    expect(shown.text).toContain('3 months of Supporter');
    expect(shown.text).toContain('&lt;img src=x onerror=alert(1)&gt; for you');
    expect(shown.text).not.toContain('<img src=x');
    const visitorEmail = uniqueEmail('visitor');
    const asked = form({ code, email: visitorEmail });
    const mailed = await visitor.post(path, asked.body, asked.headers);
    expect(mailed.status).toBe(200);
    expect(mailed.text).toContain('Check your inbox');
    await server.smtp.waitForMail(visitorEmail);

    const member = await reader();
    const redeem = form({ code });
    const redeemed = await member.client.post(path, redeem.body, redeem.headers);
    expect(redeemed.status).toBe(200);
    expect(redeemed.text).toContain('You are a Supporter member until');
    const again = await member.client.post(path, redeem.body, redeem.headers);
    expect(again.status).toBe(409);
    expect(again.text).toContain('This gift has already been redeemed.');
    expect((await visitor.get(`${path}?code=${'b'.repeat(32)}`)).status).toBe(404);
  });
});
