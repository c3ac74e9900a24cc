/**
 * The overview's money figures (issue 10 item 6, docs/decisions/058), each an
 * aggregate over the site's own rows in Postgres: paying members, monthly
 * recurring revenue per currency as Ghost counts it, and churn over the last
 * 30 days; and one-time revenue beside them (one-time-figures.ts).
 */
import { and, asc, count, countDistinct, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MemberFigures } from '../../common/api/dashboard.ts';
import { churnRate, mrrByCurrency } from '../../common/member-figures.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { membershipEvents } from '../../db/money-schema.ts';
import { oneTimeFigures } from './one-time-figures.ts';

export const CHURN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Shown when a site has no paid tier yet: the platform's own currency is as good a guess as any. */
const FALLBACK_CURRENCY = 'usd';

/** A member paying through Stripe on a paid tier, whatever their status. */
const paidStripe = and(eq(memberships.source, 'stripe'), eq(tiers.type, 'paid'));
/** Paying now: past_due still counts, Stripe is retrying the card. */
const payingNow = and(paidStripe, inArray(memberships.status, ['active', 'past_due']));

export async function memberFigures(db: Database, siteId: string, now: Date): Promise<MemberFigures> {
  const start = new Date(now.getTime() - CHURN_DAYS * DAY_MS);
  const [paying, revenue, mainCurrency, atStart, left] = await Promise.all([
    db
      .select({ count: count() })
      .from(memberships)
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(memberships.siteId, siteId), payingNow)),
    // Ghost's MRR: a yearly price over twelve; a renewal canceled at period end adds nothing, nor does a trial.
    db
      .select({
        currency: memberships.currency,
        amount: sql<number>`sum(case when ${memberships.cadence} = 'year' then round(${memberships.amount} / 12.0) else ${memberships.amount} end)`.mapWith(Number),
      })
      .from(memberships)
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(memberships.siteId, siteId), payingNow, eq(memberships.cancelAtPeriodEnd, false), sql`${memberships.amount} is not null`, sql`${memberships.currency} is not null`))
      .groupBy(memberships.currency),
    db
      .select({ currency: tiers.currency })
      .from(tiers)
      .where(and(eq(tiers.siteId, siteId), eq(tiers.type, 'paid')))
      .orderBy(asc(tiers.position), asc(tiers.createdAt))
      .limit(1),
    db
      .select({ count: count() })
      .from(memberships)
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(memberships.siteId, siteId), wasPayingAt(start))),
    // Of those paying at the start, the ones whose membership ended within the period.
    db
      .select({ count: countDistinct(membershipEvents.membershipId) })
      .from(membershipEvents)
      .innerJoin(memberships, eq(memberships.id, membershipEvents.membershipId))
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(membershipEvents.siteId, siteId), eq(membershipEvents.kind, 'ended'), gt(membershipEvents.occurredAt, start), lte(membershipEvents.occurredAt, now), wasPayingAt(start))),
  ]);
  const payingAtStart = atStart[0]?.count ?? 0;
  const leftCount = left[0]?.count ?? 0;
  const rows = revenue.flatMap((row) => (row.currency ? [{ currency: row.currency, amount: row.amount }] : []));
  const currency = mainCurrency[0]?.currency ?? rows[0]?.currency ?? FALLBACK_CURRENCY;
  return {
    payingMembers: paying[0]?.count ?? 0,
    mrr: mrrByCurrency(rows, currency),
    churn: { days: CHURN_DAYS, left: leftCount, payingAtStart, rate: churnRate(leftCount, payingAtStart) },
    oneTime: await oneTimeFigures(db, siteId, now, currency),
  };
}

/** A paid Stripe membership that had begun by `at` and had not ended by then. */
function wasPayingAt(at: Date) {
  return and(paidStripe, lte(memberships.createdAt, at), or(isNull(memberships.endedAt), gt(memberships.endedAt, at)));
}
