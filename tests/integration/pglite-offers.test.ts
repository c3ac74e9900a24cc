/**
 * Offers on the embedded database, as `npm start` runs them: PGlite has one connection, so the offer's row lock,
 * the seat's count and the coupon made inside the offer's transaction must each go through that transaction, or the
 * request waits forever (pglite-money.test.ts says why). A rush of claims on a limited offer and a paid claim's
 * webhook are run here; the rest of the offers' faults run on Postgres (offers.test.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView } from '../../common/api/offers.ts';
import type { TierView } from '../../common/api/tiers.ts';
import { offerRedemptions, offers } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from '../support/accounts.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let stripeServer: StripeServer;
let server: TestServer;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  server = await startTestServer({ env: stripeServer.env, embeddedDatabase: true });
  stripeServer.useApp(server.url);
});

afterAll(async () => {
  await server?.stop();
  await stripeServer?.close();
});

describe('offers on the embedded database', () => {
  it('makes an offer with its coupon, holds its limit under a rush, and counts a paid claim once', async () => {
    expect(server.database.kind).toBe('pglite');
    const db = server.handle.db;
    const stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
    const owner = await signUpVerified(server);
    const { site } = await insertSite(db, await userIdOf(db, owner.email));
    const account = await stripe.accounts.create({ type: 'standard' });
    await stripeServer.completeOnboarding(account.id);
    await db.insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    const tier = (await owner.client.post<{ tier: TierView }>('/api/tiers', { name: 'Supporter', monthlyPrice: 500, currency: 'usd' })).body.tier;
    const made = await owner.client.post<{ offer: OfferView }>('/api/offers', { tierId: tier.id, name: 'Two only', code: 'two-only', kind: 'percent', percentOff: 50, redemptionLimit: 2 });
    expect(made.status, made.text).toBe(201);

    const fans = await Promise.all([0, 1, 2, 3].map(() => signUpVerified(server)));
    const rush = await Promise.all(fans.map((fan) => fan.client.post<{ url: string }>(`/api/sites/${site.handle}/offers/two-only/checkout`, {})));
    expect(rush.map((answer) => answer.status).sort()).toEqual([200, 200, 409, 409]);

    const paid = rush.find((answer) => answer.status === 200)!;
    expect((await fetch(`${paid.body.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await stripeServer.idle();
    const [offer] = await db.select().from(offers).where(eq(offers.id, made.body.offer.id));
    expect(offer).toMatchObject({ redemptions: 1 });
    const seats = await db.select().from(offerRedemptions).where(eq(offerRedemptions.offerId, offer!.id));
    expect(seats.map((seat) => seat.status).sort()).toEqual(['held', 'redeemed']);
  });
});
