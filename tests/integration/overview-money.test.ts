/**
 * The overview's money figures (issue 10 item 6, docs/decisions/058) over
 * seeded memberships, the ended ones ended through server/memberships (their
 * history is the app's own, docs/decisions/125): every status, both cadences, a
 * renewal canceled at period end, a trial, two currencies, and another
 * site's members, which must not count.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../common/api/dashboard.ts';
import type { Cadence, MembershipSource, MembershipStatus } from '../../common/memberships.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { saleRefunds, sales } from '../../db/earn-schema.ts';
import { users } from '../../db/schema.ts';
import { endMembership } from '../../server/memberships/index.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const time = createTestClock(new Date('2026-06-01T12:00:00Z'));
const daysAgo = (days: number) => new Date(time.clock().getTime() - days * DAY_MS);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
});
afterAll(async () => {
  await server?.stop();
});

async function tiersOf(siteId: string) {
  const [free] = await server.handle.db.insert(tiers).values({ siteId, name: 'Free', type: 'free' }).returning();
  const [usd] = await server.handle.db.insert(tiers).values({ siteId, name: 'Supporter', type: 'paid', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd', position: 1 }).returning();
  const [eur] = await server.handle.db.insert(tiers).values({ siteId, name: 'Europe', type: 'paid', monthlyPrice: 400, yearlyPrice: 4800, currency: 'eur', position: 2 }).returning();
  return { free: free!.id, usd: usd!.id, eur: eur!.id };
}

interface Seed {
  tierId: string;
  status: MembershipStatus;
  source?: MembershipSource;
  cadence?: Cadence;
  amount?: number;
  currency?: string;
  cancelAtPeriodEnd?: boolean;
  joined?: Date;
  ended?: Date;
}

/** A membership in the state the seed names; one that ended was ended by the one writer of memberships, on its day, so its `ended` row is the app's own. */
async function member(siteId: string, seed: Seed): Promise<string> {
  const id = randomUUID();
  await server.handle.db.insert(users).values({ id, email: `${id}@example.com`, fullName: 'Fan', displayName: 'Fan', username: id.slice(0, 6), role: 'member', niche: '' });
  const [row] = await server.handle.db
    .insert(memberships)
    .values({
      siteId,
      userId: id,
      tierId: seed.tierId,
      status: seed.ended ? 'active' : seed.status,
      source: seed.source ?? 'stripe',
      cadence: seed.cadence ?? 'month',
      amount: seed.amount ?? null,
      currency: seed.currency ?? null,
      cancelAtPeriodEnd: seed.cancelAtPeriodEnd ?? false,
      createdAt: seed.joined ?? daysAgo(60),
    })
    .returning();
  const ended = seed.ended;
  if (ended) expect(await server.handle.db.transaction((tx) => endMembership(tx, { membershipId: row!.id, siteId, now: ended, detail: 'Subscription ended' }))).toBe(true);
  return row!.id;
}

async function overviewOf(creator: Creator): Promise<Overview> {
  const response = await creator.client.get<Overview>('/api/dashboard/overview');
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('the overview money figures', () => {
  it('start empty: nobody paying, no revenue in the site currency, no churn to speak of', async () => {
    const creator = await creatorWithSite(server);
    const { money, members } = await overviewOf(creator);
    expect(members).toBe(0);
    expect(money).toEqual({
      payingMembers: 0,
      mrr: [{ amount: 0, currency: 'usd' }],
      churn: { days: 30, left: 0, payingAtStart: 0, rate: null },
      oneTime: { days: 30, revenue: [{ amount: 0, currency: 'usd' }], sales: 0 },
    });
  });

  it('count paying members, MRR per currency and churn from the site’s own memberships only', async () => {
    const creator = await creatorWithSite(server);
    const tier = await tiersOf(creator.siteId);
    const site = creator.siteId;
    // Paying: 500 a month, 5000 a year (417 a month), a past_due card still counts, 400 EUR a month.
    await member(site, { tierId: tier.usd, status: 'active', amount: 500, currency: 'usd' });
    await member(site, { tierId: tier.usd, status: 'active', cadence: 'year', amount: 5000, currency: 'usd' });
    await member(site, { tierId: tier.usd, status: 'past_due', amount: 500, currency: 'usd' });
    await member(site, { tierId: tier.eur, status: 'active', amount: 400, currency: 'eur' });
    // Paying but adds no MRR: leaving at period end.
    await member(site, { tierId: tier.usd, status: 'active', amount: 500, currency: 'usd', cancelAtPeriodEnd: true });
    // Members who do not pay: a trial, a comp, a free member, an import on a paid tier without Stripe.
    await member(site, { tierId: tier.usd, status: 'trialing', amount: 500, currency: 'usd', joined: daysAgo(3) });
    await member(site, { tierId: tier.usd, status: 'comped', source: 'comp', cadence: undefined });
    await member(site, { tierId: tier.free, status: 'active', source: 'free' });
    // Ended within the 30 days, having paid before them: churn.
    await member(site, { tierId: tier.usd, status: 'canceled', amount: 500, currency: 'usd', ended: daysAgo(10) });
    await member(site, { tierId: tier.eur, status: 'expired', amount: 400, currency: 'eur', ended: daysAgo(29) });
    // Not churn: ended before the period, or joined and left inside it (never paying at its start).
    await member(site, { tierId: tier.usd, status: 'canceled', amount: 500, currency: 'usd', ended: daysAgo(45) });
    await member(site, { tierId: tier.usd, status: 'canceled', amount: 500, currency: 'usd', joined: daysAgo(20), ended: daysAgo(5) });

    // Another creator's paying members, in the same currencies.
    const other = await creatorWithSite(server);
    const otherTier = await tiersOf(other.siteId);
    await member(other.siteId, { tierId: otherTier.usd, status: 'active', amount: 9900, currency: 'usd' });
    await member(other.siteId, { tierId: otherTier.eur, status: 'canceled', amount: 400, currency: 'eur', ended: daysAgo(2) });

    const { members, money } = await overviewOf(creator);
    // Entitling: 4 paying, the one leaving at period end, the trial, the comp and the free member.
    expect(members).toBe(8);
    expect(money.payingMembers).toBe(5);
    expect(money.mrr).toEqual([
      { amount: 500 + 417 + 500, currency: 'usd' },
      { amount: 400, currency: 'eur' },
    ]);
    // Paying 30 days ago: the 5 paying now, the canceled-at-period-end one is among them, plus the 2 who left since.
    expect(money.churn).toEqual({ days: 30, left: 2, payingAtStart: 7, rate: 2 / 7 });
  });

  it('shows the main currency first, from the site’s first paid tier', async () => {
    const creator = await creatorWithSite(server);
    const [eurFirst] = await server.handle.db.insert(tiers).values({ siteId: creator.siteId, name: 'Euro', type: 'paid', monthlyPrice: 300, currency: 'eur', position: 1 }).returning();
    await server.handle.db.insert(tiers).values({ siteId: creator.siteId, name: 'Dollar', type: 'paid', monthlyPrice: 300, currency: 'usd', position: 2 });
    await member(creator.siteId, { tierId: eurFirst!.id, status: 'active', cadence: 'year', amount: 1200, currency: 'eur' });
    const { money } = await overviewOf(creator);
    expect(money.mrr).toEqual([{ amount: 100, currency: 'eur' }]);
  });

  it('sum one-time revenue of 30 days from the sales ledger as the roll-up does: paid in the period, less refunded in it, per currency', async () => {
    const creator = await creatorWithSite(server);
    await server.handle.db.insert(tiers).values({ siteId: creator.siteId, name: 'Dollar', type: 'paid', monthlyPrice: 300, currency: 'usd', position: 1 });
    const sale = async (siteId: string, values: Partial<typeof sales.$inferInsert>, refunds: { amount: number; at: Date }[] = []) => {
      const [row] = await server.handle.db.insert(sales).values({ siteId, kind: 'tip', status: 'paid', amount: 100, currency: 'usd', ...values }).returning();
      for (const refund of refunds) await server.handle.db.insert(saleRefunds).values({ saleId: row!.id, siteId, amount: refund.amount, refundedAt: refund.at });
    };
    await sale(creator.siteId, { kind: 'tip', amount: 500, paidAt: daysAgo(2) });
    await sale(creator.siteId, { kind: 'product', amount: 1500, paidAt: daysAgo(10) });
    // Paid and refunded inside the period: counted as a sale, worth nothing.
    await sale(creator.siteId, { kind: 'product', status: 'refunded', amount: 1000, paidAt: daysAgo(20), refundedAt: daysAgo(3) }, [{ amount: 1000, at: daysAgo(3) }]);
    // Paid before the period, refunded in it: taken off, as the report's day of the refund takes it off.
    await sale(creator.siteId, { kind: 'gift', status: 'refunded', amount: 300, paidAt: daysAgo(40), refundedAt: daysAgo(5) }, [{ amount: 300, at: daysAgo(5) }]);
    // Partly given back: twice, the first before the period.
    await sale(creator.siteId, { kind: 'tip', amount: 2000, paidAt: daysAgo(35) }, [
      { amount: 500, at: daysAgo(33) },
      { amount: 250, at: daysAgo(4) },
    ]);
    await sale(creator.siteId, { kind: 'tip', amount: 700, currency: 'eur', paidAt: daysAgo(1) });
    // Not revenue: before the period, never paid, abandoned, another creator's.
    await sale(creator.siteId, { kind: 'tip', amount: 9000, paidAt: daysAgo(31) });
    await sale(creator.siteId, { kind: 'tip', status: 'open', amount: 9000 });
    await sale(creator.siteId, { kind: 'product', status: 'expired', amount: 9000 });
    const other = await creatorWithSite(server);
    await sale(other.siteId, { kind: 'tip', amount: 9000, paidAt: daysAgo(1) });

    const { money } = await overviewOf(creator);
    expect(money.oneTime).toEqual({
      days: 30,
      revenue: [
        { amount: 500 + 1500 - 300 - 250, currency: 'usd' },
        { amount: 700, currency: 'eur' },
      ],
      sales: 4,
    });
    expect((await overviewOf(other)).money.oneTime).toEqual({ days: 30, revenue: [{ amount: 9000, currency: 'usd' }], sales: 1 });
  });
});
