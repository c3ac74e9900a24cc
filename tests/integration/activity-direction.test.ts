/**
 * Upgrades and downgrades on Recent Activity (issue 20, docs/decisions/112) on
 * the real app: members join and move between tiers through the real `stripe`
 * SDK and the Stripe-protocol test server, whose signed webhooks reach the
 * app's real routes; the direction is what the member pays a month (a yearly
 * price a twelfth). Filtered by type; another creator never sees them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDetail } from '../../common/api/members.ts';
import type { ActivityEvent } from '../../common/api/reports.ts';
import type { TierView } from '../../common/api/tiers.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { membershipEvents, paymentAccounts } from '../../db/money-schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from '../support/accounts.ts';
import type { TestClient } from '../support/http-client.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let server: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env });
  stripeServer.useApp(server.url);
});

afterAll(async () => {
  await server?.stop();
  await stripeServer?.close();
});

const stripe = () => createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });

interface Creator {
  client: TestClient;
  siteId: string;
  handle: string;
  freeTierId: string;
  accountId: string;
}

async function creator(): Promise<Creator> {
  const owner = await signUpVerified(server);
  const { site, freeTier } = await insertSite(db(), await userIdOf(db(), owner.email));
  const account = await stripe().accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  await db().insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  return { client: owner.client, siteId: site.id, handle: site.handle, freeTierId: freeTier.id, accountId: account.id };
}

/** A paid tier made through the studio, so it has its Product and Prices on the connected account. */
async function paidTier(owner: Creator, name: string, monthlyPrice: number, yearlyPrice: number) {
  const created = await owner.client.post<{ tier: TierView }>('/api/tiers', { name, monthlyPrice, yearlyPrice, currency: 'usd' });
  expect(created.status, created.text).toBe(201);
  const [stored] = await db().select().from(tiers).where(eq(tiers.id, created.body.tier.id));
  return { id: stored!.id, month: stored!.stripeMonthlyPriceId!, year: stored!.stripeYearlyPriceId! };
}

async function membershipOf(owner: Creator, email: string) {
  const userId = await userIdOf(db(), email);
  const [row] = await db()
    .select()
    .from(memberships)
    .where(and(eq(memberships.siteId, owner.siteId), eq(memberships.userId, userId)));
  return row!;
}

/** A new fan pays for the tier at the cadence on the hosted Checkout page; answers their email and subscription. */
async function fanPaying(owner: Creator, tierId: string, cadence: 'month' | 'year') {
  const fan = await signUpVerified(server);
  const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.handle}/join`, { tierId, cadence });
  expect(joined.status, joined.text).toBe(200);
  expect((await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  return { fan, subscriptionId: (await membershipOf(owner, fan.email)).stripeSubscriptionId! };
}

/** The member switches price in Stripe (the portal, or the creator in Stripe's dashboard); the webhook carries it to the app. */
async function switchPrice(owner: Creator, subscriptionId: string, price: string) {
  const item = (stripeServer.object(subscriptionId) as unknown as { items: { data: [{ id: string }] } }).items.data[0];
  await stripe().subscriptions.update(subscriptionId, { items: [{ id: item.id, price }] }, { stripeAccount: owner.accountId });
  await stripeServer.idle();
}

async function tierEvents(membershipId: string) {
  const rows = await db().select().from(membershipEvents).where(eq(membershipEvents.membershipId, membershipId)).orderBy(membershipEvents.occurredAt);
  return rows.filter((row) => ['upgraded', 'downgraded', 'tier-changed'].includes(row.kind)).map((row) => [row.kind, row.tierId]);
}

async function activity(owner: Creator, type?: string): Promise<ActivityEvent[]> {
  const answer = await owner.client.get<{ events: ActivityEvent[] }>(`/api/activity${type ? `?type=${type}` : ''}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.events;
}

describe('tier changes through Stripe', () => {
  let owner: Creator;
  let supporter: Awaited<ReturnType<typeof paidTier>>;
  let patron: Awaited<ReturnType<typeof paidTier>>;
  let annual: Awaited<ReturnType<typeof paidTier>>;

  beforeAll(async () => {
    owner = await creator();
    supporter = await paidTier(owner, 'Supporter', 500, 5000);
    patron = await paidTier(owner, 'Patron', 1000, 10_000);
    // 4800 a year is 400 a month: fewer cents a month than Supporter's 500, though more per invoice.
    annual = await paidTier(owner, 'Annual', 900, 4800);
  });

  it('records a move to a dearer monthly tier as upgraded, and back as downgraded', async () => {
    const { fan, subscriptionId } = await fanPaying(owner, supporter.id, 'month');
    await switchPrice(owner, subscriptionId, patron.month);
    const membership = await membershipOf(owner, fan.email);
    expect(membership).toMatchObject({ tierId: patron.id, amount: 1000, cadence: 'month' });
    expect(await tierEvents(membership.id)).toEqual([['upgraded', patron.id]]);

    await switchPrice(owner, subscriptionId, supporter.month);
    expect(await tierEvents(membership.id)).toEqual([
      ['upgraded', patron.id],
      ['downgraded', supporter.id],
    ]);
    const member = await owner.client.get<{ member: MemberDetail }>(`/api/members/${membership.id}`);
    expect(member.body.member.history.slice(0, 2).map((event) => [event.kind, event.tierName])).toEqual([
      ['downgraded', 'Supporter'],
      ['upgraded', 'Patron'],
    ]);
  });

  it('compares a yearly price by its twelfth, not by the invoice', async () => {
    const monthly = await fanPaying(owner, supporter.id, 'month');
    await switchPrice(owner, monthly.subscriptionId, annual.year);
    const down = await membershipOf(owner, monthly.fan.email);
    expect(down).toMatchObject({ tierId: annual.id, amount: 4800, cadence: 'year' });
    expect(await tierEvents(down.id)).toEqual([['downgraded', annual.id]]);

    const yearly = await fanPaying(owner, annual.id, 'year');
    await switchPrice(owner, yearly.subscriptionId, supporter.month);
    expect(await tierEvents((await membershipOf(owner, yearly.fan.email)).id)).toEqual([['upgraded', supporter.id]]);
  });

  it('records a free member who starts paying as upgraded', async () => {
    const fan = await signUpVerified(server);
    expect((await fan.client.post(`/api/sites/${owner.handle}/join`, { tierId: owner.freeTierId })).status).toBe(201);
    const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${owner.handle}/join`, { tierId: patron.id, cadence: 'year' });
    expect(joined.status, joined.text).toBe(200);
    expect((await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const membership = await membershipOf(owner, fan.email);
    expect(membership).toMatchObject({ tierId: patron.id, source: 'stripe' });
    expect(await tierEvents(membership.id)).toEqual([['upgraded', patron.id]]);
  });
});

describe('Recent Activity', () => {
  it('shows upgrades and downgrades under their own types, filtered, and never to another creator', async () => {
    const owner = await creator();
    const supporter = await paidTier(owner, 'Supporter', 500, 5000);
    const patron = await paidTier(owner, 'Patron', 1000, 10_000);
    const rising = await fanPaying(owner, supporter.id, 'month');
    await switchPrice(owner, rising.subscriptionId, patron.year);
    const falling = await fanPaying(owner, patron.id, 'month');
    await switchPrice(owner, falling.subscriptionId, supporter.month);
    const [up, down] = [await membershipOf(owner, rising.fan.email), await membershipOf(owner, falling.fan.email)];

    const all = await activity(owner);
    expect(all.filter((event) => ['upgraded', 'downgraded', 'changed-tier'].includes(event.type)).map((event) => [event.type, event.member?.id])).toEqual([
      ['downgraded', down.id],
      ['upgraded', up.id],
    ]);
    expect((await activity(owner, 'upgraded')).map((event) => [event.type, event.member?.email])).toEqual([['upgraded', rising.fan.email]]);
    expect((await activity(owner, 'downgraded')).map((event) => [event.type, event.member?.email])).toEqual([['downgraded', falling.fan.email]]);
    expect(await activity(owner, 'changed-tier')).toEqual([]);

    const other = await creator();
    for (const type of [undefined, 'upgraded', 'downgraded']) expect(await activity(other, type), type).toEqual([]);
  });
});

describe('the same price on another tier', () => {
  it('stays a tier change: neither side pays more', async () => {
    const owner = await creator();
    const first = await paidTier(owner, 'Podcast', 700, 7000);
    const second = await paidTier(owner, 'Letters', 700, 7000);
    const { fan, subscriptionId } = await fanPaying(owner, first.id, 'month');
    await switchPrice(owner, subscriptionId, second.month);
    expect(await tierEvents((await membershipOf(owner, fan.email)).id)).toEqual([['tier-changed', second.id]]);
    expect((await activity(owner, 'changed-tier')).map((event) => event.type)).toEqual(['changed-tier']);
  });
});
