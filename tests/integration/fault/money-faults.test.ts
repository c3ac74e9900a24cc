/**
 * Issue 10's faults about money, on the real app, real Postgres, the real
 * `stripe` SDK and the Stripe-protocol server (tests/support/stripe-server.ts):
 * a webhook signed with the right secret but too long ago; a whole paid
 * membership's events delivered to a second app twice each and in reverse
 * order; Stripe unreachable while a fan joins and while a creator connects;
 * a CSV import of 10,000 rows of which 50 are broken, run dry, for real, and
 * again.
 */
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_PROBLEM_MESSAGES, type ImportProblem, type ImportRefusal, type ImportReport } from '../../../common/api/members.ts';
import type { TierView } from '../../../common/api/tiers.ts';
import { memberships, sites, tiers } from '../../../db/content-schema.ts';
import { membershipEvents, paymentAccounts, stripeEvents } from '../../../db/money-schema.ts';
import { users } from '../../../db/schema.ts';
import { createStripeClient } from '../../../server/payments/stripe-client.ts';
import { signUpVerified, uniqueEmail } from '../../support/accounts.ts';
import { creatorWithSite } from '../../support/creator-site.ts';
import { HIGH_RATE_LIMITS, printSummary } from '../../support/fault-checks.ts';
import { freePort } from '../../support/free-port.ts';
import { createTestClient, type TestClient } from '../../support/http-client.ts';
import { insertTiers, seedMembers } from '../../support/members-fixtures.ts';
import { insertSite, userIdOf } from '../../support/site-fixtures.ts';
import { startStripeServer, stripeSignature, type StripeServer } from '../../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** Stripe's SDK refuses a signature older than 300 s by default; this one is twice that. */
const STALE_SECONDS = 600;
const CSV_ROWS = 10_000;
const STRIPE_UNAVAILABLE = 'Stripe could not be reached. Nothing was changed; please try again.';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let stripe: StripeServer;
let a: TestServer;
const counts = {
  'stale signatures refused': 0,
  'lifecycle events': 0,
  'deliveries to the second app (twice each, in reverse)': 0,
  'calls refused while Stripe was unreachable': 0,
  'CSV rows': 0,
  'broken CSV rows reported': 0,
  'members imported': 0,
};

beforeAll(async () => {
  stripe = await startStripeServer();
  a = await startTestServer({ env: { ...stripe.env, ...HIGH_RATE_LIMITS } });
  stripe.useApp(a.url);
});
afterAll(async () => {
  printSummary('money-faults', counts);
  await a?.stop();
  await stripe?.close();
});

const sdk = () => createStripeClient({ secretKey: stripe.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripe.url) });
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface PaidCreator {
  client: TestClient;
  userId: string;
  site: Awaited<ReturnType<typeof insertSite>>['site'];
  accountId: string;
  /** The payment account row as connecting left it, before Stripe said onboarding was done. */
  accountRowBeforeOnboarding: typeof paymentAccounts.$inferSelect;
  tier: TierView;
}

/** A creator who connects Stripe through the app, finishes onboarding on Stripe's page and makes a paid tier. */
async function paidCreator(server: TestServer): Promise<PaidCreator> {
  const owner = await signUpVerified(server);
  const userId = await userIdOf(server.handle.db, owner.email);
  const { site } = await insertSite(server.handle.db, userId);
  const connect = await owner.client.post<{ url: string }>('/api/payments/connect');
  expect(connect.status, connect.text).toBe(200);
  const [row] = await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, site.id));
  await stripe.completeOnboarding(row!.stripeAccountId);
  const created = await owner.client.post<{ tier: TierView }>('/api/tiers', { name: 'Supporter', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd', benefits: ['Every paid post'] });
  expect(created.status, created.text).toBe(201);
  return { client: owner.client, userId, site, accountId: row!.stripeAccountId, accountRowBeforeOnboarding: row!, tier: created.body.tier };
}

async function membershipOf(server: TestServer, siteId: string, userId: string) {
  const [row] = await server.handle.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.siteId, siteId), eq(memberships.userId, userId)));
  return row;
}

async function historyOf(server: TestServer, membershipId: string) {
  return server.handle.db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, membershipId)).orderBy(membershipEvents.occurredAt);
}

/** A signed-in fan joins the paid tier monthly and pays on the hosted Checkout page; answers the subscription's id. */
async function joinAndPay(owner: PaidCreator, fan: { client: TestClient; email: string }): Promise<string> {
  const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.site.handle}/join`, { tierId: owner.tier.id, cadence: 'month' });
  expect(joined.status, joined.text).toBe(200);
  const paid = await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const membership = await membershipOf(a, owner.site.id, await userIdOf(a.handle.db, fan.email));
  expect(membership).toMatchObject({ status: 'active' });
  return membership!.stripeSubscriptionId!;
}

/** Posts a Connect event to an app the way Stripe does, with the signature given. */
async function deliverConnect(server: TestServer, payload: string, signature: string): Promise<Response> {
  return fetch(new URL('/api/webhooks/stripe-connect', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
}

/** A client of `server` signed in as the user of `client` (the servers share one database, so its session is good there too). */
function sameUserOn(server: TestServer, client: TestClient): TestClient {
  const moved = createTestClient(server.url);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

describe('a stale webhook signature', () => {
  it('answers 400 invalid-signature for an event signed with the right secret 10 minutes ago, and changes nothing', async () => {
    const owner = await paidCreator(a);
    const fan = await signUpVerified(a);
    const fanId = await userIdOf(a.handle.db, fan.email);
    const subscriptionId = await joinAndPay(owner, fan);
    const before = await membershipOf(a, owner.site.id, fanId);
    const historyBefore = await historyOf(a, before!.id);

    // Stripe's own delivery of the cancellation goes nowhere, so only the test's copies reach the app.
    stripe.setWebhooks({ connectWebhook: { url: `http://127.0.0.1:${await freePort()}/` } });
    try {
      await stripe.setSubscriptionStatus(subscriptionId, 'canceled');
    } finally {
      stripe.useApp(a.url);
    }
    const lost = stripe.deliveries.at(-1)!;
    expect(lost).toMatchObject({ type: 'customer.subscription.deleted', status: 0 });
    const payload = JSON.stringify(stripe.object(lost.eventId), null, 2);

    const stale = await deliverConnect(a, payload, stripeSignature(stripe.secrets.connect, nowSeconds() - STALE_SECONDS, payload));
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ error: { code: 'invalid-signature' } });
    counts['stale signatures refused'] += 1;
    expect(await a.handle.db.select().from(stripeEvents).where(eq(stripeEvents.id, lost.eventId))).toEqual([]);
    expect(await membershipOf(a, owner.site.id, fanId)).toEqual(before);
    expect(await historyOf(a, before!.id)).toEqual(historyBefore);

    // The same bytes signed now are applied: the age alone was refused.
    const fresh = await deliverConnect(a, payload, stripeSignature(stripe.secrets.connect, nowSeconds(), payload));
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await membershipOf(a, owner.site.id, fanId)).toMatchObject({ status: 'canceled', endedAt: expect.any(Date) });
  });
});

describe('every event twice and in reverse order', () => {
  let b: TestServer | undefined;
  afterAll(async () => {
    await b?.stop();
  });

  /** What a membership's end state is made of; ids and clocks of the app that wrote it are left out. */
  const endState = (row: typeof memberships.$inferSelect) => ({
    userId: row.userId,
    siteId: row.siteId,
    tierId: row.tierId,
    status: row.status,
    source: row.source,
    cadence: row.cadence,
    amount: row.amount,
    currency: row.currency,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    endedAt: row.endedAt,
    stripeCustomerId: row.stripeCustomerId,
    stripeSubscriptionId: row.stripeSubscriptionId,
    lifetimeValue: row.lifetimeValue,
  });
  const invoiceRows = (history: Array<typeof membershipEvents.$inferSelect>, kind: 'payment' | 'payment-failed') =>
    history
      .filter((event) => event.kind === kind)
      .map((event) => ({ invoice: event.stripeObjectId, amount: event.amount, currency: event.currency }))
      // Code-unit order, as a plain sort() of the invoice ids gives.
      .sort((x, y) => (String(x.invoice) < String(y.invoice) ? -1 : 1));

  it('brings a second app on its own database to the same membership, counting each paid invoice once', async () => {
    // App A lives the whole lifecycle as Stripe sends it.
    const owner = await paidCreator(a);
    const fan = await signUpVerified(a);
    const fanId = await userIdOf(a.handle.db, fan.email);
    const subscriptionId = await joinAndPay(owner, fan);
    await stripe.renew(subscriptionId);
    await stripe.failNextInvoice(subscriptionId);
    expect(await membershipOf(a, owner.site.id, fanId)).toMatchObject({ status: 'past_due' });
    await stripe.renew(subscriptionId);
    await sdk().subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { stripeAccount: owner.accountId });
    await stripe.idle();
    await stripe.setSubscriptionStatus(subscriptionId, 'canceled');

    const onA = (await membershipOf(a, owner.site.id, fanId))!;
    const historyOnA = await historyOf(a, onA.id);
    const subscription = stripe.object(subscriptionId) as unknown as { ended_at: number; items: { data: [{ current_period_end: number }] } };
    const invoices = await sdk().invoices.list({ subscription: subscriptionId, limit: 100 }, { stripeAccount: owner.accountId });
    const paidInvoices = invoices.data.filter((invoice) => invoice.status === 'paid');
    const failedInvoices = invoices.data.filter((invoice) => invoice.status === 'open');
    expect(paidInvoices).toHaveLength(3);
    expect(failedInvoices).toHaveLength(1);
    const paidTotal = paidInvoices.reduce((sum, invoice) => sum + invoice.amount_paid, 0);
    expect(endState(onA)).toEqual({
      userId: fanId,
      siteId: owner.site.id,
      tierId: owner.tier.id,
      status: 'canceled',
      source: 'stripe',
      cadence: 'month',
      amount: 500,
      currency: 'usd',
      currentPeriodEnd: new Date(subscription.items.data[0].current_period_end * 1000),
      cancelAtPeriodEnd: true,
      endedAt: new Date(subscription.ended_at * 1000),
      stripeCustomerId: expect.stringMatching(/^cus_/),
      stripeSubscriptionId: subscriptionId,
      lifetimeValue: paidTotal,
    });
    expect(historyOnA.map((event) => event.kind)).toEqual(['joined', 'payment', 'payment', 'payment-failed', 'payment', 'renewal-canceled', 'ended']);

    // Every event Stripe delivered about this creator's account, as it delivered them, all applied by A.
    const delivered = stripe.deliveries.filter((delivery) => delivery.account === owner.accountId);
    expect(delivered.map((delivery) => delivery.status)).toEqual(delivered.map(() => 200));
    const events = delivered.map((delivery) => stripe.object(delivery.eventId)!);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set(['account.updated', 'customer.subscription.created', 'checkout.session.completed', 'invoice.paid', 'invoice.payment_failed', 'customer.subscription.updated', 'customer.subscription.deleted']),
    );
    counts['lifecycle events'] += events.length;

    // App B: its own database holding the same users, site, tier and payment account (the latter as connecting
    // left it), and the same Stripe server, which the sync reads the current subscription from.
    b = await startTestServer({ env: stripe.env });
    const bDb = b.handle.db;
    const people = await a.handle.db.select().from(users).where(inArray(users.id, [owner.userId, fanId]));
    const site = await a.handle.db.select().from(sites).where(eq(sites.id, owner.site.id));
    const siteTiers = await a.handle.db.select().from(tiers).where(eq(tiers.siteId, owner.site.id));
    expect([people.length, site.length, siteTiers.length]).toEqual([2, 1, 2]);
    await bDb.insert(users).values(people);
    await bDb.insert(sites).values(site);
    await bDb.insert(tiers).values(siteTiers);
    await bDb.insert(paymentAccounts).values(owner.accountRowBeforeOnboarding);

    for (const event of [...events].reverse()) {
      const payload = JSON.stringify(event, null, 2);
      for (const outcome of ['applied', 'replayed']) {
        const answer = await deliverConnect(b, payload, stripeSignature(stripe.secrets.connect, nowSeconds(), payload));
        expect(answer.status, `${String(event.type)} ${event.id}`).toBe(200);
        expect(await answer.json()).toEqual({ received: true, outcome });
        counts['deliveries to the second app (twice each, in reverse)'] += 1;
      }
    }

    const onB = await membershipOf(b, owner.site.id, fanId);
    expect(onB).toBeDefined();
    expect(endState(onB!)).toEqual(endState(onA));
    const historyOnB = await historyOf(b, onB!.id);
    // Payments are keyed by invoice, so both apps hold each paid and each failed invoice exactly once.
    expect(invoiceRows(historyOnB, 'payment')).toEqual(invoiceRows(historyOnA, 'payment'));
    expect(invoiceRows(historyOnB, 'payment-failed')).toEqual(invoiceRows(historyOnA, 'payment-failed'));
    expect(invoiceRows(historyOnB, 'payment').map((row) => row.invoice)).toEqual(paidInvoices.map((invoice) => invoice.id).sort());
    // The other rows record changes the app saw (decision 052): B read the subscription only once it had ended,
    // so it never saw the membership entitle, and has no joined, renewal-canceled or ended row. That depends on
    // the order of arrival by design; what must not depend on it is the state above and the money.
    expect(historyOnB.map((event) => event.kind).sort()).toEqual(['payment', 'payment', 'payment', 'payment-failed']);

    // account.updated, applied in any order, leaves B's payment account as A's.
    const accountState = async (server: TestServer) => {
      const [row] = await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, owner.site.id));
      return { chargesEnabled: row!.chargesEnabled, detailsSubmitted: row!.detailsSubmitted, payoutsEnabled: row!.payoutsEnabled, requirementsDue: row!.requirementsDue };
    };
    expect(owner.accountRowBeforeOnboarding.chargesEnabled).toBe(false);
    expect(await accountState(b)).toEqual(await accountState(a));
    expect(await accountState(b)).toMatchObject({ chargesEnabled: true });
  });
});

describe('Stripe unreachable', () => {
  let offline: TestServer | undefined;
  beforeAll(async () => {
    // A second app on A's database whose Stripe is a closed port: each call is refused at once, and so are the SDK's two retries.
    offline = await startTestServer({ shareWith: a, env: { ...stripe.env, ...HIGH_RATE_LIMITS, STRIPE_API_URL: `http://127.0.0.1:${await freePort()}` } });
  });
  afterAll(async () => {
    await offline?.stop();
  });

  it('refuses a paid join with stripe-unavailable (502), on the API and on the join page, and makes no membership', async () => {
    const server = offline!;
    const owner = await paidCreator(a);
    const fan = await signUpVerified(server);
    const fanId = await userIdOf(a.handle.db, fan.email);
    const sessionsBefore = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').length;

    const api = await fan.client.post(`/api/sites/${owner.site.handle}/join`, { tierId: owner.tier.id, cadence: 'month' });
    expect(api.status).toBe(502);
    expect(api.body).toEqual({ error: { code: 'stripe-unavailable', message: STRIPE_UNAVAILABLE } });
    counts['calls refused while Stripe was unreachable'] += 1;

    const form = await fan.client.post(`/@${owner.site.handle}/join`, new URLSearchParams({ tierId: owner.tier.id, cadence: 'year' }).toString(), FORM);
    expect(form.status, form.text.slice(0, 300)).toBe(303);
    expect(form.headers.get('location')).toBe(`/@${owner.site.handle}/join?error=stripe-unavailable`);
    const page = await fan.client.get(form.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<p class="notice notice--error" role="alert">${STRIPE_UNAVAILABLE}</p>`);
    counts['calls refused while Stripe was unreachable'] += 1;
    expect(await membershipOf(a, owner.site.id, fanId)).toBeUndefined();

    // A visitor who joins on the join page with their address is told why there is no membership yet, on the page that keeps what they typed.
    const visitor = createTestClient(server.url);
    const email = uniqueEmail('fan');
    const signup = await visitor.post(`/@${owner.site.handle}/join/signup`, new URLSearchParams({ choice: `${owner.tier.id}:month`, email }).toString(), FORM);
    expect(signup.status, signup.text.slice(0, 300)).toBe(502);
    expect(signup.text).toContain(`<p class="notice notice--error" role="alert">${STRIPE_UNAVAILABLE}</p>`);
    expect(signup.text).toContain(`value="${email}"`);
    expect(visitor.cookies.size).toBe(0);
    counts['calls refused while Stripe was unreachable'] += 1;
    const visitorId = await userIdOf(a.handle.db, email);
    expect(await membershipOf(a, owner.site.id, visitorId)).toBeUndefined();

    expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions')).toHaveLength(sessionsBefore);
    // Stripe back: the same fan joins and pays.
    await joinAndPay(owner, { client: sameUserOn(a, fan.client), email: fan.email });
  });

  it('refuses connect with stripe-unavailable (502) and leaves no half-made payment account; a retry with Stripe back makes one', async () => {
    const server = offline!;
    const creator = await creatorWithSite(a);
    const accountsMadeFor = (siteId: string) => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/accounts' && (request.body.metadata as { siteId?: string } | undefined)?.siteId === siteId);

    const refused = await sameUserOn(server, creator.client).post('/api/payments/connect');
    expect(refused.status, refused.text).toBe(502);
    expect(refused.body).toEqual({ error: { code: 'stripe-unavailable', message: STRIPE_UNAVAILABLE } });
    counts['calls refused while Stripe was unreachable'] += 1;
    expect(await a.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, creator.siteId))).toEqual([]);
    expect(accountsMadeFor(creator.siteId)).toEqual([]);

    const retried = await creator.client.post<{ url: string }>('/api/payments/connect');
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.url).toMatch(/\/hosted\/onboarding\//);
    expect(await a.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, creator.siteId))).toHaveLength(1);
    expect(accountsMadeFor(creator.siteId)).toHaveLength(1);
  });

  it('keeps the account made before the link failed, and a retry reuses it', async () => {
    const server = offline!;
    const creator = await creatorWithSite(a);
    const first = await creator.client.post<{ url: string }>('/api/payments/connect');
    expect(first.status).toBe(200);
    const [made] = await a.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, creator.siteId));

    // The account exists; only the onboarding link cannot be had.
    const refused = await sameUserOn(server, creator.client).post('/api/payments/connect');
    expect(refused.status, refused.text).toBe(502);
    expect(refused.body).toMatchObject({ error: { code: 'stripe-unavailable' } });
    counts['calls refused while Stripe was unreachable'] += 1;
    expect(await a.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, creator.siteId))).toEqual([made]);

    const retried = await creator.client.post<{ url: string }>('/api/payments/connect');
    expect(retried.status).toBe(200);
    expect(await a.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, creator.siteId))).toEqual([made]);
    expect(stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/account_links' && request.body.account === made!.stripeAccountId)).toHaveLength(2);
  });
});

describe('a CSV of 10,000 rows, 50 of them broken', () => {
  const mapping = { email: 'email', name: 'name', note: 'note', labels: 'labels', complimentary_plan: 'complimentary_plan', tiers: 'tiers' };

  interface Built {
    csv: string;
    refused: ImportRefusal[];
    /** Line numbers of the rows that are fine. */
    good: number[];
    comped: number;
  }

  /**
   * Ghost's columns, one header line then CSV_ROWS rows. Broken rows are spread through the file: 12 bad
   * addresses, 10 repeats of an earlier address, 8 rows with the wrong number of columns, 8 naming a tier the
   * site lacks, 2 with the creator's own address, 10 of people who are members already.
   */
  function buildCsv(ownerEmail: string, members: string[]): Built {
    const badAddresses = ['not-an-address', 'a@b', '@nowhere.example', 'two@@csv.example', 'has space@csv.example', '', 'no-at.csv.example', 'trailing@dot.', 'x@y', 'a@b@c.example', 'lonely@', 'tab\there@csv.example'];
    const broken = new Map<number, (index: number) => { cells: string[]; problem: ImportProblem; email: string }>();
    const spread = (offset: number, total: number, make: (n: number, index: number) => { cells: string[]; problem: ImportProblem; email: string }) => {
      for (let n = 0; n < total; n++) broken.set(offset + n * 197, (index) => make(n, index));
    };
    const goodEmail = (index: number) => `fan${index}@csv.example`;
    spread(41, badAddresses.length, (n) => ({ cells: [badAddresses[n]!, 'Bad Address', '', '', '', ''], problem: 'invalid-email', email: badAddresses[n]!.trim().toLowerCase() }));
    // A repeat names a good row 40 lines above it, upper-cased: the same address.
    spread(2600, 10, (_n, index) => ({ cells: [goodEmail(index - 40).toUpperCase(), 'Twice', '', '', '', ''], problem: 'duplicate-in-file', email: goodEmail(index - 40) }));
    spread(4700, 8, (n, index) => ({ cells: n % 2 === 0 ? [goodEmail(index), 'Short Row'] : [goodEmail(index), 'Long', '', '', '', '', 'extra'], problem: 'invalid-row', email: goodEmail(index) }));
    spread(6300, 8, (_n, index) => ({ cells: [goodEmail(index), 'Platinum Fan', '', '', '', 'Platinum'], problem: 'unknown-tier', email: goodEmail(index) }));
    spread(7900, 2, (n) => ({ cells: [n === 0 ? ownerEmail : ownerEmail.toUpperCase(), 'Me', '', '', '', ''], problem: 'is-the-creator', email: ownerEmail }));
    spread(8150, members.length, (n) => ({ cells: [members[n]!, 'Already Here', '', '', '', ''], problem: 'already-a-member', email: members[n]! }));
    expect(broken.size).toBe(50);

    const quote = (cell: string) => (/[",\n\t]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
    const lines = ['email,name,note,labels,complimentary_plan,tiers'];
    const refused: ImportRefusal[] = [];
    const good: number[] = [];
    let comped = 0;
    for (let index = 0; index < CSV_ROWS; index++) {
      const line = index + 2;
      const bad = broken.get(index)?.(index);
      if (bad) {
        refused.push({ row: line, email: bad.email, problem: bad.problem, message: IMPORT_PROBLEM_MESSAGES[bad.problem] });
        lines.push(bad.cells.map(quote).join(','));
        continue;
      }
      // Every 10th names the paid tier and every 25th is complimentary: both become comps, as Ghost imports them.
      const tier = index % 10 === 0 ? 'Gold' : '';
      const comp = index % 25 === 0 ? 'true' : '';
      if (tier || comp) comped += 1;
      good.push(line);
      lines.push([goodEmail(index), `Fan ${index}`, index % 3 === 0 ? 'Says "hi", twice' : '', index % 4 === 0 ? 'early,podcast' : '', comp, tier].map(quote).join(','));
    }
    return { csv: `${lines.join('\n')}\n`, refused, good, comped };
  }

  it('lists exactly the broken rows in the dry run, imports the rest once, and refuses them all the second time', async () => {
    const creator = await creatorWithSite(a);
    const siteTiers = await insertTiers(a.handle.db, creator.siteId);
    const seeded = await seedMembers(a.handle.db, creator.siteId, siteTiers, 10, 'csv');
    const built = buildCsv(creator.email, seeded.map((member) => member.email));
    const db = a.handle.db;
    const membersOfSite = async () => (await db.select({ n: count() }).from(memberships).where(eq(memberships.siteId, creator.siteId)))[0]!.n;
    const importedUsers = async () => (await db.select({ n: count() }).from(users).where(like(users.email, '%@csv.example')))[0]!.n;
    const importedRows = async () => (await db.select({ n: count() }).from(membershipEvents).where(and(eq(membershipEvents.siteId, creator.siteId), eq(membershipEvents.kind, 'imported'))))[0]!.n;
    const send = (dryRun: boolean) => creator.client.post<ImportReport>('/api/members/import', { csv: built.csv, mapping, dryRun });
    const accepted = CSV_ROWS - built.refused.length;
    counts['CSV rows'] += CSV_ROWS;

    const dry = await send(true);
    expect(dry.status, dry.text.slice(0, 300)).toBe(200);
    expect(dry.body).toEqual({ dryRun: true, rows: CSV_ROWS, create: accepted, linked: 0, refused: built.refused });
    counts['broken CSV rows reported'] += dry.body.refused.length;
    expect(await membersOfSite()).toBe(10);
    expect(await importedUsers()).toBe(0);
    expect(await importedRows()).toBe(0);

    const real = await send(false);
    expect(real.status, real.text.slice(0, 300)).toBe(200);
    expect(real.body).toEqual({ dryRun: false, rows: CSV_ROWS, create: accepted, linked: 0, refused: built.refused });
    counts['members imported'] += real.body.create;
    expect(await membersOfSite()).toBe(10 + accepted);
    expect(await importedUsers()).toBe(accepted);
    expect(await importedRows()).toBe(accepted);
    const statuses = await db
      .select({ status: memberships.status, n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.siteId, creator.siteId), eq(memberships.source, 'import'), like(users.email, '%@csv.example')))
      .groupBy(memberships.status);
    expect(Object.fromEntries(statuses.map((row) => [row.status, row.n]))).toEqual({ active: accepted - built.comped, comped: built.comped });

    const again = await send(false);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ dryRun: false, rows: CSV_ROWS, create: 0 });
    const refusedAgain = again.body.refused;
    expect(refusedAgain).toHaveLength(CSV_ROWS);
    // Each row that was taken is now a member; each broken row is refused for the same reason as before.
    expect(refusedAgain.filter((refusal) => !built.refused.some((first) => first.row === refusal.row)).map((refusal) => [refusal.row, refusal.problem])).toEqual(
      built.good.map((line) => [line, 'already-a-member']),
    );
    expect(refusedAgain.filter((refusal) => built.refused.some((first) => first.row === refusal.row))).toEqual(built.refused);
    expect(await membersOfSite()).toBe(10 + accepted);
    expect(await importedUsers()).toBe(accepted);
    expect(await importedRows()).toBe(accepted);
  });
});
