/**
 * The overview's one-time revenue (issue 31, docs/decisions/162): gifts, tips and products of the last 30 days, read
 * from the `sales` ledger as the reports' roll-up counts a day: what was paid in the period, less what was refunded
 * in it (a refund may take back a sale paid before the period). Read live, so a tip shows at once, not after the
 * roll-up's next run.
 */
import { and, eq, gte, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { MemberFigures } from '../../common/api/dashboard.ts';
import { mrrByCurrency } from '../../common/member-figures.ts';
import type { Database } from '../../db/connect.ts';
import { sales } from '../../db/earn-schema.ts';

export const ONE_TIME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function oneTimeFigures(db: Database, siteId: string, now: Date, mainCurrency: string): Promise<MemberFigures['oneTime']> {
  const start = new Date(now.getTime() - ONE_TIME_DAYS * DAY_MS);
  const paidIn = and(isNotNull(sales.paidAt), gte(sales.paidAt, start), lte(sales.paidAt, now));
  const refundedIn = and(isNotNull(sales.refundedAt), gte(sales.refundedAt, start), lte(sales.refundedAt, now));
  const rows = await db
    .select({
      currency: sales.currency,
      amount: sql<number>`coalesce(sum(${sales.amount}) filter (where ${paidIn}), 0) - coalesce(sum(${sales.amount}) filter (where ${refundedIn}), 0)`.mapWith(Number),
      // A sale counts once, as paid in the period, even when it was refunded since.
      sales: sql<number>`count(*) filter (where ${paidIn})`.mapWith(Number),
    })
    .from(sales)
    .where(and(eq(sales.siteId, siteId), or(paidIn, refundedIn)))
    .groupBy(sales.currency);
  return {
    days: ONE_TIME_DAYS,
    revenue: mrrByCurrency(
      rows.map(({ currency, amount }) => ({ currency, amount })),
      mainCurrency,
    ),
    sales: rows.reduce((total, row) => total + row.sales, 0),
  };
}
