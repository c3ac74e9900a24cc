/**
 * Every membership change on Recent Activity once (issue 27 item 6,
 * docs/decisions/125), on the real app and database, with the real `stripe`
 * SDK against the Stripe-protocol test server, whose signed webhooks reach the
 * app's real routes. Nothing here writes a history row by hand: a free join
 * through the join form, a paid join through Checkout, a comp, an import, a
 * member leaving, the creator removing them, Stripe ending a subscription and
 * a failed payment each appear on GET /api/activity exactly once, also when
 * the request is sent twice, two at once, the webhook is delivered again
 * (same event, or the same object under a new event), or two servers are
 * handed the same events at the same moment.
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityType } from '../../common/activity.ts';
import type { ImportReport, MemberDetail, MembersAnswer } from '../../common/api/members.ts';
import type { ActivityEvent } from '../../common/api/reports.ts';
import type { TierView } from '../../common/api/tiers.ts';
import { memberships } from '../../db/content-schema.ts';
import { memberNoticeEvents } from '../../db/email-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from '../support/accounts.ts';
import { sendJson } from '../support/creator-site.ts';
import type { TestClient, TestResponse } from '../support/http-client.ts';
import { insertSite, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, stripeSignature, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let server: TestServer;
/** A second server on the same database, for the race. */
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
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Owner {
  client: TestClient;
  handle: string;
  siteId: string;
  freeTierId: string;
  accountId: string | undefined;
}

type Fan = Awaited<ReturnType<typeof signUpVerified>>;

/** A creator with a published site; `paid` gives it a Stripe account that finished onboarding. */
async function creator({ paid = false } = {}): Promise<Owner> {
  const owner = await signUpVerified(server);
  const { site, freeTier } = await insertSite(db(), await userIdOf(db(), owner.email));
  if (!paid) return { client: owner.client, handle: site.handle, siteId: site.id, freeTierId: freeTier.id, accountId: undefined };
  const account = await stripe().accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  await db().insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  return { client: owner.client, handle: site.handle, siteId: site.id, freeTierId: freeTier.id, accountId: account.id };
}

/** A paid tier made through the studio, so it has its Product and Prices on the connected account. */
async function paidTier(owner: Owner): Promise<TierView> {
  const created = await owner.client.post<{ tier: TierView }>('/api/tiers', { name: 'Supporter', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd' });
  expect(created.status, created.text).toBe(201);
  return created.body.tier;
}

/** The fan picks the free tier on the site's join page and sends its form. */
async function joinByForm(owner: Owner, fan: Fan): Promise<void> {
  const sent = await fan.client.post(`/@${owner.handle}/join`, `tierId=${owner.freeTierId}`, FORM);
  expect(sent.status, sent.text).toBe(303);
  expect(sent.headers.get('location')).toBe(`/@${owner.handle}?joined=1`);
}

/** The fan opens Checkout for the tier and pays on the hosted page; answers the subscription's id. */
async function joinAndPay(owner: Owner, tier: TierView, fan: Fan): Promise<string> {
  const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.handle}/join`, { tierId: tier.id, cadence: 'month' });
  expect(joined.status, joined.text).toBe(200);
  const paid = await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  // Each paying owner here has one fan, on an account of their own.
  const subscriptions = await stripe().subscriptions.list({ status: 'all' }, { stripeAccount: owner.accountId! });
  expect(subscriptions.data).toHaveLength(1);
  return subscriptions.data[0]!.id;
}

/** Recent Activity of one type (every type: undefined), as the creator's studio asks for it; only the events about `email` when given. */
async function activity(owner: Owner, type: ActivityType | undefined, email?: string): Promise<ActivityEvent[]> {
  const answer = await owner.client.get<{ events: ActivityEvent[] }>(`/api/activity${type ? `?type=${type}` : ''}`);
  expect(answer.status, answer.text).toBe(200);
  return email === undefined ? answer.body.events : answer.body.events.filter((event) => event.member?.email === email);
}

async function memberOf(owner: Owner, email: string): Promise<MemberDetail> {
  const { members } = (await owner.client.get<MembersAnswer>(`/api/members?q=${encodeURIComponent(email)}`)).body;
  expect(members.map((member) => member.email)).toEqual([email]);
  return (await owner.client.get<{ member: MemberDetail }>(`/api/members/${members[0]!.id}`)).body.member;
}

const allAnswered = (answers: TestResponse<unknown>[] | Response[]) => answers.map((answer) => answer.status);

/** Every event Stripe made on the account that names the subscription, oldest first. */
async function eventsOf(owner: Owner, subscriptionId: string): Promise<Stripe.Event[]> {
  const events = await stripe().events.list({ limit: 100 }, { stripeAccount: owner.accountId! });
  return events.data.filter((event) => JSON.stringify(event.data.object).includes(subscriptionId)).reverse();
}

/** An event as Stripe signs and posts it, to the server given. */
function deliver(target: TestServer, event: Stripe.Event): Promise<Response> {
  const payload = JSON.stringify(event, null, 2);
  return fetch(new URL('/api/webhooks/stripe-connect', target.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignature(stripeServer.secrets.connect, Math.floor(Date.now() / 1000), payload) },
    body: payload,
  });
}

/** Stripe's at-least-once delivery: each event again under its own id, and its object again under a new one. */
async function deliverAgain(owner: Owner, events: Stripe.Event[]): Promise<void> {
  for (const event of events) {
    const again = await deliver(server, event);
    expect(again.status, await again.clone().text()).toBe(200);
    await stripeServer.emit(event.type, event.data.object as unknown as Record<string, unknown>, { account: owner.accountId! });
  }
  expect(stripeServer.deliveries.filter((delivery) => delivery.account === owner.accountId && delivery.status !== 200)).toEqual([]);
}

describe('joining', () => {
  it('a free join through the join form is one `joined`, also when the form is sent again or twice at once', async () => {
    const owner = await creator();
    const fan = await signUpVerified(server);
    await joinByForm(owner, fan);
    await joinByForm(owner, fan);
    const twin = await signUpVerified(server);
    await Promise.all([joinByForm(owner, twin), joinByForm(owner, twin)]);

    const joined = await activity(owner, 'joined');
    expect(joined.map((event) => event.member?.email).sort()).toEqual([fan.email, twin.email].sort());
    expect(joined[0]).toMatchObject({ type: 'joined', detail: 'Free membership started', post: null });
    const member = await memberOf(owner, fan.email);
    expect(member.history.map((event) => event.kind)).toEqual(['joined']);
    expect(joined.find((event) => event.member?.email === fan.email)!.member!.id).toBe(member.id);
  });

  it('a paid join through Checkout is one `joined` and one payment, however often Stripe delivers its events', async () => {
    const owner = await creator({ paid: true });
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const subscriptionId = await joinAndPay(owner, tier, fan);
    await stripeServer.idle();
    const events = await eventsOf(owner, subscriptionId);
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']));

    await deliverAgain(owner, events);

    expect(await activity(owner, 'joined', fan.email)).toEqual([expect.objectContaining({ type: 'joined', detail: 'Paid membership started' })]);
    // The payment is in the member's history, not on Recent Activity.
    expect((await activity(owner, undefined, fan.email)).map((event) => event.type)).toEqual(['joined']);
    const member = await memberOf(owner, fan.email);
    expect(member).toMatchObject({ status: 'active', source: 'stripe', lifetimeValue: { amount: 500, currency: 'usd' } });
    expect(member.history.map((event) => [event.kind, event.amount]).sort()).toEqual([
      ['joined', null],
      ['payment', { amount: 500, currency: 'usd' }],
    ]);
  });

  it('two servers handed the same paid join’s events at the same moment record it once', async () => {
    const owner = await creator({ paid: true });
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    // Stripe's deliveries held back, so that both servers first hear of the join from the events below.
    stripeServer.setWebhooks({ connectWebhook: undefined });
    let subscriptionId: string;
    try {
      subscriptionId = await joinAndPay(owner, tier, fan);
      await stripeServer.idle();
    } finally {
      stripeServer.useApp(server.url);
    }
    const userId = await userIdOf(db(), fan.email);
    const none = await db().select().from(memberships).where(and(eq(memberships.siteId, owner.siteId), eq(memberships.userId, userId)));
    expect(none).toEqual([]);

    const events = await eventsOf(owner, subscriptionId);
    // Each event to both servers, and the same object under a second event id to both: four deliveries of each at once.
    const copies = events.flatMap((event) => [event, { ...event, id: `${event.id}_again` }]);
    const answers = await Promise.all(copies.flatMap((event) => [server, second].map((target) => deliver(target, event))));
    expect(allAnswered(answers)).toEqual(answers.map(() => 200));

    expect(await activity(owner, 'joined', fan.email)).toHaveLength(1);
    const member = await memberOf(owner, fan.email);
    expect(member.history.map((event) => event.kind).sort()).toEqual(['joined', 'payment']);
    expect(member.lifetimeValue).toEqual({ amount: 500, currency: 'usd' });
    // The creator hears of the new paying member once too.
    const notices = await db().select({ kind: memberNoticeEvents.kind }).from(memberNoticeEvents).where(eq(memberNoticeEvents.membershipId, member.id));
    expect(notices.map((notice) => notice.kind).sort()).toEqual(['member', 'paying']);
  });

  it('a failed payment is one `payment-failed`, also when its event comes again', async () => {
    const owner = await creator({ paid: true });
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const subscriptionId = await joinAndPay(owner, tier, fan);
    await stripeServer.failNextInvoice(subscriptionId);
    await stripeServer.idle();
    const failed = (await eventsOf(owner, subscriptionId)).filter((event) => event.type === 'invoice.payment_failed');
    expect(failed).toHaveLength(1);
    await deliverAgain(owner, failed);
    expect(await activity(owner, 'payment-failed', fan.email)).toHaveLength(1);
  });
});

describe('the creator’s changes', () => {
  it('a comp is one `comped`: sent twice at once and once more it changes nothing; a new date is a new comp', async () => {
    const owner = await creator();
    const gold = await insertTier(db(), owner.siteId, { name: 'Gold' });
    const fan = await signUpVerified(server);
    await joinByForm(owner, fan);
    const { id } = await memberOf(owner, fan.email);
    const comp = (until: string) => owner.client.post<{ member: MemberDetail }>(`/api/members/${id}/comp`, { tierId: gold.id, until });
    const untilJune = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const answers = await Promise.all([comp(untilJune), comp(untilJune)]);
    expect(allAnswered(answers)).toEqual([200, 200]);
    expect((await comp(untilJune)).body.member).toMatchObject({ status: 'comped', tier: { id: gold.id }, compExpiresAt: `${untilJune}T00:00:00.000Z` });
    expect(await activity(owner, 'comped', fan.email)).toEqual([expect.objectContaining({ type: 'comped', detail: `Comped on Gold until ${untilJune} by the creator` })]);

    const later = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    expect((await comp(later)).status).toBe(200);
    expect((await activity(owner, 'comped', fan.email)).map((event) => event.detail).sort()).toEqual([`Comped on Gold until ${untilJune} by the creator`, `Comped on Gold until ${later} by the creator`].sort());
  });

  it('an import is one `imported` a member: two runs at once and a third import each address once', async () => {
    const owner = await creator();
    const emails = ['ada@import.example', 'grace@import.example', 'alan@import.example'].map((email) => email.replace('@', `.${owner.siteId.slice(0, 8)}@`));
    const csv = `email,name\n${emails.map((email) => `${email},${email.split('.')[0]}`).join('\n')}\n`;
    const run = () => owner.client.post<ImportReport>('/api/members/import', { csv, mapping: { email: 'email', name: 'name' }, dryRun: false });
    const answers = await Promise.all([run(), run()]);
    expect(allAnswered(answers)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.create).reduce((sum, made) => sum + made, 0)).toBe(3);
    expect((await run()).body).toMatchObject({ create: 0 });

    const imported = await activity(owner, 'imported');
    expect(imported.map((event) => event.member?.email).sort()).toEqual([...emails].sort());
    expect(imported.every((event) => event.detail === 'Imported from CSV')).toBe(true);
    expect(await activity(owner, 'joined')).toEqual([]);
  });

  it('removing a member is one `canceled`, also when the creator removes them twice at once', async () => {
    const owner = await creator();
    const fan = await signUpVerified(server);
    await joinByForm(owner, fan);
    const { id } = await memberOf(owner, fan.email);
    const remove = () => sendJson<{ member: MemberDetail }>(server, owner.client, 'DELETE', `/api/members/${id}`, {});
    const answers = await Promise.all([remove(), remove()]);
    expect(allAnswered(answers)).toEqual([200, 200]);
    expect((await remove()).body.member).toMatchObject({ status: 'canceled' });
    expect(await activity(owner, 'canceled', fan.email)).toEqual([expect.objectContaining({ type: 'canceled', detail: 'Removed by the creator' })]);
  });
});

describe('the member’s and Stripe’s changes', () => {
  it('a member who leaves is one `canceled`; leaving again changes nothing; joining again is a new `joined`', async () => {
    const owner = await creator();
    const fan = await signUpVerified(server);
    await joinByForm(owner, fan);
    const leave = () => fan.client.post(`/@${owner.handle}/account/leave`, '', FORM);
    expect((await leave()).headers.get('location')).toBe(`/@${owner.handle}/account?notice=left`);
    await leave();
    expect(await activity(owner, 'canceled', fan.email)).toEqual([expect.objectContaining({ detail: 'Left the site' })]);

    await joinByForm(owner, fan);
    expect(await activity(owner, 'joined', fan.email)).toHaveLength(2);
    expect((await memberOf(owner, fan.email)).history.map((event) => event.kind).sort()).toEqual(['ended', 'joined', 'joined']);
  });

  it('a paying member removed now is one `canceled`, whether the creator’s write or Stripe’s webhook comes first, and when the webhook comes again', async () => {
    const owner = await creator({ paid: true });
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const subscriptionId = await joinAndPay(owner, tier, fan);
    const { id } = await memberOf(owner, fan.email);
    const removed = await sendJson<{ member: MemberDetail }>(server, owner.client, 'DELETE', `/api/members/${id}`, { stripe: 'now' });
    expect(removed.status, removed.text).toBe(200);
    await stripeServer.idle();
    expect(stripeServer.object(subscriptionId)).toMatchObject({ status: 'canceled' });
    await deliverAgain(owner, (await eventsOf(owner, subscriptionId)).filter((event) => event.type === 'customer.subscription.deleted'));
    expect(await activity(owner, 'canceled', fan.email)).toHaveLength(1);
    expect((await memberOf(owner, fan.email)).history.filter((event) => event.kind === 'ended')).toHaveLength(1);
  });

  it('a renewal the creator stops is one `canceled` beside Stripe’s own news of it', async () => {
    const owner = await creator({ paid: true });
    const tier = await paidTier(owner);
    const fan = await signUpVerified(server);
    const subscriptionId = await joinAndPay(owner, tier, fan);
    const { id } = await memberOf(owner, fan.email);
    const removed = await sendJson<{ member: MemberDetail }>(server, owner.client, 'DELETE', `/api/members/${id}`, { stripe: 'at-period-end' });
    expect(removed.status, removed.text).toBe(200);
    await stripeServer.idle();
    await deliverAgain(owner, (await eventsOf(owner, subscriptionId)).filter((event) => event.type === 'customer.subscription.updated'));
    expect(await activity(owner, 'canceled', fan.email)).toEqual([expect.objectContaining({ type: 'canceled' })]);
    expect((await memberOf(owner, fan.email)).renewal.cancelAtPeriodEnd).toBe(true);
  });
});
