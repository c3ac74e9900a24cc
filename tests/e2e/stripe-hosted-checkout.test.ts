/**
 * The hosted Checkout page of the Stripe-protocol test server in Chromium, as
 * the e2e journeys of one-time payments (gifts, tips, products) use it: a
 * session with no e-mail asks for one, "Decline card" leaves it open, "Pay"
 * completes it and lands on the success URL; the page passes axe at 320 px.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable, launchChromium, openPage } from '../support/browser.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';

describe.skipIf(!chromiumAvailable)('the hosted Checkout page in Chromium', () => {
  let stripeServer: StripeServer;
  let stripe: Stripe;
  let shop: Server;
  let shopUrl: string;

  beforeAll(async () => {
    stripeServer = await startStripeServer();
    stripe = createStripeClient({ secretKey: stripeServer.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripeServer.url) });
    // Stands for the app's page Checkout returns to.
    shop = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><title>Thanks</title><link rel="icon" href="data:,"><h1>Thanks</h1></html>'));
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', () => resolve()));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await stripeServer.close();
    await new Promise<void>((resolve) => shop.close(() => resolve()));
  });

  it('asks who pays, declines, then pays a one-time amount and returns to the success URL', async () => {
    const account = (await stripe.accounts.create({ type: 'standard' })).id;
    await stripeServer.completeOnboarding(account);
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ price_data: { currency: 'eur', unit_amount: 450, product_data: { name: 'A tip for <Ada>' } }, quantity: 1 }],
        customer_creation: 'always',
        success_url: `${shopUrl}/thanks?session={CHECKOUT_SESSION_ID}`,
      },
      { stripeAccount: account },
    );
    const browser = await launchChromium();
    try {
      const { page, errors } = await openPage(browser, { width: 320, height: 640 });
      await page.goto(session.url!);
      expect(await page.getByTestId('total').textContent()).toBe('4.50 EUR');
      expect(await page.getByText('A tip for <Ada>').count()).toBe(1);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Decline card' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('declined');
      expect((await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account })).status).toBe('open');

      await page.goto(session.url!);
      await page.getByLabel('E-mail').fill('ada@example.test');
      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${shopUrl}/thanks?session=${session.id}`);

      const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] }, { stripeAccount: account });
      expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 450, customer_details: { email: 'ada@example.test', name: 'Ada Lovelace' } });
      expect(completed.customer).toMatchObject({ email: 'ada@example.test', name: 'Ada Lovelace' });
      // The decline answered 402 on purpose: that failed request is the only one.
      expect(errors.filter((error) => !error.includes('402'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
