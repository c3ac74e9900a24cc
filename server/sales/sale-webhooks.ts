/**
 * The connected accounts' events that move a sale (docs/decisions/163), each in the transaction that records the
 * event. A sale is found by its session or payment intent AND the site of the account the event came from, so an
 * event of another account never moves this site's sale. Every move is one guarded UPDATE (`where status = ...
 * returning`), so a replay, or the same event applied by a second server, moves nothing and calls no fulfiller again.
 *
 * Order: a refund may reach us before the completion. `charge.refunded` for a payment intent we do not know yet reads
 * the sale's id from the payment intent's metadata (put there when the Checkout was opened), records the refund and
 * the payment intent on the sale, and, when the whole amount went back, ends the sale as refunded at once; the late
 * completion then finds it no longer open and gives nothing. A partial refund before the completion leaves the sale
 * open, and the completion pays it as usual (revenue less what was given back).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { ActivityType } from '../../common/activity.ts';
import type { SaleKind } from '../../common/earn.ts';
import { formatMoney } from '../../common/money.ts';
import type { Database } from '../../db/connect.ts';
import { saleRefunds, sales } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import type { Clock } from '../clock.ts';
import type { StripeForAccount, WebhookHandler } from '../payments/index.ts';
import type { RecordActivity } from '../reports/index.ts';
import type { NoteSale, Sale, SaleFulfiller } from './sales-types.ts';

export interface SaleWebhookDeps {
  clock: Clock;
  stripeForAccount: StripeForAccount;
  recordActivity: RecordActivity;
  fulfillers: Partial<Record<SaleKind, SaleFulfiller>>;
  noteSale?: NoteSale | undefined;
}

const PAID_ACTIVITY: Record<SaleKind, ActivityType> = { tip: 'tipped', product: 'product-sold', gift: 'gift-bought' };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** The sales of the sites that the event's account belongs to. */
const ofAccount = (account: string): SQL => inArray(sales.siteId, sql`(select a.site_id from ${paymentAccounts} a where a.stripe_account_id = ${account})`);

export function saleWebhookHandlers({ clock, stripeForAccount, recordActivity, fulfillers, noteSale }: SaleWebhookDeps): Record<string, WebhookHandler> {
  const activity = (tx: Database, sale: Sale, type: ActivityType) =>
    recordActivity(tx, { siteId: sale.siteId, type, userId: sale.buyerUserId, saleId: sale.id, detail: formatMoney(sale.amount, sale.currency), occurredAt: clock() });

  const paid: WebhookHandler = async (event, tx) => {
    const session = event.data.object as Stripe.Checkout.Session;
    // An async payment method completes the session unpaid: `async_payment_succeeded` pays it later.
    if (!event.account || session.mode !== 'payment' || !session.metadata?.saleId || session.payment_status === 'unpaid') return;
    const [sale] = await tx
      .update(sales)
      .set({
        status: 'paid',
        paidAt: clock(),
        ...(session.amount_total ? { amount: session.amount_total } : {}),
        stripePaymentIntentId: sql`coalesce(${sales.stripePaymentIntentId}, ${idOf(session.payment_intent) ?? null})`,
        buyerEmail: sql`coalesce(${session.customer_details?.email ?? null}, ${sales.buyerEmail})`,
      })
      .where(and(eq(sales.stripeCheckoutSessionId, session.id), eq(sales.status, 'open'), ofAccount(event.account)))
      .returning();
    if (!sale) return;
    await fulfillers[sale.kind]?.paid(tx, sale, session);
    await activity(tx, sale, PAID_ACTIVITY[sale.kind]);
    await noteSale?.(tx, sale);
  };

  const expired: WebhookHandler = async (event, tx) => {
    const session = event.data.object as Stripe.Checkout.Session;
    if (!event.account || session.mode !== 'payment' || !session.metadata?.saleId) return;
    const [sale] = await tx
      .update(sales)
      .set({ status: 'expired' })
      .where(and(eq(sales.stripeCheckoutSessionId, session.id), eq(sales.status, 'open'), ofAccount(event.account)))
      .returning();
    if (sale) await fulfillers[sale.kind]?.expired?.(tx, sale);
  };

  /** The sale a refunded charge pays for, locked, with its payment intent recorded; undefined when it is not ours. */
  async function saleOfCharge(tx: Database, account: string, charge: Stripe.Charge): Promise<Sale | undefined> {
    const paymentIntentId = idOf(charge.payment_intent);
    if (!paymentIntentId) return undefined;
    const [known] = await tx.select().from(sales).where(and(eq(sales.stripePaymentIntentId, paymentIntentId), ofAccount(account))).for('update');
    if (known) return known;
    // The completion has not reached us: the payment intent carries the sale's id (payment_intent_data.metadata).
    const siteStripe = await stripeForAccount(account, tx);
    if (!siteStripe) return undefined;
    const intent = await siteStripe.client.paymentIntents.retrieve(paymentIntentId, {}, { stripeAccount: siteStripe.stripeAccount });
    const saleId = intent.metadata.saleId;
    if (!saleId || !/^[0-9a-f-]{36}$/.test(saleId)) return undefined;
    const [sale] = await tx
      .update(sales)
      .set({ stripePaymentIntentId: paymentIntentId })
      .where(and(eq(sales.id, saleId), eq(sales.status, 'open'), sql`${sales.stripePaymentIntentId} is null`, ofAccount(account)))
      .returning();
    return sale;
  }

  const refunded: WebhookHandler = async (event, tx) => {
    const charge = event.data.object as Stripe.Charge;
    if (!event.account) return;
    const sale = await saleOfCharge(tx, event.account, charge);
    if (!sale || sale.status === 'expired') return;
    // `amount_refunded` is the charge's running total: what is new is its excess over what we recorded. Events of
    // two partial refunds in the other order record the total with the first and nothing with the second.
    const [{ recorded }] = (await tx
      .select({ recorded: sql<number>`coalesce(sum(${saleRefunds.amount}), 0)::int` })
      .from(saleRefunds)
      .where(eq(saleRefunds.saleId, sale.id))) as [{ recorded: number }];
    const added = Math.min(charge.amount_refunded, sale.amount) - recorded;
    if (added > 0) await tx.insert(saleRefunds).values({ saleId: sale.id, siteId: sale.siteId, amount: added, refundedAt: clock() });
    if (!charge.refunded || sale.status === 'refunded') return;
    // A whole refund ends what was bought; one that came before the completion counts as paid and given back the same day.
    const [ended] = await tx
      .update(sales)
      .set({ status: 'refunded', refundedAt: clock(), paidAt: sql`coalesce(${sales.paidAt}, ${clock().toISOString()}::timestamptz)` })
      .where(and(eq(sales.id, sale.id), inArray(sales.status, ['open', 'paid'])))
      .returning();
    if (!ended) return;
    await fulfillers[ended.kind]?.refunded?.(tx, ended);
    await activity(tx, ended, 'refunded');
  };

  return {
    'checkout.session.completed': paid,
    'checkout.session.async_payment_succeeded': paid,
    'checkout.session.expired': expired,
    'charge.refunded': refunded,
  };
}
