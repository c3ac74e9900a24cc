/**
 * A one-time Checkout (mode=payment) on the creator's own account, with no application fee: the `sales` row is
 * written first, then the session is asked of Stripe with the sale's id as Idempotency-Key (a retry of the same sale
 * gets the same session), and its id stored, all in one transaction, so a sale row always names its session and a
 * failed call leaves no row. The kind's own row (a tip's message) is written in the same transaction by `withSale`.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { SALE_KINDS } from '../../common/earn.ts';
import type { Database } from '../../db/connect.ts';
import { sales } from '../../db/earn-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { stripeFailure, type PaymentsReady } from '../payments/index.ts';
import { siteUrl } from '../sites/index.ts';
import type { PaymentCheckoutRequest, StartPaymentCheckout } from './sales-types.ts';

export interface PaymentCheckoutDeps {
  db: Database;
  paymentsReady: PaymentsReady;
  /** Tells payments Stripe refused the site's own key (revoked), so the studio says so. */
  keyRefused: (siteId: string) => Promise<void>;
  appUrl: URL;
}

/** Stripe's own ceiling on one Checkout amount, in minor units. */
const STRIPE_AMOUNT_MAX = 99_999_999;

function checkRequest({ amount, currency, kind, successPath, cancelPath }: PaymentCheckoutRequest): void {
  // Each kind checks its own range first; this is the ledger's own floor, whatever the caller.
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > STRIPE_AMOUNT_MAX) throw badRequest('invalid-input', 'amount');
  if (!/^[a-z]{3}$/.test(currency)) throw badRequest('invalid-input', 'currency');
  if (!SALE_KINDS.includes(kind)) throw badRequest('invalid-input');
  // Relative to the site: never another origin (`//evil.example`), so Stripe sends the buyer back to this site only.
  for (const path of [successPath, cancelPath]) if (!path.startsWith('/') || path.startsWith('//')) throw badRequest('invalid-input');
}

export function createStartPaymentCheckout({ db, paymentsReady, keyRefused, appUrl }: PaymentCheckoutDeps): StartPaymentCheckout {
  return async function startPaymentCheckout(request) {
    checkRequest(request);
    const { site, kind, amount, currency, buyer } = request;
    const { ready, stripe: siteStripe } = await paymentsReady(site.id);
    if (!ready || !siteStripe) throw new AppError('payments-not-ready', 409);
    const { client: stripe, stripeAccount } = siteStripe;
    return db
      .transaction(async (tx) => {
        const [account] = buyer.userId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, buyer.userId)) : [];
        if (buyer.userId && !account) throw new AppError('unauthenticated', 401);
        const email = account?.email ?? buyer.email;
        const [sale] = await tx
          .insert(sales)
          .values({ siteId: site.id, kind, amount, currency, buyerUserId: buyer.userId ?? null, buyerEmail: email ?? null })
          .returning({ id: sales.id });
        const saleId = sale!.id;
        await request.withSale?.(tx, saleId);
        const metadata = { ...request.metadata, saleId, siteId: site.id, kind };
        const params: Stripe.Checkout.SessionCreateParams = {
          mode: 'payment',
          line_items: [
            {
              price_data: { currency, unit_amount: amount, product_data: { name: request.itemName, ...(request.itemDescription ? { description: request.itemDescription } : {}) } },
              quantity: 1,
            },
          ],
          ...(email ? { customer_email: email } : {}),
          ...(buyer.userId ? { client_reference_id: buyer.userId } : {}),
          metadata,
          payment_intent_data: { metadata },
          success_url: siteUrl(site, appUrl, request.successPath),
          cancel_url: siteUrl(site, appUrl, request.cancelPath),
        };
        try {
          const session = await stripe.checkout.sessions.create(params, { stripeAccount, idempotencyKey: `sale-${saleId}` });
          if (!session.url) throw new AppError('stripe-unavailable', 502);
          await tx.update(sales).set({ stripeCheckoutSessionId: session.id }).where(eq(sales.id, saleId));
          return { url: session.url, saleId };
        } catch (error) {
          stripeFailure(error);
        }
      })
      .catch(async (error: unknown) => {
        // Stripe no longer takes the creator's own key: as on a site that cannot take money, and the studio says why.
        if (!(error instanceof AppError) || error.code !== 'stripe-key-refused') throw error;
        await keyRefused(site.id);
        throw new AppError('payments-not-ready', 409);
      });
  };
}
