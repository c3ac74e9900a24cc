/**
 * The webhook handler registry (docs/decisions/050): features that react to
 * Stripe events give handlers by event type; services.ts composes them and the
 * payments feature runs the one for each event, inside the transaction that
 * records the event, so a handler that throws leaves nothing applied.
 */
import type Stripe from 'stripe';
import type { Database } from '../../db/connect.ts';

/** `tx` is the transaction that records the event: write through it, not through the app's `db`. */
export type WebhookHandler = (event: Stripe.Event, tx: Database) => Promise<void>;

export interface WebhookHandlers {
  /** Events of the platform's own Stripe account (POST /api/webhooks/stripe). */
  platform: Partial<Record<string, WebhookHandler>>;
  /** Events of creators' connected accounts (POST /api/webhooks/stripe-connect); `event.account` names the account. */
  connect: Partial<Record<string, WebhookHandler>>;
}

export type WebhookEndpoint = keyof WebhookHandlers;

type HandlerMap = Partial<Record<string, WebhookHandler>>;

/**
 * Several features may act on one event type (a completed Checkout makes a membership, a sale, an offer's
 * redemption): this runs each feature's handler in the order given, in the one transaction, so the event is
 * applied whole or not at all. A spread of the maps would keep only the last handler of a type.
 */
export function combineWebhookHandlers(...maps: HandlerMap[]): HandlerMap {
  const combined: Record<string, WebhookHandler> = {};
  for (const map of maps) {
    for (const [type, handler] of Object.entries(map)) {
      if (!handler) continue;
      const before = combined[type];
      combined[type] = before
        ? async (event, tx) => {
            await before(event, tx);
            await handler(event, tx);
          }
        : handler;
    }
  }
  return combined;
}
