/**
 * Digital products in Chromium (DESIGN.md "More ways to be paid", docs/decisions/166): the creator makes one on /earn
 * from a PDF of the library (a problem shown under its field first), a visitor opens its page, buys it with an
 * address on the hosted Checkout and is thanked; the receipt's link lists the file. At 320 and 1280 px, no horizontal
 * scroll, no serious axe violation, no console error. Screenshots in /tmp/shots-products/.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { useE2eAppWithStripe } from '../support/e2e-app.ts';
import { connectedCreator, pageChecks, signedInPage } from '../support/e2e-earn.ts';
import { uploadBytes, waitForMedia } from '../support/media.ts';

const SHOTS = '/tmp/shots-products';

const e2e = chromiumAvailable ? useE2eAppWithStripe() : undefined;
const checkPage = pageChecks(SHOTS);

/** A creator with a published site on a connected account, its free tier in dollars, and a PDF in the library. */
async function creator() {
  const { app } = e2e!;
  const made = await connectedCreator(e2e!, 'Night Recordings');
  const pdf = await uploadBytes(app.server.url, made.owner.client, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(20_000)]), 'field-guide.pdf', 'application/pdf');
  expect((await waitForMedia(made.owner.client, pdf)).status).toBe('ready');
  return made;
}

for (const width of [320, 1280]) {
  it.skipIf(!chromiumAvailable)(`a creator makes a product on /earn and a visitor buys it, at ${width} px`, async () => {
    const { app } = e2e!;
    const { owner, site } = await creator();
    const { page, errors } = await signedInPage(app, owner.client, width);
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
