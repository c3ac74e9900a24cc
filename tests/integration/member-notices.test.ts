/**
 * The creator's notices of new members and new paying members (issue 18
 * item 5) on the real app, a real database, the real SMTP sink and the real
 * `stripe` SDK against the Stripe-protocol test server: each time, off, the
 * daily digest once whatever reruns it or however many servers, a paid join
 * and an upgrade, imports never announced, a foreign site's members never in
 * another's mail, and names that cannot inject a header or markup.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TierView } from '../../common/api/tiers.ts';
import type { MemberNoticeSettings } from '../../common/member-notices.ts';
import { memberships } from '../../db/content-schema.ts';
import { memberNoticeEvents } from '../../db/email-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from '../support/accounts.ts';
import { sendJson } from '../support/creator-site.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** One clock for both servers, moved a day on when a test wants yesterday's digest. */
const time = createTestClock();
let stripeServer: StripeServer;
let server: TestServer;
/** A second server on the same database, as behind a proxy. */
let secondServer: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env, clock: time.clock });
  stripeServer.useApp(server.url);
  secondServer = await startTestServer({ env: stripeServer.env, shareWith: server, clock: time.clock });
});

afterAll(async () => {
  await secondServer?.stop();
  await server?.stop();
  await stripeServer?.close();
});

interface Owner {
  client: TestClient;
  email: string;
  site: Awaited<ReturnType<typeof insertSite>>['site'];
  freeTierId: string;
}

async function owner({ connected = false } = {}): Promise<Owner> {
  const account = await signUpVerified(server);
  const { site, freeTier } = await insertSite(db(), await userIdOf(db(), account.email));
  if (connected) {
    const stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
    const connectedAccount = await stripe.accounts.create({ type: 'standard' });
    await stripeServer.completeOnboarding(connectedAccount.id);
    await db().insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: connectedAccount.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  }
  return { client: account.client, email: account.email, site, freeTierId: freeTier.id };
}

async function choose(creator: Owner, settings: MemberNoticeSettings) {
  const saved = await sendJson<MemberNoticeSettings>(server, creator.client, 'PUT', '/api/email/notices', settings);
  expect(saved.status, saved.text).toBe(200);
}

/** A signed-up reader; `name` is written as given, as a hostile sign-up could leave it. */
async function fan(name: string) {
  const account = await signUpVerified(server);
  await db().update(users).set({ fullName: name }).where(eq(users.email, account.email));
  return account;
}

async function joinFree(creator: Owner, reader: { client: TestClient; email: string }) {
  const joined = await reader.client.post(`/api/sites/${creator.site.handle}/join`, { tierId: creator.freeTierId });
  expect([200, 201], joined.text).toContain(joined.status);
  const [row] = await db()
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.siteId, creator.site.id), eq(memberships.userId, await userIdOf(db(), reader.email))));
  return row!.id;
}

async function joinAndPay(creator: Owner, tier: TierView, reader: { client: TestClient; email: string }) {
  const joined = await reader.client.post<{ checkoutUrl: string }>(`/api/sites/${creator.site.handle}/join`, { tierId: tier.id, cadence: 'month' });
  expect(joined.status, joined.text).toBe(200);
  const paid = await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
}

/** The notices queued for the creator so far, whichever server queued them. */
async function noticesQueuedFor(creator: Owner) {
  return db()
    .select({ template: mailOutbox.template, params: mailOutbox.params })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, creator.email), inArray(mailOutbox.template, ['new-member', 'new-members-digest'])));
}

/** The paths of a mail's links: either server may send it, each with its own APP_URL. */
const linkPaths = (mail: ReceivedMail) => mail.links.map((link) => new URL(link).pathname);

const noticeMails = (creator: Owner) => server.smtp.mailsTo(creator.email).filter((mail) => !mail.subject.startsWith('Verify'));

async function waitForNotices(creator: Owner, count: number): Promise<ReceivedMail[]> {
  await expect.poll(() => noticeMails(creator).length).toBe(count);
  return noticeMails(creator);
}

describe('the settings', () => {
  it('start at a mail each time for free and paid joins (issue 29), and save per creator', async () => {
    const mine = await owner();
    const theirs = await owner();
    expect((await mine.client.get<MemberNoticeSettings>('/api/email/notices')).body).toEqual({ newMember: 'each', newPayingMember: 'each' });
    await choose(mine, { newMember: 'each', newPayingMember: 'off' });
    await choose(theirs, { newMember: 'off', newPayingMember: 'daily' });
    expect((await mine.client.get<MemberNoticeSettings>('/api/email/notices')).body).toEqual({ newMember: 'each', newPayingMember: 'off' });
    expect((await theirs.client.get<MemberNoticeSettings>('/api/email/notices')).body).toEqual({ newMember: 'off', newPayingMember: 'daily' });

    for (const body of [{ newMember: 'sometimes', newPayingMember: 'off' }, { newMember: 'each' }, { newMember: 'each', newPayingMember: 'off', extra: 1 }]) {
      expect((await sendJson(server, mine.client, 'PUT', '/api/email/notices', body)).status).toBe(400);
    }
    const siteless = await signUpVerified(server);
    expect((await siteless.client.get('/api/email/notices')).status).toBe(409);
    expect((await createTestClient(server.url).get('/api/email/notices')).status).toBe(401);
  });
});

describe('a notice each time', () => {
  it('is what a creator who never chose gets: a free join mails them at once, nothing waits for a digest', async () => {
    const creator = await owner();
    const reader = await fan('First Fan');
    await joinFree(creator, reader);
    const [mail] = await waitForNotices(creator, 1);
    expect(mail!.subject).toBe(`First Fan joined ${creator.site.title}`);
    await server.services.email.memberNotices.sendDigests(new Date(time.clock().getTime() + DAY_MS));
    expect((await noticesQueuedFor(creator)).map((row) => row.template)).toEqual(['new-member']);
  });

  it('mails the creator once per free join, with the member named as text and a link to their page', async () => {
    const creator = await owner();
    await choose(creator, { newMember: 'each', newPayingMember: 'off' });
    const reader = await fan('Eve <b>Bold</b>\r\nBcc: thief@evil.example');
    const membershipId = await joinFree(creator, reader);

    const [mail] = await waitForNotices(creator, 1);
    expect(mail!.subject).toBe(`Eve <b>Bold</b> Bcc: thief@evil.example joined ${creator.site.title}`);
    expect(mail!.headers.map((line) => line.key)).not.toContain('bcc');
    expect(mail!.html).toContain('Eve &#60;b&#62;Bold&#60;/b&#62;');
    expect(mail!.html).not.toContain('<b>Bold');
    expect(mail!.text).toContain(`${reader.email}) joined ${creator.site.title} on the Free tier.`);
    expect(linkPaths(mail!)).toEqual([`/subscribers/${membershipId}`]);

    // Joining again while a member is no news.
    expect((await reader.client.post(`/api/sites/${creator.site.handle}/join`, { tierId: creator.freeTierId })).status).toBe(200);
    expect(await noticesQueuedFor(creator)).toHaveLength(1);
  });

  it('turned off, sends nothing, not even in a digest', async () => {
    const creator = await owner();
    await choose(creator, { newMember: 'off', newPayingMember: 'off' });
    await joinFree(creator, await fan('Quiet Reader'));
    await server.services.email.memberNotices.sendDigests(new Date(time.clock().getTime() + DAY_MS));
    expect(await noticesQueuedFor(creator)).toEqual([]);
  });

  it('tells of a paid join once and of an upgrade from the free tier, through Stripe Checkout and its webhooks', async () => {
    const creator = await owner({ connected: true });
    await choose(creator, { newMember: 'each', newPayingMember: 'each' });
    const created = await creator.client.post<{ tier: TierView }>('/api/tiers', { name: 'Supporter', monthlyPrice: 500, currency: 'usd', benefits: ['Every paid post'] });
    expect(created.status, created.text).toBe(201);
    const tier = created.body.tier;

    const payer = await fan('Paula Payer');
    await joinAndPay(creator, tier, payer);
    const [paid] = await waitForNotices(creator, 1);
    expect(paid!.subject).toBe(`Paula Payer is now a paying member of ${creator.site.title}`);
    expect(paid!.text).toContain(`now pays for Supporter on ${creator.site.title}.`);

    const upgrader = await fan('Uma Upgrade');
    const membershipId = await joinFree(creator, upgrader);
    await waitForNotices(creator, 2);
    await joinAndPay(creator, tier, upgrader);
    const mails = await waitForNotices(creator, 3);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Paula Payer is now a paying member of ${creator.site.title}`,
      `Uma Upgrade joined ${creator.site.title}`,
      `Uma Upgrade is now a paying member of ${creator.site.title}`,
    ]);
    expect(linkPaths(mails[2]!)).toEqual([`/subscribers/${membershipId}`]);
  });

  it('never announces imported members', async () => {
    const creator = await owner();
    await choose(creator, { newMember: 'each', newPayingMember: 'each' });
    const csv = ['Email,Name', `imported-a-${process.pid}@import.example,Imported A`, `imported-b-${process.pid}@import.example,Imported B`].join('\n');
    const imported = await creator.client.post('/api/members/import', { csv, mapping: { email: 'Email', name: 'Name' }, dryRun: false });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ create: 2 });
    expect(await db().select().from(memberNoticeEvents).where(eq(memberNoticeEvents.siteId, creator.site.id))).toEqual([]);
    await server.services.email.memberNotices.sendDigests(new Date(time.clock().getTime() + DAY_MS));
    expect(await noticesQueuedFor(creator)).toEqual([]);
  });
});

describe('the daily digest', () => {
  it('goes once per creator and day whatever runs it, lists only their own new members, and only on days with news', async () => {
    const creator = await owner();
    const other = await owner();
    const idle = await owner();
    for (const one of [creator, other, idle]) await choose(one, { newMember: 'daily', newPayingMember: 'daily' });
    const first = await joinFree(creator, await fan('First & Foremost'));
    const second = await joinFree(creator, await fan('Second Reader'));
    const foreign = await joinFree(other, await fan('Someone Elses'));

    // The next day, the scheduled job on both servers and the digest itself on both at once, then all again: one digest each.
    time.advance(DAY_MS);
    const everything = () => Promise.all([server, secondServer].flatMap((one) => [one.services.jobs.runDue(), one.services.email.memberNotices.sendDigests()]));
    await everything();
    await everything();

    const [digest] = await waitForNotices(creator, 1);
    const [otherDigest] = await waitForNotices(other, 1);
    expect(digest!.subject).toMatch(/^Your new members on \d{1,2} \w+ \d{4}$/);
    expect(digest!.text).toContain(`${creator.site.title} had 2 new members.`);
    expect(digest!.text).toContain('First & Foremost');
    expect(digest!.html).toContain('First &#38; Foremost');
    expect(linkPaths(digest!)).toEqual([`/subscribers/${first}`, `/subscribers/${second}`, '/subscribers']);
    expect(digest!.text).not.toContain('Someone Elses');
    expect(linkPaths(otherDigest!)).toEqual([`/subscribers/${foreign}`, '/subscribers']);
    expect(otherDigest!.text).toContain('Someone Elses');
    expect(otherDigest!.text).not.toContain('Second Reader');

    expect(await noticesQueuedFor(creator)).toHaveLength(1);
    expect(await noticesQueuedFor(other)).toHaveLength(1);
    expect(await noticesQueuedFor(idle)).toEqual([]);
  });
});
