/**
 * The Stripe-protocol test server (tests/support/stripe-server.ts) driven by
 * the real `stripe` SDK, with webhooks caught by a small listener that checks
 * their signatures the way the app does.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';

interface Received {
  event: Stripe.Event;
  endpoint: 'platform' | 'connect';
}

let stripeServer: StripeServer;
let listener: Server;
let received: Received[];
let stripe: Stripe;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeEach(async () => {
  stripeServer = await startStripeServer();
  stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
  received = [];
  listener = createServer((request, response) => {
    void readBody(request).then((payload) => {
      const endpoint = request.url === '/connect' ? 'connect' : 'platform';
      try {
        const event = stripe.webhooks.constructEvent(payload, String(request.headers['stripe-signature']), stripeServer.secrets[endpoint]);
        received.push({ event, endpoint });
        response.writeHead(200).end('{}');
      } catch {
        response.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  stripeServer.setWebhooks({ platformWebhook: { url: `${origin}/platform` }, connectWebhook: { url: `${origin}/connect` } });
});

afterEach(async () => {
  await stripeServer.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

/** An expandable field's id, whether the SDK typed it as an id or an object. */
function idOf(field: string | { id: string } | null): string {
  if (field === null) throw new Error('expected an id');
  return typeof field === 'string' ? field : field.id;
}

async function postForm(url: string, form: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
}

async function submitFirstForm(pageUrl: string, buttonLabel: string): Promise<Response> {
  const html = await (await fetch(pageUrl)).text();
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)"><button type="submit">([^<]+)<\/button><\/form>/g)];
  const form = forms.find((candidate) => candidate[2] === buttonLabel);
  if (!form) throw new Error(`no "${buttonLabel}" button on ${pageUrl}:\n${html}`);
  return postForm(new URL(form[1]!.replaceAll('&#38;', '&'), pageUrl).href);
}

async function connectedAccount(): Promise<Stripe.Account> {
  const account = await stripe.accounts.create({ type: 'standard' });
  await stripeServer.completeOnboarding(account.id);
  received.length = 0;
  return account;
}

async function monthlyPrice(stripeAccount: string, amount = 500): Promise<Stripe.Price> {
  const product = await stripe.products.create({ name: 'Supporter' }, { stripeAccount });
  return stripe.prices.create({ product: product.id, unit_amount: amount, currency: 'usd', recurring: { interval: 'month' } }, { stripeAccount });
}

describe('the Stripe-protocol test server', () => {
  it('onboards a Standard account through the hosted page, sending account.updated to the Connect endpoint', async () => {
    const account = await stripe.accounts.create({ type: 'standard' });
    expect(account).toMatchObject({ object: 'account', type: 'standard', details_submitted: false, charges_enabled: false });
    expect(account.id).toMatch(/^acct_/);
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);

    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', return_url: 'http://app.test/back', refresh_url: 'http://app.test/again' });
    const page = await fetch(link.url);
    expect(await page.text()).toContain('Complete onboarding');

    const done = await submitFirstForm(link.url, 'Complete onboarding');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://app.test/back');
    expect(received.map(({ event, endpoint }) => [event.type, endpoint, event.account])).toEqual([['account.updated', 'connect', account.id]]);

    const refreshed = await stripe.accounts.retrieve(account.id);
    expect(refreshed).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [] } });
    // A used link sends the creator to refresh_url for a new one, as Stripe does.
    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('http://app.test/again');
  });

  it('keeps objects per account and answers unknown ids and calls in Stripe error shape', async () => {
    const account = await connectedAccount();
    const product = await stripe.products.create({ name: 'Gold', metadata: { siteId: 's1' } }, { stripeAccount: account.id });
    expect(product.id).toMatch(/^prod_/);
    expect((await stripe.products.retrieve(product.id, {}, { stripeAccount: account.id })).metadata).toEqual({ siteId: 's1' });

    const fromPlatform = await stripe.products.retrieve(product.id).catch((error: unknown) => error);
    expect(fromPlatform).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(fromPlatform).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });

    const missingParam = await stripe.prices.create({ product: product.id, currency: 'usd' }, { stripeAccount: account.id }).catch((error: unknown) => error);
    expect(missingParam).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'unit_amount' });

    const unknown = await fetch(`${stripeServer.url}/v1/payouts`, { headers: { authorization: 'Bearer sk_test_local' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('Unrecognized request URL') } });

    const noKey = await fetch(`${stripeServer.url}/v1/products/${product.id}`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('updates prices and lists them by lookup key and product; replays an idempotent create', async () => {
    const account = await connectedAccount();
    const price = await monthlyPrice(account.id);
    const yearly = await stripe.prices.create({ product: idOf(price.product), unit_amount: 5000, currency: 'usd', recurring: { interval: 'year' }, lookup_key: 'gold-year' }, { stripeAccount: account.id });
    expect((await stripe.prices.list({ lookup_keys: ['gold-year'] }, { stripeAccount: account.id })).data.map((found) => found.id)).toEqual([yearly.id]);
    expect((await stripe.prices.list({ product: idOf(price.product) }, { stripeAccount: account.id })).data.map((found) => found.id).sort()).toEqual([price.id, yearly.id].sort());
    expect((await stripe.prices.update(price.id, { active: false }, { stripeAccount: account.id })).active).toBe(false);

    const first = await stripe.customers.create({ email: 'fan@example.test' }, { stripeAccount: account.id, idempotencyKey: 'same-key' });
    const second = await stripe.customers.create({ email: 'fan@example.test' }, { stripeAccount: account.id, idempotencyKey: 'same-key' });
    expect(second.id).toBe(first.id);
    expect((await stripe.customers.list({ email: 'fan@example.test' }, { stripeAccount: account.id })).data).toHaveLength(1);
  });

  it('checks out a subscription on the hosted page: customer, subscription, paid invoice, three webhooks in order', async () => {
    const account = await connectedAccount();
    const price = await monthlyPrice(account.id, 700);
    const deliveredBefore = stripeServer.deliveries.length;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        customer_email: 'fan@example.test',
        client_reference_id: 'membership-1',
        metadata: { siteId: 'site-1' },
        subscription_data: { metadata: { siteId: 'site-1' } },
        success_url: 'http://app.test/joined?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.test/cancel',
      },
      { stripeAccount: account.id },
    );
    expect(session.id).toMatch(/^cs_/);
    expect(session.url).toContain(stripeServer.url);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('7.00 USD / month');

    const declined = await submitFirstForm(session.url!, 'Decline card');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined');
    expect(received).toEqual([]);

    const paid = await submitFirstForm(session.url!, 'Pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/joined?session=${session.id}`);
    expect(received.map(({ event }) => event.type)).toEqual(['customer.subscription.created', 'checkout.session.completed', 'invoice.paid']);
    expect(received.every(({ event, endpoint }) => endpoint === 'connect' && event.account === account.id)).toBe(true);

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] }, { stripeAccount: account.id });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'membership-1', metadata: { siteId: 'site-1' } });
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', metadata: { siteId: 'site-1' }, application_fee_percent: null });
    const item = subscription.items.data[0]!;
    expect(item.price.id).toBe(price.id);
    const oneMonthLater = new Date(item.current_period_start * 1000);
    oneMonthLater.setUTCMonth(oneMonthLater.getUTCMonth() + 1);
    expect(item.current_period_end).toBe(oneMonthLater.getTime() / 1000);

    const customer = await stripe.customers.retrieve(idOf(completed.customer), {}, { stripeAccount: account.id });
    expect(customer).toMatchObject({ email: 'fan@example.test' });
    const invoice = await stripe.invoices.retrieve(idOf(subscription.latest_invoice), {}, { stripeAccount: account.id });
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 700, billing_reason: 'subscription_create', parent: { subscription_details: { subscription: subscription.id } } });

    const stored = await stripe.events.retrieve(received[1]!.event.id, {}, { stripeAccount: account.id });
    expect(stored.type).toBe('checkout.session.completed');
    expect(stripeServer.deliveries.slice(deliveredBefore).map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(stripeServer.requests.filter((request) => request.path === '/v1/checkout/sessions').map((request) => request.account)).toEqual([account.id]);
  });

  it('changes, renews, fails and cancels a subscription, and cancels at period end from the billing portal', async () => {
    const account = await connectedAccount();
    const price = await monthlyPrice(account.id);
    const better = await monthlyPrice(account.id, 900);
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price.id }], customer_email: 'fan@example.test', success_url: 'http://app.test/ok' }, { stripeAccount: account.id });
    await submitFirstForm(session.url!, 'Pay');
    const subscriptionId = String(stripeServer.object(session.id)!.subscription);
    received.length = 0;

    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {}, { stripeAccount: account.id });
    const changed = await stripe.subscriptions.update(subscriptionId, { items: [{ id: subscription.items.data[0]!.id, price: better.id }] }, { stripeAccount: account.id });
    expect(changed.items.data[0]!.price.id).toBe(better.id);

    const failed = await stripeServer.failNextInvoice(subscriptionId);
    expect(failed).toMatchObject({ status: 'open', amount_paid: 0, billing_reason: 'subscription_cycle' });
    expect(stripeServer.object(subscriptionId)).toMatchObject({ status: 'past_due' });
    const renewed = await stripeServer.renew(subscriptionId);
    expect(renewed).toMatchObject({ status: 'paid', amount_paid: 900 });
    expect(stripeServer.object(subscriptionId)).toMatchObject({ status: 'active' });

    const portal = await stripe.billingPortal.sessions.create({ customer: idOf(subscription.customer), return_url: 'http://app.test/account' }, { stripeAccount: account.id });
    expect(portal.id).toMatch(/^bps_/);
    expect(await (await fetch(portal.url)).text()).toContain('href="http://app.test/account"');
    const canceled = await submitFirstForm(portal.url, 'Cancel subscription');
    expect(canceled.status).toBe(303);
    expect(stripeServer.object(subscriptionId)).toMatchObject({ cancel_at_period_end: true, status: 'active' });

    const ended = await stripe.subscriptions.cancel(subscriptionId, {}, { stripeAccount: account.id });
    expect(ended.status).toBe('canceled');
    await stripeServer.idle();
    expect((await stripe.subscriptions.list({ customer: idOf(subscription.customer) }, { stripeAccount: account.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: idOf(subscription.customer), status: 'all' }, { stripeAccount: account.id })).data).toHaveLength(1);

    expect(received.map(({ event }) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
  });

  it('sends platform events to the platform endpoint and records a refused delivery', async () => {
    await stripeServer.emit('customer.created', { id: 'cus_platform', object: 'customer' });
    expect(received.map(({ event, endpoint }) => [event.type, endpoint, event.account])).toEqual([['customer.created', 'platform', undefined]]);

    stripeServer.setWebhooks({ platformWebhook: { url: stripeServer.deliveries[0]!.url, secret: 'whsec_wrong' } });
    await stripeServer.emit('customer.created', { id: 'cus_platform', object: 'customer' });
    expect(stripeServer.deliveries.map((delivery) => delivery.status)).toEqual([200, 400]);
  });
});
