/**
 * The overview's one-time revenue (issue 31, docs/decisions/162): gifts, tips and products of the last 30 days, read
 * from the `sales` ledger as the reports' roll-up counts a day: what was paid in the period, less what was refunded
 * in it (`sale_refunds`, whole or partial; a refund may take back a sale paid before the period). Read live, so a tip shows at once, not after the
 * roll-up's next run.
 */
import { and, count, eq, gte, lte, sum } from 'drizzle-orm';
import type { MemberFigures } from '../../common/api/dashboard.ts';
import { mrrByCurrency } from '../../common/member-figures.ts';
import type { Database } from '../../db/connect.ts';
import { saleRefunds, sales } from '../../db/earn-schema.ts';

export const ONE_TIME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function oneTimeFigures(db: Database, siteId: string, now: Date, mainCurrency: string): Promise<MemberFigures['oneTime']> {
  const start = new Date(now.getTime() - ONE_TIME_DAYS * DAY_MS);
  const [paid, refunded] = await Promise.all([
    db
      .select({ currency: sales.currency, amount: sum(sales.amount).mapWith(Number), sales: count() })
      .from(sales)
      .where(and(eq(sales.siteId, siteId), gte(sales.paidAt, start), lte(sales.paidAt, now)))
      .groupBy(sales.currency),
    // Each refund on its own day, whole or partial (sale_refunds), in its sale's currency.
    db
      .select({ currency: sales.currency, amount: sum(saleRefunds.amount).mapWith(Number) })
      .from(saleRefunds)
      .innerJoin(sales, eq(sales.id, saleRefunds.saleId))
      .where(and(eq(saleRefunds.siteId, siteId), gte(saleRefunds.refundedAt, start), lte(saleRefunds.refundedAt, now)))
      .groupBy(sales.currency),
  ]);
  const net = new Map(paid.map((row) => [row.currency, row.amount]));
  for (const row of refunded) net.set(row.currency, (net.get(row.currency) ?? 0) - row.amount);
  return {
    days: ONE_TIME_DAYS,
    revenue: mrrByCurrency(
      [...net].map(([currency, amount]) => ({ currency, amount })),
      mainCurrency,
    ),
    // A sale counts once, as paid in the period, even when it was given back since.
    sales: paid.reduce((total, row) => total + row.sales, 0),
  };
}
