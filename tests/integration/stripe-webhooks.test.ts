/**
 * POST /api/webhooks/stripe and /api/webhooks/stripe-connect on the real app,
 * with events sent and signed by the Stripe-protocol server: the signature is
 * checked on the raw bytes, each event is applied once, and a handler that
 * fails leaves nothing recorded so Stripe's retry applies it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAccounts, stripeEvents } from '../../db/money-schema.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { startStripeServer, stripeSignature, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripe: StripeServer;
let server: TestServer;
let creator: Creator;

beforeAll(async () => {
  stripe = await startStripeServer();
  server = await startTestServer({ env: stripe.env });
  stripe.useApp(server.url);
  creator = await creatorWithSite(server);
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

/** Signs as Stripe does, now (the Stripe-protocol server's own signer). */
const sign = (payload: string, secret: string): string => stripeSignature(secret, Math.floor(Date.now() / 1000), payload);

/** Posts a payload the way Stripe does: no cookie, no Origin, or one from elsewhere when asked. */
async function deliver(path: string, payload: string, signature: string | undefined, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}), ...headers },
    body: payload,
  });
}

async function recorded(id: string) {
  return server.handle.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
}

/** A connected account for the creator's site, made through the app, still onboarding. */
async function connectedAccount(): Promise<string> {
  const connect = await creator.client.post<{ url: string }>('/api/payments/connect');
  expect(connect.status, connect.text).toBe(200);
  const [row] = await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, creator.siteId));
  return row!.stripeAccountId;
}

describe('Stripe webhooks', () => {
  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'account.updated', account: 'acct_x', data: { object: {} } });
    const forged = await deliver('/api/webhooks/stripe-connect', payload, sign(payload, 'whsec_not_ours'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { code: 'invalid-signature' } });
    const unsigned = await deliver('/api/webhooks/stripe-connect', payload, undefined);
    expect(unsigned.status).toBe(400);
    const tampered = await deliver('/api/webhooks/stripe-connect', payload.replace('acct_x', 'acct_y'), sign(payload, stripe.secrets.connect));
    expect(tampered.status).toBe(400);
    // The platform endpoint has its own secret: the Connect one does not open it.
    const wrongEndpoint = await deliver('/api/webhooks/stripe', payload, sign(payload, stripe.secrets.connect));
    expect(wrongEndpoint.status).toBe(400);
    expect(await recorded('evt_forged')).toEqual([]);
  });

  it('applies account.updated to the site payment account, once, however often Stripe sends it', async () => {
    const accountId = await connectedAccount();
    await stripe.completeOnboarding(accountId);
    const delivery = stripe.deliveries.find((entry) => entry.type === 'account.updated' && entry.account === accountId)!;
    expect(delivery.status, delivery.body).toBe(200);
    const [row] = await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.stripeAccountId, accountId));
    expect(row).toMatchObject({ chargesEnabled: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [] });
    expect(await recorded(delivery.eventId)).toEqual([expect.objectContaining({ type: 'account.updated', account: accountId })]);

    // A replay of the same event with stale data changes nothing: it was applied already.
    const event = stripe.object(delivery.eventId)!;
    (event.data as { object: Record<string, unknown> }).object.charges_enabled = false;
    const payload = JSON.stringify(event);
    const replay = await deliver('/api/webhooks/stripe-connect', payload, sign(payload, stripe.secrets.connect));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'replayed' });
    const [after] = await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.stripeAccountId, accountId));
    expect(after!.chargesEnabled).toBe(true);
  });

  it('leaves an event unrecorded when its handler fails, so the retry applies it', async () => {
    const accountId = (await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, creator.siteId)))[0]?.stripeAccountId ?? (await connectedAccount());
    // A real failure inside the handler's transaction: the database refuses the update.
    await server.handle.db.execute(`CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await server.handle.db.execute(`CREATE TRIGGER refuse_update BEFORE UPDATE ON payment_accounts FOR EACH ROW EXECUTE FUNCTION refuse_update()`);
    const account = await stripe.updateAccount(accountId, { requirements: { currently_due: ['external_account'] } });
    const event = stripe.object(stripe.deliveries.at(-1)!.eventId)!;
    expect((event.data as { object: { id: string } }).object.id).toBe(account.id);
    expect(stripe.deliveries.at(-1)).toMatchObject({ eventId: event.id, status: 500 });
    expect(await recorded(event.id)).toEqual([]);

    await server.handle.db.execute(`DROP TRIGGER refuse_update ON payment_accounts`);
    await server.handle.db.execute(`DROP FUNCTION refuse_update()`);
    const payload = JSON.stringify(event);
    const retry = await deliver('/api/webhooks/stripe-connect', payload, sign(payload, stripe.secrets.connect));
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await recorded(event.id)).toHaveLength(1);
    const [row] = await server.handle.db.select().from(paymentAccounts).where(eq(paymentAccounts.stripeAccountId, accountId));
    expect(row!.requirementsDue).toEqual(['external_account']);
  });

  it('verifies the raw bytes, odd whitespace and all, with no session and from another origin', async () => {
    const payload = `{\n   "id" :  "evt_spacey",\t"object":"event", "type":"customer.created",\n"data": {"object": {"id": "cus_1", "object": "customer"}}  }\n\n`;
    const response = await deliver('/api/webhooks/stripe', payload, sign(payload, stripe.secrets.platform), { origin: 'https://evil.example' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
    // An event type nobody handles is recorded and ignored.
    expect(await recorded('evt_spacey')).toEqual([expect.objectContaining({ type: 'customer.created', account: null })]);
  });

  it('sends platform events to the platform endpoint', async () => {
    const event = await stripe.emit('invoice.created', { id: 'in_platform', object: 'invoice' });
    expect(stripe.deliveries.at(-1)).toMatchObject({ eventId: event.id, status: 200, url: `${server.url}/api/webhooks/stripe` });
    expect(await recorded(event.id)).toEqual([expect.objectContaining({ account: null })]);
  });

  it('answers 404 when the server has no Stripe, and 503 when an endpoint has no signing secret', async () => {
    const bare = await startTestServer({ shareWith: server });
    const noSecret = await startTestServer({ shareWith: server, env: { STRIPE_SECRET_KEY: stripe.env.STRIPE_SECRET_KEY!, STRIPE_API_URL: stripe.url } });
    try {
      const payload = JSON.stringify({ id: 'evt_nowhere', object: 'event', type: 'customer.created', data: { object: {} } });
      const withoutStripe = await fetch(`${bare.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, stripe.secrets.platform) }, body: payload });
      expect(withoutStripe.status).toBe(404);
      const withoutSecret = await fetch(`${noSecret.url}/api/webhooks/stripe-connect`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, stripe.secrets.connect) }, body: payload });
      expect(withoutSecret.status).toBe(503);
      expect(await withoutSecret.json()).toMatchObject({ error: { code: 'payments-not-configured' } });
      expect(await recorded('evt_nowhere')).toEqual([]);
    } finally {
      await noSecret.stop();
      await bare.stop();
    }
  });
});
