/**
 * Receives a Stripe webhook: checks its signature on the raw body, then
 * applies it once (docs/decisions/050). One transaction records the event id
 * in `stripe_events` and runs its handler; an id already there is a replay and
 * does nothing, a handler that throws rolls the record back so Stripe's retry
 * applies it. On a site's own endpoint, Stripe refusing the site's key (revoked)
 * is no failure to retry: the key is marked refused for the creator to replace,
 * and the event is answered (docs/decisions/144).
 */
import { lt } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../db/connect.ts';
import { stripeEvents } from '../../db/money-schema.ts';
import type { Clock } from '../clock.ts';
import type { StripeConfig } from '../config/index.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { isKeyRefused, type StripeClient } from './stripe-client.ts';
import type { WebhookEndpoint, WebhookHandlers } from './webhook-handlers.ts';

export interface WebhookServiceDeps {
  db: Database;
  /** Undefined when STRIPE_SECRET_KEY is unset. */
  stripe: { client: StripeClient; config: StripeConfig } | undefined;
  /** The signing secret of a site's own endpoint (own-key.ts) and the account it speaks for; undefined when the site has none. */
  siteWebhookSecret: (siteId: string) => Promise<{ secret: string; stripeAccountId: string } | undefined>;
  /** Records that Stripe no longer takes the site's own key (payment-accounts.ts markKeyRefused). */
  keyRefused: (siteId: string) => Promise<void>;
  handlers: WebhookHandlers;
  logger: Logger;
  clock: Clock;
}

/**
 * How long an event id is remembered. Stripe retries a delivery for up to three days and may send an event
 * twice within that time; a month leaves room for a server that was down, and keeps the table small.
 */
export const STRIPE_EVENT_MEMORY_DAYS = 30;

/** `key-refused`: a site's own event that could not be applied because Stripe refused the site's key; not retried. */
export type WebhookOutcome = 'applied' | 'replayed' | 'key-refused';

export function createWebhookService({ db, stripe, siteWebhookSecret, keyRefused, handlers, logger, clock }: WebhookServiceDeps) {
  function verify(endpoint: WebhookEndpoint, rawBody: Buffer, signature: string | undefined): Stripe.Event {
    // Without Stripe nothing sends here: the routes do not exist.
    if (!stripe) throw new AppError('not-found', 404);
    const secret = endpoint === 'platform' ? stripe.config.webhookSecret : stripe.config.connectWebhookSecret;
    if (!secret) {
      // 503, not 4xx: Stripe keeps retrying for days, so events wait until the operator sets the secret.
      logger.warn({ endpoint }, `Stripe webhook refused: ${endpoint === 'platform' ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_CONNECT_WEBHOOK_SECRET'} is not set`);
      throw new AppError('payments-not-configured', 503);
    }
    if (!signature) throw new AppError('invalid-signature', 400);
    try {
      return stripe.client.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new AppError('invalid-signature', 400);
    }
  }

  async function receive(endpoint: WebhookEndpoint, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const event = verify(endpoint, rawBody, signature);
    // A Connect event names its account; one on the platform endpoint without it is the platform's own.
    if (endpoint === 'connect' && !event.account) throw new AppError('invalid-input', 400);
    return apply(endpoint, event);
  }

  /**
   * POST /api/webhooks/stripe/sites/:siteId: the events of a creator's own account, signed with the secret of the
   * endpoint made for that site (docs/decisions/144), and handled as a connected account's are, with the account
   * named: the handlers find the site by it and reach Stripe with the site's own key.
   */
  async function receiveForSite(siteId: string, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const site = await siteWebhookSecret(siteId);
    // A site without its own endpoint (never connected, disconnected, or no such site) has nothing to hear.
    if (!site) throw new AppError('not-found', 404);
    if (!signature) throw new AppError('invalid-signature', 400);
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, site.secret);
    } catch {
      throw new AppError('invalid-signature', 400);
    }
    // Its own account's event names no account; one that names another is not this endpoint's.
    if (event.account && event.account !== site.stripeAccountId) throw new AppError('invalid-input', 400);
    try {
      return await apply('connect', { ...event, account: site.stripeAccountId });
    } catch (error) {
      if (!isKeyRefused(error)) throw error;
      // The key was revoked or expired: a 500 would have Stripe retry for days against a key that cannot work. The
      // studio says so and paid joins stop. Once a new key is pasted, the next event of each subscription sets its
      // membership as Stripe has it then (subscription-sync.ts); a payment this event told of stays uncounted.
      await keyRefused(siteId);
      logger.warn({ eventId: event.id, type: event.type, siteId }, 'stripe webhook not applied: Stripe refused the site\'s key');
      return 'key-refused';
    }
  }

  async function apply(endpoint: WebhookEndpoint, event: Stripe.Event): Promise<WebhookOutcome> {
    const handler = handlers[endpoint][event.type];
    const outcome = await db.transaction(async (tx) => {
      const recorded = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, account: event.account ?? null, receivedAt: clock() })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (recorded.length === 0) return 'replayed' as const;
      if (handler) await handler(event, tx);
      return 'applied' as const;
    });
    logger.info({ eventId: event.id, type: event.type, account: event.account, outcome, handled: Boolean(handler) }, 'stripe webhook');
    return outcome;
  }

  /** For the clean-up job: forgets event ids older than Stripe could send again; answers how many. */
  async function forgetOldEvents(): Promise<number> {
    const before = new Date(clock().getTime() - STRIPE_EVENT_MEMORY_DAYS * 24 * 3600_000);
    const forgotten = await db.delete(stripeEvents).where(lt(stripeEvents.receivedAt, before)).returning({ id: stripeEvents.id });
    return forgotten.length;
  }

  return { receive, receiveForSite, forgetOldEvents };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
