/**
 * The Stripe-protocol test server's coupons, trials, one-time Checkout
 * payments, refunds, expiry and event replay, driven by the real `stripe` SDK,
 * with webhooks caught by a small listener that checks their signatures the
 * way the app does.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { pressHostedButton } from '../support/stripe-checkout.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';

let stripeServer: StripeServer;
let listener: Server;
let listenerOrigin: string;
let received: Stripe.Event[];
let stripe: Stripe;
let account: string;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A receiver of signed webhooks at `/platform` and `/connect` (and any path ending so), as an app server is. */
async function startReceiver(into: (event: Stripe.Event, path: string) => void): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    void readBody(request).then((payload) => {
      const path = request.url ?? '/';
      const secret = path.endsWith('connect') ? stripeServer.secrets.connect : stripeServer.secrets.platform;
      try {
        into(stripe.webhooks.constructEvent(payload, String(request.headers['stripe-signature']), secret), path);
        response.writeHead(200).end('{}');
      } catch {
        response.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeEach(async () => {
  stripeServer = await startStripeServer();
  stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
  received = [];
  ({ server: listener, origin: listenerOrigin } = await startReceiver((event) => received.push(event)));
  stripeServer.setWebhooks({ platformWebhook: { url: `${listenerOrigin}/platform` }, connectWebhook: { url: `${listenerOrigin}/connect` } });
  account = (await stripe.accounts.create({ type: 'standard' })).id;
  await stripeServer.completeOnboarding(account);
  received.length = 0;
});

afterEach(async () => {
  await stripeServer.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

const on = () => ({ stripeAccount: account });

function idOf(field: string | { id: string } | null): string {
  if (field === null) throw new Error('expected an id');
  return typeof field === 'string' ? field : field.id;
}

async function monthlyPrice(amount: number): Promise<Stripe.Price> {
  const product = await stripe.products.create({ name: 'Supporter' }, on());
  return stripe.prices.create({ product: product.id, unit_amount: amount, currency: 'usd', recurring: { interval: 'month' } }, on());
}

async function refusal(call: Promise<unknown>): Promise<{ statusCode?: number; param?: string; code?: string; message: string }> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Stripe.errors.StripeError)) throw new Error(`expected a Stripe error, got ${String(error)}`);
  return error;
}

const types = (events: Stripe.Event[]) => events.map((event) => event.type);

describe('coupons', () => {
  it('creates, reads, renames and deletes coupons per account, refusing terms Stripe refuses', async () => {
    const percent = await stripe.coupons.create({ percent_off: 25, duration: 'repeating', duration_in_months: 3, name: 'Spring', max_redemptions: 10, metadata: { offer: 'o1' } }, on());
    expect(percent).toMatchObject({ object: 'coupon', percent_off: 25, amount_off: null, currency: null, duration: 'repeating', duration_in_months: 3, name: 'Spring', max_redemptions: 10, times_redeemed: 0, valid: true, metadata: { offer: 'o1' } });
    const fixed = await stripe.coupons.create({ id: 'WELCOME5', amount_off: 500, currency: 'USD', duration: 'once' }, on());
    expect(fixed).toMatchObject({ id: 'WELCOME5', amount_off: 500, currency: 'usd', duration: 'once', duration_in_months: null });

    expect((await stripe.coupons.retrieve('WELCOME5', {}, on())).amount_off).toBe(500);
    expect(await refusal(stripe.coupons.retrieve('WELCOME5'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const renamed = await stripe.coupons.update(percent.id, { name: 'Spring sale', metadata: { offer: '' , batch: '2' } }, on());
    expect(renamed).toMatchObject({ name: 'Spring sale', metadata: { batch: '2' }, percent_off: 25 });
    expect(await refusal(stripe.coupons.update(percent.id, { percent_off: 90 } as Stripe.CouponUpdateParams, on()))).toMatchObject({ statusCode: 400, param: 'percent_off' });

    expect(await refusal(stripe.coupons.create({ id: 'WELCOME5', percent_off: 10 }, on()))).toMatchObject({ code: 'resource_already_exists' });
    expect(await refusal(stripe.coupons.create({ percent_off: 10, amount_off: 100, currency: 'usd' }, on()))).toMatchObject({ statusCode: 400 });
    expect(await refusal(stripe.coupons.create({ duration: 'forever' }, on()))).toMatchObject({ statusCode: 400 });
    expect(await refusal(stripe.coupons.create({ amount_off: 100 }, on()))).toMatchObject({ param: 'currency' });
    expect(await refusal(stripe.coupons.create({ percent_off: 101 }, on()))).toMatchObject({ param: 'percent_off' });
    expect(await refusal(stripe.coupons.create({ amount_off: 1.5, currency: 'usd' }, on()))).toMatchObject({ param: 'amount_off' });
    expect(await refusal(stripe.coupons.create({ percent_off: 10, duration: 'repeating' }, on()))).toMatchObject({ param: 'duration_in_months' });

    expect(await stripe.coupons.del('WELCOME5', {}, on())).toEqual({ id: 'WELCOME5', object: 'coupon', deleted: true });
    expect((await stripe.coupons.list({}, on())).data.map((coupon) => coupon.id)).toEqual([percent.id]);
  });
});

describe('one-time Checkout', () => {
  it('takes a payment of inline line items: PaymentIntent, Charge, a customer when asked, three signed webhooks', async () => {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ price_data: { currency: 'usd', unit_amount: 1500, product_data: { name: 'A gift <b>year</b>', description: 'Twelve months' } }, quantity: 2 }],
        customer_email: 'giver@example.test',
        customer_creation: 'always',
        client_reference_id: 'gift-1',
        metadata: { kind: 'gift' },
        payment_intent_data: { metadata: { saleId: 'sale-1' } },
        success_url: 'http://app.test/thanks?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.test/gift',
      },
      on(),
    );
    expect(session).toMatchObject({ mode: 'payment', status: 'open', payment_status: 'unpaid', amount_subtotal: 3000, amount_total: 3000, currency: 'usd', customer_creation: 'always', payment_intent: null });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('30.00 USD');
    // Markup in a product name shows as text.
    expect(page).toContain('A gift &#60;b&#62;year&#60;/b&#62; × 2');

    const declined = await pressHostedButton(session.url!, 'Decline card');
    expect(declined.status).toBe(402);
    expect(received).toEqual([]);

    const paid = await pressHostedButton(session.url!, 'Pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/thanks?session=${session.id}`);
    expect(types(received)).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed']);
    expect(received.every((event) => event.account === account)).toBe(true);

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge', 'line_items'] }, on());
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'gift-1', metadata: { kind: 'gift' }, customer_details: { email: 'giver@example.test' } });
    const intent = completed.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 3000, amount_received: 3000, currency: 'usd', metadata: { saleId: 'sale-1' }, application_fee_amount: null });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', paid: true, amount: 3000, amount_refunded: 0, refunded: false, payment_intent: intent.id, status: 'succeeded' });
    expect(completed.line_items?.data[0]).toMatchObject({ description: 'A gift <b>year</b>', quantity: 2, amount_total: 3000 });
    const customer = await stripe.customers.retrieve(idOf(completed.customer), {}, on());
    expect(customer).toMatchObject({ email: 'giver@example.test' });
    expect((await stripe.charges.retrieve(charge.id, {}, on())).payment_intent).toBe(intent.id);
    expect((await stripe.paymentIntents.list({ customer: customer.id }, on())).data.map((each) => each.id)).toEqual([intent.id]);

    const completedEvent = received[2]!.data.object as Stripe.Checkout.Session;
    expect(completedEvent.payment_intent).toBe(intent.id);
    // No application fee was asked, and the server shows what was sent.
    const sent = stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions');
    expect(sent.map((request) => (request.body.payment_intent_data as Record<string, unknown>).application_fee_amount)).toEqual([undefined]);
  });

  it('takes a one-time price with a coupon, asks for the e-mail when none is known, and makes no customer unless asked', async () => {
    const product = await stripe.products.create({ name: 'E-book' }, on());
    const price = await stripe.prices.create({ product: product.id, unit_amount: 1200, currency: 'usd' }, on());
    const coupon = await stripe.coupons.create({ amount_off: 200, currency: 'usd', max_redemptions: 1 }, on());
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id, quantity: 1 }], discounts: [{ coupon: coupon.id }], success_url: 'http://app.test/ok' }, on());
    expect(session).toMatchObject({ amount_subtotal: 1200, amount_total: 1000, total_details: { amount_discount: 200 }, discounts: [{ coupon: coupon.id, promotion_code: null }], customer_creation: 'if_required' });
    expect(await (await fetch(session.url!)).text()).toContain('type="email" name="email"');

    expect((await pressHostedButton(session.url!, 'Pay', { email: 'reader@example.test', name: 'Ada Reader' })).status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id, {}, on());
    expect(completed).toMatchObject({ customer: null, customer_details: { email: 'reader@example.test', name: 'Ada Reader' }, amount_total: 1000 });
    expect((await stripe.paymentIntents.retrieve(idOf(completed.payment_intent), {}, on())).amount).toBe(1000);
    expect((await stripe.customers.list({}, on())).data).toEqual([]);
    // Its one redemption is used.
    expect(await stripe.coupons.retrieve(coupon.id, {}, on())).toMatchObject({ times_redeemed: 1, valid: false });
    expect(await refusal(stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id }], discounts: [{ coupon: coupon.id }], success_url: 'http://app.test/ok' }, on()))).toMatchObject({ code: 'coupon_expired' });
  });

  it('refuses to pay a session whose coupon was used up or deleted after it was opened', async () => {
    const product = await stripe.products.create({ name: 'E-book' }, on());
    const price = await stripe.prices.create({ product: product.id, unit_amount: 1200, currency: 'usd' }, on());
    const once = await stripe.coupons.create({ percent_off: 10, max_redemptions: 1 }, on());
    const open = () => stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id }], discounts: [{ coupon: once.id }], customer_email: 'fan@example.test', success_url: 'http://app.test/ok' }, on());
    const [first, second] = [await open(), await open()];
    expect((await pressHostedButton(first.url!, 'Pay')).status).toBe(303);
    const refused = await pressHostedButton(second.url!, 'Pay');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('can no longer be redeemed');
    expect((await stripe.checkout.sessions.retrieve(second.id, {}, on())).status).toBe('open');

    const gone = await stripe.coupons.create({ percent_off: 10 }, on());
    const third = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id }], discounts: [{ coupon: gone.id }], customer_email: 'fan@example.test', success_url: 'http://app.test/ok' }, on());
    await stripe.coupons.del(gone.id, {}, on());
    expect((await pressHostedButton(third.url!, 'Pay')).status).toBe(400);
    expect(types(received)).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed']);
  });

  it('refuses what Stripe refuses: a recurring price, too small an amount, mixed currencies, a fraction, subscription_data', async () => {
    const monthly = await monthlyPrice(500);
    const base = { mode: 'payment' as const, success_url: 'http://app.test/ok' };
    expect(await refusal(stripe.checkout.sessions.create({ ...base, line_items: [{ price: monthly.id }] }, on()))).toMatchObject({ param: 'line_items[0][price]' });
    expect(await refusal(stripe.checkout.sessions.create({ ...base, line_items: [{ price_data: { currency: 'usd', unit_amount: 49, product_data: { name: 'Tip' } }, quantity: 1 }] }, on()))).toMatchObject({ code: 'amount_too_small' });
    const mixed = [
      { price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'A' } }, quantity: 1 },
      { price_data: { currency: 'eur', unit_amount: 500, product_data: { name: 'B' } }, quantity: 1 },
    ];
    expect(await refusal(stripe.checkout.sessions.create({ ...base, line_items: mixed }, on()))).toMatchObject({ param: 'line_items' });
    expect(await refusal(stripe.checkout.sessions.create({ ...base, line_items: [{ price_data: { currency: 'usd', unit_amount: 10.5, product_data: { name: 'Tip' } }, quantity: 1 }] }, on()))).toMatchObject({
      param: 'line_items[0][price_data][unit_amount]',
    });
    expect(await refusal(stripe.checkout.sessions.create({ ...base, line_items: [{ price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Tip' } }, quantity: 1 }], subscription_data: { trial_period_days: 3 } }, on()))).toMatchObject({
      param: 'subscription_data',
    });
  });

  it('records an application fee when one is sent, so a test can see that none was', async () => {
    const session = await stripe.checkout.sessions.create(
      { mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'Tip' } }, quantity: 1 }], customer_email: 'fan@example.test', payment_intent_data: { application_fee_amount: 100 }, success_url: 'http://app.test/ok' },
      on(),
    );
    await pressHostedButton(session.url!, 'Pay');
    const intent = await stripe.paymentIntents.retrieve(idOf((await stripe.checkout.sessions.retrieve(session.id, {}, on())).payment_intent), { expand: ['latest_charge'] }, on());
    expect(intent.application_fee_amount).toBe(100);
    expect((intent.latest_charge as Stripe.Charge).application_fee_amount).toBe(100);
    const sent = stripeServer.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(sent?.body.payment_intent_data).toEqual({ application_fee_amount: '100' });
  });
});

describe('refunds', () => {
  async function paidPayment(): Promise<string> {
    const session = await stripe.checkout.sessions.create(
      { mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 2000, product_data: { name: 'Tip' } }, quantity: 1 }], customer_email: 'fan@example.test', success_url: 'http://app.test/ok' },
      on(),
    );
    await pressHostedButton(session.url!, 'Pay');
    received.length = 0;
    return idOf((await stripe.checkout.sessions.retrieve(session.id, {}, on())).payment_intent);
  }

  it('refunds part through the API and the rest from the dashboard: the charge, charge.refunded, refund.created', async () => {
    const intentId = await paidPayment();
    const part = await stripe.refunds.create({ payment_intent: intentId, amount: 500, reason: 'requested_by_customer' }, on());
    expect(part).toMatchObject({ object: 'refund', amount: 500, status: 'succeeded', payment_intent: intentId, currency: 'usd', reason: 'requested_by_customer' });
    await stripeServer.idle();
    const charge = await stripe.charges.retrieve(idOf(part.charge), {}, on());
    expect(charge).toMatchObject({ amount_refunded: 500, refunded: false });
    expect(types(received)).toEqual(['charge.refunded', 'refund.created']);
    expect(received[0]!.data.object).toMatchObject({ id: charge.id, amount_refunded: 500, refunded: false });
    expect(received[0]!.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });

    expect(await refusal(stripe.refunds.create({ charge: charge.id, amount: 1501 }, on()))).toMatchObject({ code: 'amount_too_large' });
    const rest = await stripeServer.refund(intentId);
    expect(rest).toMatchObject({ amount: 1500, charge: charge.id });
    expect(await stripe.charges.retrieve(charge.id, {}, on())).toMatchObject({ amount_refunded: 2000, refunded: true });
    expect(types(received)).toEqual(['charge.refunded', 'refund.created', 'charge.refunded', 'refund.created']);
    expect(await refusal(stripe.refunds.create({ payment_intent: intentId }, on()))).toMatchObject({ code: 'charge_already_refunded' });
    expect((await stripe.refunds.list({ payment_intent: intentId }, on())).data.map((refund) => refund.amount).sort((a, b) => a - b)).toEqual([500, 1500]);
  });
});

describe('subscriptions with a coupon or a trial', () => {
  it('takes a repeating coupon off the first three monthly invoices, then bills in full', async () => {
    const price = await monthlyPrice(1000);
    const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'repeating', duration_in_months: 3 }, on());
    const session = await stripe.checkout.sessions.create(
      { mode: 'subscription', line_items: [{ price: price.id, quantity: 1 }], discounts: [{ coupon: coupon.id }], customer_email: 'fan@example.test', success_url: 'http://app.test/ok' },
      on(),
    );
    expect(session).toMatchObject({ amount_subtotal: 1000, amount_total: 500, total_details: { amount_discount: 500 } });
    expect(await (await fetch(session.url!)).text()).toContain('data-testid="total">5.00 USD');
    await pressHostedButton(session.url!, 'Pay');
    expect(types(received)).toEqual(['customer.subscription.created', 'checkout.session.completed', 'invoice.paid']);

    const subscriptionId = idOf((await stripe.checkout.sessions.retrieve(session.id, {}, on())).subscription);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts', 'latest_invoice'] }, on());
    const discount = subscription.discounts[0] as Stripe.Discount;
    expect(discount).toMatchObject({ object: 'discount', source: { coupon: coupon.id, type: 'coupon' }, subscription: subscriptionId, checkout_session: session.id });
    expect(discount.end).toBeGreaterThan(discount.start);
    const first = subscription.latest_invoice as Stripe.Invoice;
    expect(first).toMatchObject({ subtotal: 1000, total: 500, amount_paid: 500, discounts: [discount.id], total_discount_amounts: [{ amount: 500, discount: discount.id }] });
    const expanded = await stripe.invoices.retrieve(first.id, { expand: ['discounts'] }, on());
    expect((expanded.discounts[0] as Stripe.Discount).source.coupon).toBe(coupon.id);

    const paidAmounts = [];
    for (let month = 0; month < 3; month += 1) paidAmounts.push((await stripeServer.renew(subscriptionId)).amount_paid);
    expect(paidAmounts).toEqual([500, 500, 1000]);
    expect((await stripe.subscriptions.retrieve(subscriptionId, {}, on())).discounts).toEqual([]);
    expect(await stripe.coupons.retrieve(coupon.id, {}, on())).toMatchObject({ times_redeemed: 1 });
  });

  it('starts a trial with nothing to pay, then bills the first period with a once coupon when the trial ends', async () => {
    const price = await monthlyPrice(800);
    const coupon = await stripe.coupons.create({ amount_off: 300, currency: 'usd', duration: 'once' }, on());
    const session = await stripe.checkout.sessions.create(
      { mode: 'subscription', line_items: [{ price: price.id }], discounts: [{ coupon: coupon.id }], subscription_data: { trial_period_days: 14 }, customer_email: 'fan@example.test', success_url: 'http://app.test/ok' },
      on(),
    );
    expect(session).toMatchObject({ amount_total: 0, amount_subtotal: 0 });
    expect(await (await fetch(session.url!)).text()).toContain('data-testid="trial">14 days');
    await pressHostedButton(session.url!, 'Pay');
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription.latest_invoice'] }, on());
    expect(completed.payment_status).toBe('no_payment_required');
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription.status).toBe('trialing');
    expect(subscription.trial_end! - subscription.trial_start!).toBe(14 * 86_400);
    expect(subscription.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 0, total: 0 });
    received.length = 0;

    const firstReal = await stripeServer.endTrial(subscription.id);
    expect(firstReal).toMatchObject({ status: 'paid', subtotal: 800, amount_paid: 500, billing_reason: 'subscription_cycle' });
    expect(types(received)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(received[1]!.data.object).toMatchObject({ status: 'active' });
    expect(received[1]!.data.previous_attributes).toMatchObject({ status: 'trialing' });
    expect((await stripeServer.renew(subscription.id)).amount_paid).toBe(800);
    await expect(stripeServer.endTrial(subscription.id)).rejects.toThrow('not trialing');
  });

  it('refuses a trial shorter than a day or a coupon of another currency', async () => {
    const price = await monthlyPrice(800);
    const euros = await stripe.coupons.create({ amount_off: 100, currency: 'eur' }, on());
    const base = { mode: 'subscription' as const, line_items: [{ price: price.id }], success_url: 'http://app.test/ok' };
    expect(await refusal(stripe.checkout.sessions.create({ ...base, subscription_data: { trial_period_days: 0 } }, on()))).toMatchObject({ param: 'subscription_data[trial_period_days]' });
    expect(await refusal(stripe.checkout.sessions.create({ ...base, discounts: [{ coupon: euros.id }] }, on()))).toMatchObject({ param: 'discounts[0][coupon]' });
    expect(await refusal(stripe.checkout.sessions.create({ ...base, discounts: [{ coupon: 'nope' }] }, on()))).toMatchObject({ code: 'resource_missing' });
  });
});

describe('expiry', () => {
  it('sends checkout.session.expired when a session is expired through the API or by its time', async () => {
    const create = () =>
      stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Tip' } }, quantity: 1 }], customer_email: 'fan@example.test', success_url: 'http://app.test/ok' }, on());
    const first = await create();
    const expired = await stripe.checkout.sessions.expire(first.id, {}, on());
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await stripeServer.idle();
    expect(types(received)).toEqual(['checkout.session.expired']);
    expect(await refusal(stripe.checkout.sessions.expire(first.id, {}, on()))).toMatchObject({ statusCode: 400 });

    const second = await create();
    expect(await stripeServer.expireSession(second.id)).toMatchObject({ status: 'expired' });
    expect(await (await fetch(second.url!)).text()).toContain('This checkout session is expired');
    expect(types(received)).toEqual(['checkout.session.expired', 'checkout.session.expired']);
    expect((received[1]!.data.object as Stripe.Checkout.Session).id).toBe(second.id);

    expect(await refusal(stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Tip' } } }], expires_at: Math.floor(Date.now() / 1000) + 60, success_url: 'http://app.test/ok' }, on()))).toMatchObject({
      param: 'expires_at',
    });
  });
});

describe('expiry by time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires a session whose expires_at passed when it is next read, and sends checkout.session.expired once', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 31 * 60;
    const session = await stripe.checkout.sessions.create(
      { mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Tip' } }, quantity: 1 }], customer_email: 'fan@example.test', expires_at: expiresAt, success_url: 'http://app.test/ok' },
      on(),
    );
    expect(session.expires_at).toBe(expiresAt);
    expect((await stripe.checkout.sessions.retrieve(session.id, {}, on())).status).toBe('open');
    // Only the clock moves on (the server and the signature check read the same one).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((expiresAt + 1) * 1000);
    expect(await stripe.checkout.sessions.retrieve(session.id, {}, on())).toMatchObject({ status: 'expired', url: null });
    expect((await stripe.checkout.sessions.list({ status: 'open' }, on())).data).toEqual([]);
    await stripeServer.idle();
    expect(types(received)).toEqual(['checkout.session.expired']);
  });
});

describe('event replay', () => {
  it('lists an account\'s sent events in order and sends them again, reversed, to another server', async () => {
    const session = await stripe.checkout.sessions.create(
      { mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 700, product_data: { name: 'Tip' } }, quantity: 1 }], customer_email: 'fan@example.test', success_url: 'http://app.test/ok' },
      on(),
    );
    await pressHostedButton(session.url!, 'Pay');
    const events = stripeServer.events(account).filter((event) => event.type !== 'account.updated');
    expect(events.map((event) => event.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed']);
    expect(events.map((event) => event.id)).toEqual(received.map((event) => event.id));
    expect(stripeServer.events('platform')).toEqual([]);

    const ids = events.map((event) => event.id).reverse();
    const replayed: Array<{ path: string; event: Stripe.Event }> = [];
    const second = await startReceiver((event, path) => replayed.push({ path, event }));
    try {
      const deliveries = await stripeServer.redeliver(ids, { app: second.origin });
      expect(deliveries.map((delivery) => [delivery.eventId, delivery.url, delivery.status])).toEqual(ids.map((id) => [id, `${second.origin}/connect`, 200]));
      const again = await stripeServer.redeliver(ids, { url: `${second.origin}/again/connect` });
      expect(again.map((delivery) => [delivery.eventId, delivery.status])).toEqual(ids.map((id) => [id, 200]));
    } finally {
      await new Promise<void>((resolve) => second.server.close(() => resolve()));
    }
    expect(replayed.map(({ path, event }) => [path, event.id])).toEqual([...ids.map((id) => ['/connect', id]), ...ids.map((id) => ['/again/connect', id])]);
    expect(received).toHaveLength(3);
    expect(replayed[0]!.event).toEqual(received[2]);
  });
});
