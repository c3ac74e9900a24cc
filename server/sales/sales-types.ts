/**
 * The sales room's contract (docs/decisions/162, 163): what a kind of one-time payment (a gift, a tip, a product)
 * asks to open its Checkout, and what it does when the sale is paid, refunded or expires.
 */
import type Stripe from 'stripe';
import type { SaleKind } from '../../common/earn.ts';
import type { Database } from '../../db/connect.ts';
import type { sales } from '../../db/earn-schema.ts';
import type { PaymentsReady } from '../payments/index.ts';

export type Sale = typeof sales.$inferSelect;

export interface PaymentCheckoutRequest {
  site: { id: string; handle: string; domain?: string | null | undefined };
  kind: SaleKind;
  /** Minor units of `currency`: a positive integer. */
  amount: number;
  currency: string;
  /** What Checkout shows. */
  itemName: string;
  itemDescription?: string | undefined;
  /** A signed-in reader, or an address typed on the page; neither: Checkout asks the address. */
  buyer: { userId?: string | undefined; email?: string | undefined };
  /** Kept on the session and its payment intent, beside our own saleId, siteId and kind. */
  metadata: Record<string, string>;
  /** Site-relative paths (`/gift?bought=1`), made absolute on the site's own origin (its domain when it has one). */
  successPath: string;
  cancelPath: string;
  /** Writes the kind's own row (a tip's message, a gift's details) in the sale's transaction. */
  withSale?: (tx: Database, saleId: string) => Promise<void>;
  /** A product sale's product, kept on the sale so the product is not deleted while its Checkout is open. */
  productId?: string;
  /** The site's payment readiness when the caller began reading it beside its own checks; else it is read here. */
  readiness?: ReturnType<PaymentsReady>;
}

export type StartPaymentCheckout = (request: PaymentCheckoutRequest) => Promise<{ url: string; saleId: string }>;

/** One a kind, handed in by services.ts; each runs inside the webhook's transaction, once for the sale. */
export interface SaleFulfiller {
  paid(tx: Database, sale: Sale, session: Stripe.Checkout.Session): Promise<void>;
  /**
   * The whole amount was given back: what was bought ends. Also called for a sale whose refund reached us before its
   * completion, and so without `paid` before it: nothing was given, the kind's row only ends.
   */
  refunded?(tx: Database, sale: Sale): Promise<void>;
  expired?(tx: Database, sale: Sale): Promise<void>;
}

/** The creator's notice of a sale (server/member-notices/), in the webhook's transaction. */
export type NoteSale = (tx: Database, sale: Sale) => Promise<void>;
