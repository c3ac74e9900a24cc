/**
 * A one-time Checkout (mode=payment) on the creator's own account, with no application fee (docs/decisions/170): the
 * sale's id is made here, the session is asked of Stripe with it in the metadata and as Idempotency-Key (a retry of
 * the same sale gets the same session), and only then are the `sales` row, naming its session, and the kind's own
 * row (`withSale`: a tip's message) written, in one short transaction. No transaction waits on Stripe, so a slow
 * Stripe holds no connection (PGlite has only one), and a failed call leaves no row. A failed write leaves a session
 * whose URL nobody was given: it expires, and its events find no sale and move nothing.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { SALE_KINDS } from '../../common/earn.ts';
import { stripeMinimumCharge } from '../../common/money.ts';
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
  // Stripe refuses a Checkout below its smallest charge in the currency: refused here by field, not as Stripe's 502.
  if (amount < stripeMinimumCharge(currency)) throw badRequest('invalid-input', 'amount');
  if (!SALE_KINDS.includes(kind)) throw badRequest('invalid-input');
  // Relative to the site: never another origin (`//evil.example`), so Stripe sends the buyer back to this site only.
  for (const path of [successPath, cancelPath]) if (!path.startsWith('/') || path.startsWith('//')) throw badRequest('invalid-input');
}

export function createStartPaymentCheckout({ db, paymentsReady, keyRefused, appUrl }: PaymentCheckoutDeps): StartPaymentCheckout {
  /** Stripe refused the call: 502, or, when it no longer takes the creator's own key, as on a site that cannot take money (and the studio says why). */
  async function failed(error: unknown, siteId: string): Promise<never> {
    try {
      stripeFailure(error);
    } catch (refusal) {
      if (!(refusal instanceof AppError) || refusal.code !== 'stripe-key-refused') throw refusal;
      await keyRefused(siteId);
      throw new AppError('payments-not-ready', 409);
    }
  }

  return async function startPaymentCheckout(request) {
    checkRequest(request);
    const { site, kind, amount, currency, buyer } = request;
    const [{ ready, stripe: siteStripe }, [account]] = await Promise.all([
      request.readiness ?? paymentsReady(site.id),
      buyer.userId ? db.select({ email: users.email }).from(users).where(eq(users.id, buyer.userId)) : Promise.resolve([]),
    ]);
    if (!ready || !siteStripe) throw new AppError('payments-not-ready', 409);
    if (buyer.userId && !account) throw new AppError('unauthenticated', 401);
    const { client: stripe, stripeAccount } = siteStripe;
    const email = account?.email ?? buyer.email;
    const saleId = randomUUID();
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
    const session = await stripe.checkout.sessions.create(params, { stripeAccount, idempotencyKey: `sale-${saleId}` }).catch((error: unknown) => failed(error, site.id));
    if (!session.url) throw new AppError('stripe-unavailable', 502);
    await db.transaction(async (tx) => {
      await tx.insert(sales).values({ id: saleId, siteId: site.id, kind, amount, currency, buyerUserId: buyer.userId ?? null, buyerEmail: email ?? null, stripeCheckoutSessionId: session.id, productId: request.productId ?? null });
      await request.withSale?.(tx, saleId);
    });
    return { url: session.url, saleId };
  };
}
