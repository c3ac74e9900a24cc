/**
 * Digital products in Chromium (DESIGN.md "More ways to be paid", docs/decisions/166): the creator makes one on /earn
 * from a PDF of the library (a problem shown under its field first), a visitor opens its page, buys it with an
 * address on the hosted Checkout and is thanked; the receipt's link lists the file. At 320 and 1280 px, no horizontal
 * scroll, no serious axe violation, no console error. Screenshots in /tmp/shots-products/.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paymentAccounts } from '../../db/money-schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { axeScan } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { unexpectedErrors, useE2eAppWithStripe } from '../support/e2e-app.ts';
import type { TestClient } from '../support/http-client.ts';
import { uploadBytes, waitForMedia } from '../support/media.ts';
import { screenshot } from '../support/screenshots.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';

const SHOTS = '/tmp/shots-products';

const e2e = chromiumAvailable ? useE2eAppWithStripe() : undefined;

async function checkPage(page: Page, errors: readonly string[], shot: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), shot).toBe(true);
  const results = await axeScan(page).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => violation.id), shot).toEqual([]);
  expect(unexpectedErrors(errors), shot).toEqual([]);
  await screenshot(page, `${SHOTS}/${shot}.png`, { fullPage: true });
}

async function signedIn(client: TestClient, width: number) {
  const { app } = e2e!;
  const opened = await app.open({ width, height: 900 });
  const [name, value] = [...client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
  await opened.page.context().addCookies([{ name, value, url: app.server.url }]);
  return opened;
}

/** A creator with a published site on a connected account, its free tier in dollars, and a PDF in the library. */
async function creator() {
  const { app, stripe } = e2e!;
  const db = app.server.handle.db;
  const owner = await signUpVerified(app.server);
  const { site } = await insertSite(db, await userIdOf(db, owner.email), { title: 'Night Recordings' });
  const client = createStripeClient({ secretKey: stripe.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripe.url) });
  const account = await client.accounts.create({ type: 'standard' });
  await stripe.completeOnboarding(account.id);
  await db.insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  const pdf = await uploadBytes(app.server.url, owner.client, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(20_000)]), 'field-guide.pdf', 'application/pdf');
  expect((await waitForMedia(owner.client, pdf)).status).toBe('ready');
  return { owner, site };
}

for (const width of [320, 1280]) {
  it.skipIf(!chromiumAvailable)(`a creator makes a product on /earn and a visitor buys it, at ${width} px`, async () => {
    const { app } = e2e!;
    const { owner, site } = await creator();
    const { page, errors } = await signedIn(owner.client, width);
    await page.goto(`${app.server.url}/earn#products`);
    await page.getByRole('heading', { name: 'Products', level: 2 }).waitFor();
    await page.getByText('No products yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Field guide <b>2</b>');
    await expect.poll(() => dialog.getByLabel('Address').inputValue()).toBe('field-guide-b-2-b');
    await dialog.getByLabel('Address').fill('field-guide');
    await dialog.getByLabel('Description (optional)').fill('Every bird of the valley.\n\nWith maps.');
    await dialog.getByLabel('Price (USD)').fill('0');
    await dialog.getByLabel('field-guide.pdf', { exact: false }).check();
    await dialog.getByRole('button', { name: 'Make product' }).click();
    await dialog.getByText('Type a price such as 12.00.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('product-price');
    await checkPage(page, errors, `${width}-1-form-problem`);
    await dialog.getByLabel('Price (USD)').fill('12');
    await dialog.getByRole('button', { name: 'Make product' }).click();
    await page.getByText('Field guide <b>2</b> is on sale.').waitFor();
    await page.getByText('No sales yet', { exact: true }).waitFor();
    await checkPage(page, errors, `${width}-2-list`);

    const visitor = await app.open({ width, height: 900 });
    await visitor.page.goto(`${app.server.url}/@${site.handle}/products/field-guide`);
    await visitor.page.getByRole('heading', { name: 'Field guide <b>2</b>', level: 1 }).waitFor();
    await visitor.page.getByText('$12.00').waitFor();
    await checkPage(visitor.page, visitor.errors, `${width}-3-product-page`);
    const email = uniqueEmail('reader');
    await visitor.page.getByLabel('Your e-mail').fill(email);
    await visitor.page.getByRole('button', { name: 'Buy' }).click();
    await visitor.page.waitForURL(`${e2e!.stripe.url}/hosted/checkout/**`);
    await visitor.page.getByRole('button', { name: 'Pay' }).click();
    await visitor.page.waitForURL(`${app.server.url}/@${site.handle}/products/field-guide?bought=1`);
    await visitor.page.getByText('Your receipt is on its way', { exact: false }).waitFor();
    await checkPage(visitor.page, visitor.errors, `${width}-4-thanks`);

    const receipt = await app.server.smtp.waitForMailAbout(email, 'download');
    await visitor.page.goto(receipt.links.find((link) => link.includes('/downloads?token='))!);
    await visitor.page.getByRole('link', { name: 'field-guide.pdf', exact: false }).waitFor();
    await checkPage(visitor.page, visitor.errors, `${width}-5-downloads`);

    await page.reload();
    await page.getByText('1 sale · $12.00 revenue').waitFor();
    await page.getByRole('button', { name: 'Sales' }).click();
    await page.getByText(email).waitFor();
    await page.context().close();
    await visitor.page.context().close();
  });
}
