/**
 * The sales room (docs/decisions/162, 163): the one writer of the `sales` ledger. Kinds of one-time payment (gifts,
 * tips, products) open their Checkout through `startPaymentCheckout` and learn of its end through the fulfiller they
 * hand in; the ledger's own reads (a page of a kind's sales, a kind's totals) are here for their lists.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SaleKind } from '../../common/earn.ts';
import type { Database } from '../../db/connect.ts';
import { sales } from '../../db/earn-schema.ts';
import type { Clock } from '../clock.ts';
import type { PaymentsReady, StripeForAccount } from '../payments/index.ts';
import type { RecordActivity } from '../reports/index.ts';
import { saleWebhookHandlers } from './sale-webhooks.ts';
import type { NoteSale, Sale, SaleFulfiller } from './sales-types.ts';
import { createStartPaymentCheckout } from './start-payment-checkout.ts';

export interface SalesDeps {
  db: Database;
  clock: Clock;
  appUrl: URL;
  paymentsReady: PaymentsReady;
  stripeForAccount: StripeForAccount;
  keyRefused: (siteId: string) => Promise<void>;
  recordActivity: RecordActivity;
  /** What each kind does when its sale is paid, refunded or expires. */
  fulfillers: Partial<Record<SaleKind, SaleFulfiller>>;
  /** The creator's notice of a sale (server/member-notices/), when wired. */
  noteSale?: NoteSale;
}

const SALES_PAGE_SIZE = 50;

/** What was given back of each sale; named in full, as drizzle leaves a lone table's columns unqualified. */
export const refundedOf = sql<number>`(select coalesce(sum(r.amount), 0) from sale_refunds r where r.sale_id = sales.id)`.mapWith(Number);

/** Sales that were paid (refunded ones included: they were paid, then given back). */
const WAS_PAID = ['paid', 'refunded'] as const;

export function createSalesService(deps: SalesDeps) {
  const { db } = deps;

  /** A page (from 1) of a kind's paid sales of one site, newest first; `refunded` is what was given back of each. */
  async function listSales(siteId: string, kind: SaleKind, page = 1): Promise<{ sales: Array<Sale & { refunded: number }>; hasMore: boolean }> {
    const rows = await db
      .select({ sale: sales, refunded: refundedOf })
      .from(sales)
      .where(and(eq(sales.siteId, siteId), eq(sales.kind, kind), inArray(sales.status, [...WAS_PAID])))
      .orderBy(desc(sales.paidAt), desc(sales.id))
      .limit(SALES_PAGE_SIZE + 1)
      .offset((Math.max(1, Math.floor(page)) - 1) * SALES_PAGE_SIZE);
    return { sales: rows.slice(0, SALES_PAGE_SIZE).map(({ sale, refunded }) => ({ ...sale, refunded })), hasMore: rows.length > SALES_PAGE_SIZE };
  }

  /** A kind's paid sales of one site and what they brought, less refunds, by currency. */
  async function salesTotals(siteId: string, kind: SaleKind): Promise<Array<{ currency: string; count: number; revenue: number }>> {
    return db
      .select({
        currency: sales.currency,
        count: sql<number>`count(*)`.mapWith(Number),
        revenue: sql<number>`sum(${sales.amount}) - sum(${refundedOf})`.mapWith(Number),
      })
      .from(sales)
      .where(and(eq(sales.siteId, siteId), eq(sales.kind, kind), inArray(sales.status, [...WAS_PAID])))
      .groupBy(sales.currency);
  }

  return {
    startPaymentCheckout: createStartPaymentCheckout(deps),
    /** The `connect` endpoint's handlers: compose them with combineWebhookHandlers (services.ts). */
    webhookHandlers: saleWebhookHandlers(deps),
    listSales,
    salesTotals,
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
