/**
 * A local server that speaks Stripe's REST protocol for the calls this
 * platform makes (DESIGN.md "Testing added", docs/decisions/049), so the real
 * `stripe` SDK runs against it with STRIPE_API_URL pointing here.
 *
 * It speaks: accounts (create, retrieve, GET /v1/account), account_links,
 * products and prices (create, retrieve, update, list), customers (create,
 * retrieve, list by email), coupons (create, retrieve, update, delete, list:
 * stripe-coupons.ts), checkout sessions (create, retrieve, list, line_items,
 * expire) in mode=subscription (one recurring price; `discounts`, a trial:
 * stripe-subscriptions.ts) and mode=payment (one-time prices or `price_data`,
 * `customer_creation`, `payment_intent_data`: stripe-one-time.ts),
 * subscriptions (retrieve, update, cancel, list) with their discounts, invoices
 * (retrieve, list), payment_intents and charges (retrieve, list), refunds
 * (create, retrieve, list), billing_portal sessions and events (retrieve,
 * list). It serves hosted pages for onboarding, checkout ("Pay", "Decline
 * card") and the billing portal, and delivers signed webhooks (platform events
 * to the platform URL, connected accounts' events to the Connect URL with
 * `account`), which a test can list (`events`) and send again (`redeliver`).
 * Anything else answers 404 in Stripe's error shape.
 *
 * Objects live per account: `Stripe-Account: acct_…` selects a connected
 * account's space, no header the platform's. API keys belong to an account, as
 * Stripe's do: the platform's key, and keys a test makes for standalone
 * accounts (`createAccountKey`: a creator's own `sk_…`, or an `rk_…` lacking
 * some permissions), which reach only their own account's space. A revoked key
 * answers 401 `api_key_expired`, a publishable `pk_…` 401, an unknown one 401,
 * and a restricted key lacking a permission 403 naming it (`rak_…`), all in
 * Stripe's error shape. Webhook endpoints made through the API
 * (`POST /v1/webhook_endpoints`, its `secret` shown once) receive their
 * account's events, each signed with that endpoint's own secret. Form bodies use Stripe's bracket
 * notation; `Idempotency-Key` replays the first answer; `expand[]` expands ids.
 *
 * Webhooks from API calls are queued and delivered in order after the answer
 * (as Stripe does: the caller may hold a database lock the webhook needs);
 * hosted-page actions and test controls wait for their deliveries, so a test
 * that follows a redirect or awaits a control sees the webhooks applied.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { checkStillRedeemable, couponOfSession, discountAmount, registerCouponRoutes } from './stripe-coupons.ts';
import { checkoutPage, onboardingPage, onboardingUsedPage, portalPage } from './stripe-hosted-pages.ts';
import { checkTrial, subscriptionBilling, subscriptionLineItems } from './stripe-subscriptions.ts';
import { checkChargeable, oneTimeLineItems, payOneTime, refundPayment, registerOneTimeRoutes, type CheckoutLine, type Payer } from './stripe-one-time.ts';
import { bool, clone, integer, list, mergeMetadata, newId, now, required, StripeError, text, type Params, type RouteContext, type StripeCore, type StripeObject } from './stripe-protocol.ts';

export type { StripeObject };

export interface WebhookEndpoint {
  url: string;
  /** Defaults to the server's own secret for that endpoint (see `env`). */
  secret?: string;
}

export interface WebhookTargets {
  platformWebhook?: WebhookEndpoint;
  connectWebhook?: WebhookEndpoint;
}

export interface StripeServerOptions extends WebhookTargets {
  /** The only key accepted; default `sk_test_local`. */
  secretKey?: string;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  account: string | undefined;
  url: string;
  /** HTTP status of the app's answer; 0 when it could not be reached. */
  status: number;
  body: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  account: string | undefined;
  body: Params;
  idempotencyKey: string | undefined;
}

export interface StripeServer {
  url: string;
  /** STRIPE_* variables for startTestServer's env (key, API URL, both webhook secrets). */
  env: Record<string, string>;
  secrets: { platform: string; connect: string };
  deliveries: WebhookDelivery[];
  requests: RecordedRequest[];
  setWebhooks(targets: WebhookTargets): void;
  /**
   * How long every API answer takes from now on, as Stripe's own API takes hundreds of milliseconds a call; 0 (the
   * start) answers at once. The Checkout benchmark (bench/checkout.bench.ts) measures at both.
   */
  setApiLatency(milliseconds: number): void;
  /** Both webhook URLs of an app at `appUrl` (`/api/webhooks/stripe` and `/api/webhooks/stripe-connect`), with this server's secrets. */
  useApp(appUrl: string | URL): void;
  /**
   * A key for a standalone account (a creator's own Stripe account): a new account, charges enabled, unless
   * `account` names one made before (a second key, as when a key is rolled). `restricted` makes an `rk_…`;
   * `missing` lists the permissions it lacks, by Stripe's names (`rak_product_write`, ...).
   */
  createAccountKey(options?: { account?: string; name?: string; restricted?: boolean; missing?: string[]; live?: boolean }): { accountId: string; secretKey: string; publishableKey: string };
  /** Revokes a key as the dashboard does: every later call with it answers 401 `api_key_expired`. */
  revokeKey(key: string): void;
  /** The account's webhook endpoints as Stripe holds them, secrets included (a test signs with one). */
  webhookEndpoints(accountId: string): Array<{ id: string; url: string; enabledEvents: string[]; secret: string }>;
  /** Creates an event for `object` (type and payload as given) and delivers it. */
  emit(type: string, object: Params, options?: { account?: string; previousAttributes?: Params }): Promise<StripeObject>;
  setSubscriptionStatus(subscriptionId: string, status: string, options?: { account?: string }): Promise<StripeObject>;
  /** Bills the next period now and fails: invoice open, subscription past_due; sends invoice.payment_failed and the update. */
  failNextInvoice(subscriptionId: string): Promise<StripeObject>;
  /** Bills the next period now and succeeds: invoice paid, subscription active; sends invoice.paid and the update. */
  renew(subscriptionId: string): Promise<StripeObject>;
  /**
   * Ends a trialing subscription's trial now and bills its first real period (the coupon's discount taken off while
   * it lasts): invoice paid, status active; sends invoice.paid and customer.subscription.updated. Returns the invoice.
   */
  endTrial(subscriptionId: string): Promise<StripeObject>;
  /** Expires an open Checkout Session as Stripe does when its `expires_at` comes: status expired, checkout.session.expired sent. */
  expireSession(sessionId: string): Promise<StripeObject>;
  /** Refunds a one-time payment as the dashboard would (all that is left unless `amount`): charge.refunded, then refund.created. Returns the refund. */
  refund(paymentIntentId: string, amount?: number): Promise<StripeObject>;
  /** The events sent so far, in order: every account's, or one account's (`acct_…`, or `'platform'` for the platform's own). */
  events(account?: string): StripeObject[];
  /**
   * Sends already sent events again, in the order given, each to where it went (or, with `app`, to the same paths
   * on that origin: another app server; with `url`, to that URL signed with `secret`, by default the one the event
   * was signed with). Resolves with the new deliveries.
   */
  redeliver(eventIds: string[], options?: { app?: string | URL; url?: string; secret?: string }): Promise<WebhookDelivery[]>;
  completeOnboarding(accountId: string): Promise<StripeObject>;
  /** Changes a connected account as Stripe would (say, new requirements) and sends account.updated. */
  updateAccount(accountId: string, changes: Params): Promise<StripeObject>;
  account(id: string): StripeObject | undefined;
  /** A copy of any object by id, whichever account it lives in. */
  object(id: string): StripeObject | undefined;
  /** Resolves when every queued webhook has been delivered. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const PLATFORM = 'platform';

/** The `Stripe-Signature` header Stripe sends with `payload` at `timestamp` (seconds): tests forge stale or foreign ones with it. */
export function stripeSignature(secret: string, timestamp: number, payload: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeServer(options: StripeServerOptions = {}): Promise<StripeServer> {
  const secretKey = options.secretKey ?? 'sk_test_local';
  const secrets = { platform: `whsec_${randomBytes(16).toString('hex')}`, connect: `whsec_${randomBytes(16).toString('hex')}` };
  let targets: WebhookTargets = { platformWebhook: options.platformWebhook, connectWebhook: options.connectWebhook };
  let apiLatencyMs = 0;
  const spaces = new Map<string, Map<string, StripeObject>>([[PLATFORM, new Map()]]);
  const home = new Map<string, string>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const accountLinks = new Map<string, { account: string; returnUrl: string; refreshUrl: string; used: boolean }>();
  /** Every key and the account it speaks for (PLATFORM for the platform's); `missing`: permissions a restricted key lacks. */
  const keys = new Map<string, { account: string; revoked: boolean; missing: ReadonlySet<string> }>([[secretKey, { account: PLATFORM, revoked: false, missing: new Set() }]]);
  const publishableKeys = new Set<string>();
  const deliveries: WebhookDelivery[] = [];
  const requests: RecordedRequest[] = [];
  /** Every event made, in the order it was sent: what `events()` lists and `redeliver` sends again. */
  const sent: StripeObject[] = [];
  let queue: Promise<void> = Promise.resolve();
  let baseUrl = '';

  function space(key: string): Map<string, StripeObject> {
    let objects = spaces.get(key);
    if (!objects) {
      objects = new Map();
      spaces.set(key, objects);
    }
    return objects;
  }

  function put(spaceKey: string, object: StripeObject): StripeObject {
    space(spaceKey).set(object.id, object);
    home.set(object.id, spaceKey);
    return object;
  }

  function base(object: string, prefix: string, fields: Params): StripeObject {
    return { id: newId(prefix), object, created: now(), livemode: false, metadata: {}, ...fields };
  }

  function find(spaceKey: string, id: string, kind: string, param = 'id'): StripeObject {
    const object = space(spaceKey).get(id);
    if (!object || object.object !== kind) throw new StripeError(404, `No such ${kind.replace(/^.*\./, '')}: '${id}'`, param, 'resource_missing');
    return object;
  }

  /** The space an object lives in, and the object: for hosted pages and test controls, which name no account. */
  function locate(id: string, kind: string): { spaceKey: string; object: StripeObject } {
    const spaceKey = home.get(id);
    if (spaceKey === undefined) throw new StripeError(404, `No such ${kind}: '${id}'`, 'id', 'resource_missing');
    return { spaceKey, object: find(spaceKey, id, kind) };
  }

  function createEvent(spaceKey: string, type: string, object: Params, previousAttributes?: Params): StripeObject {
    const event = base('event', 'evt', {
      type,
      api_version: '2026-10-28.endive',
      data: { object: clone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A connected account's event names it; a standalone account's own event, like the platform's, names none.
      ...(spaceKey === PLATFORM || isStandalone(spaceKey) ? {} : { account: spaceKey }),
    });
    delete event.metadata;
    sent.push(event);
    return put(spaceKey, event);
  }

  function isStandalone(spaceKey: string): boolean {
    return space(PLATFORM).get(spaceKey)?._standalone === true;
  }

  /** The account's own endpoints (made by the API) that take this event type; none: the platform's targets, for the platform and its connected accounts. */
  function targetsOf(event: StripeObject): Array<{ url: string; secret: string }> {
    const spaceKey = home.get(event.id) ?? PLATFORM;
    const own = [...space(spaceKey).values()].filter((object) => object.object === 'webhook_endpoint' && (list(object.enabled_events).includes(event.type) || list(object.enabled_events).includes('*')));
    if (own.length > 0 || isStandalone(spaceKey)) return own.map((endpoint) => ({ url: String(endpoint.url), secret: String(endpoint._secret) }));
    const account = text(event.account);
    const target = account ? targets.connectWebhook : targets.platformWebhook;
    return target ? [{ url: target.url, secret: target.secret ?? (account ? secrets.connect : secrets.platform) }] : [];
  }

  async function deliver(event: StripeObject): Promise<void> {
    for (const target of targetsOf(event)) await deliverTo(event, target.url, target.secret);
  }

  async function deliverTo(event: StripeObject, url: string, secret: string): Promise<void> {
    // The account the event is of: a standalone account's own events name none, so its space says.
    const account = text(event.account) ?? (home.get(event.id) === PLATFORM ? undefined : home.get(event.id));
    const payload = JSON.stringify(event, null, 2);
    const record: WebhookDelivery = { eventId: event.id, type: String(event.type), account, url, status: 0, body: '' };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignature(secret, now(), payload), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      record.status = response.status;
      record.body = await response.text();
    } catch (error) {
      record.body = error instanceof Error ? error.message : String(error);
    }
    deliveries.push(record);
  }

  /** Where `redeliver` sends an event again: its own targets, moved to another origin (`app`) or replaced by `url`. */
  function redeliveryTargets(event: StripeObject, options: { app?: string | URL; url?: string; secret?: string }): Array<{ url: string; secret: string }> {
    const own = targetsOf(event);
    const ownSecret = own[0]?.secret ?? (text(event.account) ? secrets.connect : secrets.platform);
    if (options.url) return [{ url: options.url, secret: options.secret ?? ownSecret }];
    if (options.app === undefined) return own;
    const origin = new URL(options.app).origin;
    if (own.length === 0) return [{ url: `${origin}/api/webhooks/${text(event.account) ? 'stripe-connect' : 'stripe'}`, secret: options.secret ?? ownSecret }];
    return own.map((target) => {
      const moved = new URL(target.url);
      return { url: `${origin}${moved.pathname}${moved.search}`, secret: options.secret ?? target.secret };
    });
  }

  /** Queues events in order; the returned promise settles when they are delivered. */
  function send(spaceKey: string, ...events: Array<[string, Params, Params?]>): Promise<void> {
    const created = events.map(([type, object, previous]) => createEvent(spaceKey, type, object, previous));
    queue = queue.then(async () => {
      for (const event of created) await deliver(event);
    });
    return queue;
  }

  function expand(object: unknown, paths: string[], spaceKey: string): unknown {
    if (paths.length === 0 || !object || typeof object !== 'object') return object;
    const result = clone(object) as Params;
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      if (head === 'data' && Array.isArray(result.data)) {
        result.data = result.data.map((item: unknown) => expand(item, [rest.join('.')], spaceKey));
        continue;
      }
      const expandOne = (value: unknown): unknown => {
        const target = typeof value === 'string' ? space(spaceKey).get(value) : value;
        if (target === undefined) return value;
        return rest.length > 0 ? expand(target, [rest.join('.')], spaceKey) : clone(target);
      };
      const value = result[head!];
      // A list of ids (a subscription's `discounts`) expands each.
      if (value !== undefined) result[head!] = Array.isArray(value) ? value.map(expandOne) : expandOne(value);
    }
    return result;
  }

  function listOf(spaceKey: string, url: string, predicate: (object: StripeObject) => boolean, params: Params): Params {
    const limit = Math.min(Number(params.limit ?? 10) || 10, 100);
    const all = [...space(spaceKey).values()].filter(predicate).sort((a, b) => Number(b.created) - Number(a.created));
    return { object: 'list', url, has_more: all.length > limit, data: all.slice(0, limit) };
  }

  // ---- objects ----

  function completeAccount(id: string): StripeObject {
    const account = find(PLATFORM, id, 'account');
    const previous = { details_submitted: account.details_submitted, charges_enabled: account.charges_enabled, payouts_enabled: account.payouts_enabled };
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
    });
    void send(id, ['account.updated', account, previous]);
    return account;
  }

  /** Expires the session (Stripe's `expire`, or its `expires_at` passed) and queues checkout.session.expired. */
  function expireCheckout(spaceKey: string, session: StripeObject): Promise<void> {
    Object.assign(session, { status: 'expired', url: null });
    return send(spaceKey, ['checkout.session.expired', session]);
  }

  /** The session as Stripe shows it: one whose `expires_at` passed was expired by then (and its event sent). */
  function current(spaceKey: string, session: StripeObject): StripeObject {
    if (session.status === 'open' && Number(session.expires_at) <= now()) void expireCheckout(spaceKey, session);
    return session;
  }

  /** "Pay" on the hosted page: completes the session by its mode; the payer's e-mail and name as Checkout asked them. */
  function payCheckout(sessionId: string, form: Partial<Payer>): Promise<string> {
    const { spaceKey, object: session } = locate(sessionId, 'checkout.session');
    if (current(spaceKey, session).status !== 'open') throw new StripeError(400, `This checkout session is ${String(session.status)}.`, 'id', 'checkout_session_not_open');
    const known = text(session.customer) ? find(spaceKey, String(session.customer), 'customer') : undefined;
    const email = text(session.customer_email) ?? text(known?.email) ?? form.email ?? null;
    if (!email) throw new StripeError(400, 'Enter your e-mail address.', 'email');
    if (session._coupon) checkStillRedeemable(core, spaceKey, session._coupon as Params);
    const payer = { email, name: form.name ?? text(known?.name) ?? null };
    const events = session.mode === 'payment' ? payOneTime(core, spaceKey, session, payer) : billing.paySubscription(spaceKey, session, payer);
    const successUrl = String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    return send(spaceKey, ...events).then(() => successUrl);
  }

  // ---- API routes ----

  type Handler = (context: RouteContext) => unknown;
  const routes: Array<[string, RegExp, Handler]> = [];
  const route = (method: string, path: string, handler: Handler) => routes.push([method, new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`), handler]);
  const core: StripeCore = { space, put, base, find, locate, send, listOf, route };
  const billing = subscriptionBilling(core);
  registerCouponRoutes(core);
  registerOneTimeRoutes(core);

  route('POST', '/v1/accounts', ({ spaceKey, params }) => {
    if (spaceKey !== PLATFORM) throw new StripeError(400, 'Connected accounts cannot create accounts.', undefined, undefined);
    const country = text(params.country) ?? 'US';
    return put(
      PLATFORM,
      base('account', 'acct', {
        type: text(params.type) ?? 'standard',
        controller: params.controller ?? null,
        email: text(params.email) ?? null,
        country,
        default_currency: text(params.default_currency) ?? 'usd',
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'], eventually_due: [], past_due: [], disabled_reason: 'requirements.past_due' },
        business_profile: params.business_profile ?? {},
        metadata: mergeMetadata({}, params.metadata),
      }),
    );
  });
  route('GET', '/v1/accounts/:id', ({ match }) => find(PLATFORM, match[0]!, 'account', 'account'));
  route('GET', '/v1/account', ({ spaceKey }) => find(PLATFORM, spaceKey, 'account', 'account'));
  route('POST', '/v1/account_links', ({ spaceKey, params }) => {
    const account = find(PLATFORM, required(params, 'account'), 'account', 'account');
    if (spaceKey !== PLATFORM) throw new StripeError(400, 'Account links are made by the platform.', 'account');
    const id = newId('link');
    accountLinks.set(id, { account: account.id, returnUrl: required(params, 'return_url'), refreshUrl: required(params, 'refresh_url'), used: false });
    required(params, 'type');
    return { object: 'account_link', created: now(), expires_at: now() + 300, url: `${baseUrl}/hosted/onboarding/${id}` };
  });

  route('POST', '/v1/products', ({ spaceKey, params }) =>
    put(spaceKey, base('product', 'prod', { name: required(params, 'name'), description: text(params.description) ?? null, active: bool(params.active) ?? true, default_price: null, metadata: mergeMetadata({}, params.metadata) })),
  );
  route('GET', '/v1/products/:id', ({ spaceKey, match }) => find(spaceKey, match[0]!, 'product'));
  route('POST', '/v1/products/:id', ({ spaceKey, match, params }) => {
    const product = find(spaceKey, match[0]!, 'product');
    if (params.name !== undefined) product.name = required(params, 'name');
    if (params.description !== undefined) product.description = text(params.description) ?? null;
    if (params.active !== undefined) product.active = bool(params.active);
    if (params.metadata !== undefined) product.metadata = mergeMetadata(product.metadata, params.metadata);
    return product;
  });

  route('POST', '/v1/prices', ({ spaceKey, params }) => {
    let productId = text(params.product);
    if (!productId && params.product_data) {
      const data = params.product_data as Params;
      productId = put(spaceKey, base('product', 'prod', { name: required(data, 'name'), description: null, active: true, default_price: null })).id;
    }
    if (!productId) throw new StripeError(400, 'Missing required param: product.', 'product', 'parameter_missing');
    find(spaceKey, productId, 'product', 'product');
    const unitAmount = Number(required(params, 'unit_amount'));
    if (!Number.isInteger(unitAmount) || unitAmount < 0) throw new StripeError(400, 'Invalid integer: unit_amount', 'unit_amount');
    const currency = required(params, 'currency').toLowerCase();
    const recurring = params.recurring as Params | undefined;
    const lookupKey = text(params.lookup_key) ?? null;
    if (lookupKey) {
      const holder = [...space(spaceKey).values()].find((object) => object.object === 'price' && object.lookup_key === lookupKey);
      if (holder && !bool(params.transfer_lookup_key)) throw new StripeError(400, `A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      if (holder) holder.lookup_key = null;
    }
    return put(
      spaceKey,
      base('price', 'price', {
        product: productId,
        unit_amount: unitAmount,
        currency,
        active: bool(params.active) ?? true,
        type: recurring ? 'recurring' : 'one_time',
        recurring: recurring ? { interval: required(recurring, 'interval'), interval_count: Number(recurring.interval_count ?? 1), usage_type: 'licensed' } : null,
        lookup_key: lookupKey,
        nickname: text(params.nickname) ?? null,
        metadata: mergeMetadata({}, params.metadata),
      }),
    );
  });
  route('GET', '/v1/prices/:id', ({ spaceKey, match }) => find(spaceKey, match[0]!, 'price'));
  route('POST', '/v1/prices/:id', ({ spaceKey, match, params }) => {
    const price = find(spaceKey, match[0]!, 'price');
    if (params.active !== undefined) price.active = bool(params.active);
    if (params.nickname !== undefined) price.nickname = text(params.nickname) ?? null;
    if (params.metadata !== undefined) price.metadata = mergeMetadata(price.metadata, params.metadata);
    return price;
  });
  route('GET', '/v1/prices', ({ spaceKey, params }) => {
    const lookupKeys = list(params.lookup_keys).map(String);
    const active = bool(params.active);
    return listOf(
      spaceKey,
      '/v1/prices',
      (object) =>
        object.object === 'price' &&
        (lookupKeys.length === 0 || lookupKeys.includes(String(object.lookup_key))) &&
        (params.product === undefined || object.product === params.product) &&
        (active === undefined || object.active === active),
      params,
    );
  });

  route('POST', '/v1/customers', ({ spaceKey, params }) =>
    put(spaceKey, base('customer', 'cus', { email: text(params.email) ?? null, name: text(params.name) ?? null, metadata: mergeMetadata({}, params.metadata) })),
  );
  route('GET', '/v1/customers/:id', ({ spaceKey, match }) => find(spaceKey, match[0]!, 'customer'));
  route('GET', '/v1/customers', ({ spaceKey, params }) =>
    listOf(spaceKey, '/v1/customers', (object) => object.object === 'customer' && (params.email === undefined || object.email === params.email), params),
  );

  /** Stripe's window for `expires_at`: from 30 minutes to 24 hours after the session is made. */
  function expiresAt(params: Params): number {
    const given = integer(params, 'expires_at');
    if (given === undefined) return now() + 86_400;
    if (given < now() + 30 * 60 || given > now() + 86_400) throw new StripeError(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    return given;
  }

  route('POST', '/v1/checkout/sessions', ({ spaceKey, params }) => {
    const mode = required(params, 'mode');
    if (mode !== 'subscription' && mode !== 'payment') throw new StripeError(400, `This test server speaks mode=subscription and mode=payment (got ${mode}).`, 'mode');
    const payment = mode === 'payment';
    const onlyIn = payment ? ['subscription_data'] : ['payment_intent_data', 'customer_creation'];
    const misplaced = onlyIn.find((name) => params[name] !== undefined);
    if (misplaced) throw new StripeError(400, `You can not pass \`${misplaced}\` in \`${mode}\` mode.`, misplaced);
    const { lines, currency, subtotal } = payment ? oneTimeLineItems(core, spaceKey, params.line_items) : subscriptionLineItems(core, spaceKey, params.line_items);
    const customer = text(params.customer);
    if (customer) find(spaceKey, customer, 'customer', 'customer');
    const customerCreation = payment ? (text(params.customer_creation) ?? 'if_required') : null;
    if (customerCreation !== null && !['always', 'if_required'].includes(customerCreation)) throw new StripeError(400, 'Invalid customer_creation: must be one of always, if_required.', 'customer_creation');
    const subscriptionData = (params.subscription_data ?? {}) as Params;
    const trialing = !payment && checkTrial(subscriptionData);
    const coupon = couponOfSession(core, spaceKey, params.discounts, currency);
    // What is due today: nothing during a trial; the coupon's part taken off.
    const dueSubtotal = trialing ? 0 : subtotal;
    const discount = coupon ? discountAmount(coupon, dueSubtotal) : 0;
    if (payment) checkChargeable(dueSubtotal - discount, currency);
    const session = base('checkout.session', 'cs_test', {
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: '',
      customer: customer ?? null,
      customer_creation: customerCreation,
      customer_email: text(params.customer_email) ?? (customer ? (find(spaceKey, customer, 'customer').email ?? null) : null),
      customer_details: null,
      client_reference_id: text(params.client_reference_id) ?? null,
      success_url: required(params, 'success_url'),
      cancel_url: text(params.cancel_url) ?? null,
      subscription: null,
      invoice: null,
      payment_intent: null,
      currency,
      amount_subtotal: dueSubtotal,
      amount_total: dueSubtotal - discount,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      expires_at: expiresAt(params),
      metadata: mergeMetadata({}, params.metadata),
      _line_items: lines,
      _subscription_data: subscriptionData,
      _payment_intent_data: params.payment_intent_data ?? {},
      _coupon: coupon,
    });
    session.url = `${baseUrl}/hosted/checkout/${session.id}`;
    return put(spaceKey, session);
  });
  route('GET', '/v1/checkout/sessions', ({ spaceKey, params }) =>
    listOf(spaceKey, '/v1/checkout/sessions', (object) => object.object === 'checkout.session' && [undefined, current(spaceKey, object).status].includes(params.status), params),
  );
  /** A session's line items as Stripe lists them (`GET …/line_items`, or `expand[]=line_items`). */
  function lineItemsOf(spaceKey: string, session: StripeObject): Params {
    const data = (session._line_items as CheckoutLine[]).map((line) => {
      const price = find(spaceKey, line.price, 'price');
      const amount = Number(price.unit_amount) * line.quantity;
      const name = find(spaceKey, String(price.product), 'product').name;
      return { id: newId('li'), object: 'item', amount_discount: 0, amount_subtotal: amount, amount_tax: 0, amount_total: amount, currency: price.currency, description: name, price: clone(price), quantity: line.quantity };
    });
    return { object: 'list', url: `/v1/checkout/sessions/${session.id}/line_items`, has_more: false, data };
  }
  route('GET', '/v1/checkout/sessions/:id', ({ spaceKey, match, params }) => {
    const session = current(spaceKey, find(spaceKey, match[0]!, 'checkout.session'));
    return list(params.expand).includes('line_items') ? { ...session, line_items: lineItemsOf(spaceKey, session) } : session;
  });
  route('GET', '/v1/checkout/sessions/:id/line_items', ({ spaceKey, match }) => lineItemsOf(spaceKey, find(spaceKey, match[0]!, 'checkout.session')));
  route('POST', '/v1/checkout/sessions/:id/expire', ({ spaceKey, match }) => {
    const session = current(spaceKey, find(spaceKey, match[0]!, 'checkout.session'));
    // Stripe's rule: only an open session can be expired (a paid one is `complete`).
    if (session.status !== 'open') throw new StripeError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.', 'session');
    void expireCheckout(spaceKey, session);
    return session;
  });

  route('POST', '/v1/billing_portal/sessions', ({ spaceKey, params }) => {
    const customer = find(spaceKey, required(params, 'customer'), 'customer', 'customer');
    const session = base('billing_portal.session', 'bps', { customer: customer.id, return_url: text(params.return_url) ?? null, url: '' });
    delete session.metadata;
    session.url = `${baseUrl}/hosted/portal/${session.id}`;
    return put(spaceKey, session);
  });

  route('POST', '/v1/webhook_endpoints', ({ spaceKey, params, livemode }) => {
    const url = required(params, 'url');
    if (livemode && !url.startsWith('https://')) throw new StripeError(400, `Invalid URL: ${url}. In live mode a webhook URL must be publicly accessible over HTTPS.`, 'url', 'url_invalid');
    const enabledEvents = list(params.enabled_events).map(String);
    if (enabledEvents.length === 0) throw new StripeError(400, 'Missing required param: enabled_events.', 'enabled_events', 'parameter_missing');
    const secret = `whsec_${randomBytes(24).toString('hex')}`;
    const endpoint = put(spaceKey, base('webhook_endpoint', 'we', { url, enabled_events: enabledEvents, status: 'enabled', description: text(params.description) ?? null, api_version: text(params.api_version) ?? null, _secret: secret }));
    // Stripe shows the signing secret in the answer that made the endpoint, and never again.
    return { ...endpoint, secret };
  });
  route('GET', '/v1/webhook_endpoints/:id', ({ spaceKey, match }) => find(spaceKey, match[0]!, 'webhook_endpoint'));
  route('DELETE', '/v1/webhook_endpoints/:id', ({ spaceKey, match }) => {
    const endpoint = find(spaceKey, match[0]!, 'webhook_endpoint');
    space(spaceKey).delete(endpoint.id);
    return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
  });
  route('GET', '/v1/events/:id', ({ spaceKey, match }) => find(spaceKey, match[0]!, 'event'));
  route('GET', '/v1/events', ({ spaceKey, params }) =>
    listOf(spaceKey, '/v1/events', (object) => object.object === 'event' && (params.type === undefined || object.type === params.type), params),
  );

  // ---- HTTP ----

  function publicView(value: unknown): unknown {
    if (!value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(publicView);
    return Object.fromEntries(Object.entries(value).filter(([key]) => !key.startsWith('_')).map(([key, inner]) => [key, publicView(inner)]));
  }

  function answerJson(response: ServerResponse, status: number, body: string): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(body);
  }

  function errorBody(error: StripeError): string {
    return JSON.stringify({ error: { type: error.type, message: error.message, ...(error.param ? { param: error.param } : {}), ...(error.code ? { code: error.code } : {}) } });
  }

  /** A restricted key's permission for a call, by Stripe's names: `rak_<object>_<read|write>`. */
  function permissionOf(method: string, pathname: string): string | undefined {
    const resource = /^\/v1\/(checkout\/sessions|billing_portal\/sessions|webhook_endpoints|[a-z_]+)/.exec(pathname)?.[1];
    if (!resource || resource === 'account') return undefined;
    const object = resource === 'webhook_endpoints' ? 'webhook' : resource.replace('/', '_').replace(/s$/, '');
    return `rak_${object}_${method === 'GET' ? 'read' : 'write'}`;
  }

  /** Stripe's refusal of the key for this call, or undefined when the key may make it. */
  function refuseKey(key: string | undefined, method: string, pathname: string, account: string | undefined): StripeError | undefined {
    const masked = key ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '';
    if (!key) return new StripeError(401, 'You did not provide an API key.');
    if (publishableKeys.has(key) || key.startsWith('pk_')) {
      return new StripeError(401, 'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.');
    }
    const known = keys.get(key);
    if (!known) return new StripeError(401, `Invalid API Key provided: ${masked}`);
    if (known.revoked) return new StripeError(401, `Expired API Key provided: ${masked}. Application access may have been revoked.`, undefined, 'api_key_expired');
    // A standalone account's key speaks for its own account only.
    if (known.account !== PLATFORM && account && account !== known.account) {
      return new StripeError(403, `The provided key does not have access to account '${account}' (or that account does not exist).`, undefined, 'account_invalid');
    }
    const permission = permissionOf(method, pathname);
    if (permission && known.missing.has(permission)) {
      return new StripeError(403, `The provided key '${masked}' does not have the required permissions for this endpoint on account '${known.account}'. Having the '${permission}' permission would allow this request to continue.`);
    }
    return undefined;
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    if (apiLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, apiLatencyMs));
    const params = qs.parse(method === 'POST' ? raw : url.search.slice(1), { depth: 10, arrayLimit: 100 }) as Params;
    const account = text(request.headers['stripe-account']);
    const idempotencyKey = text(request.headers['idempotency-key']);
    requests.push({ method, path: url.pathname, account, body: params, idempotencyKey });

    const authorization = request.headers.authorization ?? '';
    const key = authorization.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const refused = refuseKey(key, method, url.pathname, account);
    if (refused) {
      answerJson(response, refused.status, errorBody(refused));
      return;
    }
    const keyAccount = keys.get(key!)!.account;
    const spaceKey = account ?? keyAccount;
    const replayKey = idempotencyKey && method === 'POST' ? `${spaceKey} ${idempotencyKey}` : undefined;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    if (replay) {
      response.setHeader('idempotent-replayed', 'true');
      answerJson(response, replay.status, replay.body);
      return;
    }
    let status = 200;
    let body: string;
    try {
      if (account && (!space(PLATFORM).has(account) || isStandalone(account))) throw new StripeError(403, `The provided key does not have access to account '${account}' (or that account does not exist).`, undefined, 'account_invalid', 'invalid_request_error');
      const found = routes.find(([routeMethod, pattern]) => routeMethod === method && pattern.test(url.pathname));
      if (!found) throw new StripeError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
      const match = found[1].exec(url.pathname)!.slice(1).map(decodeURIComponent);
      const result = found[2]({ spaceKey, params, match, livemode: key!.includes('_live_') });
      body = JSON.stringify(publicView(expand(result, list(params.expand).map(String), spaceKey)));
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      body = errorBody(error);
    }
    if (replayKey) idempotent.set(replayKey, { status, body });
    answerJson(response, status, body);
  }

  function answerHtml(response: ServerResponse, status: number, html: string): void {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  }

  function redirect(response: ServerResponse, location: string): void {
    response.writeHead(303, { location });
    response.end();
  }

  async function handleHosted(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const method = request.method ?? 'GET';
    const [, , kind, id, action] = url.pathname.split('/');
    if (kind === 'onboarding' && id && accountLinks.has(id)) {
      const link = accountLinks.get(id)!;
      if (link.used) {
        if (method === 'GET') redirect(response, link.refreshUrl);
        else answerHtml(response, 410, onboardingUsedPage());
        return true;
      }
      if (method === 'GET') {
        answerHtml(response, 200, onboardingPage(find(PLATFORM, link.account, 'account'), `/hosted/onboarding/${id}`));
        return true;
      }
      link.used = true;
      completeAccount(link.account);
      await queue;
      redirect(response, link.returnUrl);
      return true;
    }
    if (kind === 'checkout' && id && home.has(id)) {
      const { spaceKey, object: session } = locate(id, 'checkout.session');
      current(spaceKey, session);
      const lines = (session._line_items as CheckoutLine[]).map((line) => {
        const price = find(spaceKey, line.price, 'price');
        const recurring = price.recurring as { interval: string } | null;
        return { name: String(find(spaceKey, String(price.product), 'product').name), unitAmount: Number(price.unit_amount), quantity: line.quantity, currency: String(price.currency), interval: recurring?.interval ?? null };
      });
      const actions = { pay: `/hosted/checkout/${id}/pay`, decline: `/hosted/checkout/${id}/decline` };
      if (method === 'POST' && action === 'pay' && session.status === 'open') {
        const form = new URLSearchParams(await readBody(request));
        redirect(response, await payCheckout(id, { email: text(form.get('email')), name: text(form.get('name')) }));
        return true;
      }
      if (method === 'POST' && action === 'decline') {
        answerHtml(response, 402, checkoutPage(session, lines, actions, 'Your card was declined. Try another card.'));
        return true;
      }
      answerHtml(response, 200, checkoutPage(session, lines, actions));
      return true;
    }
    if (kind === 'portal' && id && home.has(id)) {
      const { spaceKey, object: portal } = locate(id, 'billing_portal.session');
      if (method === 'POST' && action === 'cancel') {
        const subscriptionId = url.searchParams.get('subscription') ?? '';
        const subscription = find(spaceKey, subscriptionId, 'subscription');
        if (subscription.customer !== portal.customer) throw new StripeError(404, `No such subscription: '${subscriptionId}'`, 'subscription');
        billing.updateSubscription(spaceKey, subscription, { cancel_at_period_end: 'true' });
        await queue;
        redirect(response, `/hosted/portal/${id}`);
        return true;
      }
      const subscriptions = [...space(spaceKey).values()].filter((object) => object.object === 'subscription' && object.customer === portal.customer);
      answerHtml(response, 200, portalPage(subscriptions, text(portal.return_url) ?? '/', (subscriptionId) => `/hosted/portal/${id}/cancel?subscription=${encodeURIComponent(subscriptionId)}`));
      return true;
    }
    return false;
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const handled = url.pathname.startsWith('/hosted/') ? handleHosted(request, response, url) : handleApi(request, response, url).then(() => true);
    handled
      .then((done) => {
        if (!done) answerJson(response, 404, errorBody(new StripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`)));
      })
      .catch((error: unknown) => {
        if (error instanceof StripeError) answerHtml(response, error.status, `<!doctype html><p role="alert">${error.message}</p>`);
        else if (!response.headersSent) answerJson(response, 500, JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: baseUrl, STRIPE_WEBHOOK_SECRET: secrets.platform, STRIPE_CONNECT_WEBHOOK_SECRET: secrets.connect },
    secrets,
    deliveries,
    requests,
    setWebhooks(next) {
      targets = { ...targets, ...next };
    },
    setApiLatency(milliseconds) {
      apiLatencyMs = milliseconds;
    },
    useApp(appUrl) {
      const origin = new URL(appUrl).origin;
      targets = { platformWebhook: { url: `${origin}/api/webhooks/stripe` }, connectWebhook: { url: `${origin}/api/webhooks/stripe-connect` } };
    },
    createAccountKey(keyOptions = {}) {
      let accountId = keyOptions.account;
      if (accountId) find(PLATFORM, accountId, 'account', 'account');
      else {
        const name = keyOptions.name ?? 'Creator Studio';
        accountId = put(
          PLATFORM,
          base('account', 'acct', {
            type: 'standard',
            email: null,
            country: 'US',
            default_currency: 'usd',
            details_submitted: true,
            charges_enabled: true,
            payouts_enabled: true,
            requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
            business_profile: { name },
            settings: { dashboard: { display_name: name } },
            _standalone: true,
          }),
        ).id;
      }
      const secret = `${keyOptions.restricted ? 'rk' : 'sk'}_${keyOptions.live ? 'live' : 'test'}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
      keys.set(secret, { account: accountId, revoked: false, missing: new Set(keyOptions.missing ?? []) });
      const publishableKey = `pk_test_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
      publishableKeys.add(publishableKey);
      return { accountId, secretKey: secret, publishableKey };
    },
    revokeKey(key) {
      const known = keys.get(key);
      if (!known) throw new Error(`no such key: ${key.slice(0, 8)}…`);
      known.revoked = true;
    },
    webhookEndpoints: (accountId) =>
      [...space(accountId).values()]
        .filter((object) => object.object === 'webhook_endpoint')
        .map((endpoint) => ({ id: endpoint.id, url: String(endpoint.url), enabledEvents: list(endpoint.enabled_events).map(String), secret: String(endpoint._secret) })),
    async emit(type, object, emitOptions = {}) {
      const spaceKey = emitOptions.account ?? PLATFORM;
      await send(spaceKey, [type, object, emitOptions.previousAttributes]);
      const events = [...space(spaceKey).values()].filter((candidate) => candidate.object === 'event');
      return clone(events[events.length - 1]!);
    },
    async setSubscriptionStatus(subscriptionId, status, controlOptions = {}) {
      const { spaceKey, object: subscription } = locate(subscriptionId, 'subscription');
      if (controlOptions.account !== undefined && controlOptions.account !== spaceKey) throw new Error(`${subscriptionId} is not in ${controlOptions.account}`);
      const previous = { status: subscription.status };
      subscription.status = status;
      if (status === 'canceled') Object.assign(subscription, { canceled_at: now(), ended_at: now() });
      await send(spaceKey, [status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', subscription, previous]);
      return clone(subscription);
    },
    failNextInvoice: (subscriptionId) => billing.nextPeriod(subscriptionId, false),
    renew: (subscriptionId) => billing.nextPeriod(subscriptionId, true),
    endTrial: async (subscriptionId) => billing.endTrial(subscriptionId),
    async expireSession(sessionId) {
      const { spaceKey, object: session } = locate(sessionId, 'checkout.session');
      if (session.status !== 'open') throw new Error(`${sessionId} is ${String(session.status)}, not open`);
      await expireCheckout(spaceKey, session);
      return clone(session);
    },
    async refund(paymentIntentId, amount) {
      const { spaceKey } = locate(paymentIntentId, 'payment_intent');
      const { refund, events } = refundPayment(core, spaceKey, { payment_intent: paymentIntentId, ...(amount === undefined ? {} : { amount: String(amount) }) });
      await send(spaceKey, ...events);
      return clone(refund);
    },
    events: (account) => sent.filter((event) => account === undefined || home.get(event.id) === account).map(clone),
    async redeliver(eventIds, redeliverOptions = {}) {
      const events = eventIds.map((id) => {
        const spaceKey = home.get(id);
        const event = spaceKey === undefined ? undefined : space(spaceKey).get(id);
        if (event?.object !== 'event') throw new Error(`no such event: ${id}`);
        return event;
      });
      let first = 0;
      queue = queue.then(async () => {
        first = deliveries.length;
        for (const event of events) for (const target of redeliveryTargets(event, redeliverOptions)) await deliverTo(event, target.url, target.secret);
      });
      await queue;
      return deliveries.slice(first);
    },
    async completeOnboarding(accountId) {
      const account = completeAccount(accountId);
      await queue;
      return clone(account);
    },
    async updateAccount(accountId, changes) {
      const account = find(PLATFORM, accountId, 'account');
      const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, account[key]]));
      Object.assign(account, clone(changes));
      await send(accountId, ['account.updated', account, previous]);
      return clone(account);
    },
    account: (id) => {
      const account = space(PLATFORM).get(id);
      return account?.object === 'account' ? clone(account) : undefined;
    },
    object: (id) => {
      const spaceKey = home.get(id);
      const object = spaceKey === undefined ? undefined : space(spaceKey).get(id);
      return object ? clone(object) : undefined;
    },
    idle: () => queue,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
