/**
 * A self-hosting creator gets paid with their own Stripe key, in Chromium, on
 * a server with no operator Stripe settings (issue 29 "Done when" 1): Settings
 * > Advanced offers "Connect Stripe with your key"; a publishable key is
 * refused under the field; a good key connects and names the account; a paid
 * tier is created on it; a revoked key is said plainly; Disconnect asks first,
 * and is refused in words while a member still pays.
 * Screenshots at 375 and 1280 px go to /tmp/shots-own-key/ with SCREENSHOTS=1.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { unexpectedErrors, useE2eAppWithOwnKeys } from '../support/e2e-app.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-own-key';

describe.skipIf(!chromiumAvailable)('Stripe with the creator’s own key, in Chromium', () => {
  const own = useE2eAppWithOwnKeys();
  const app = own.app;

  let handles = 0;
  async function openAsCreator(width: number) {
    const account = await signUpVerified(app.server);
    const { db } = app.server.handle;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    handles += 1;
    const handle = `own-key-${process.pid}-${handles}`;
    // Published, so fans may join it.
    await db.insert(sites).values({ ownerId: user!.id, handle, title: 'Own key', publishedAt: new Date() });
    const opened = await app.open({ width, height: 900 });
    const [name, value] = [...account.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await opened.page.context().addCookies([{ name, value, url: app.server.url }]);
    await opened.page.goto(`${app.server.url}/settings/advanced`);
    await opened.page.getByRole('heading', { name: 'Advanced settings', level: 1 }).waitFor();
    return { ...opened, account, handle };
  }

  for (const width of [1280, 375]) {
    it(`pastes a key, is refused a publishable one, connects and creates a paid tier (${width} px)`, async () => {
      const { page, errors } = await openAsCreator(width);
      const key = own.stripe.createAccountKey({ name: 'Ada Writes' });
      await page.getByRole('heading', { name: 'Connect Stripe with your key' }).waitFor();
      const field = page.getByLabel('Secret or restricted key');
      expect(await field.getAttribute('type')).toBe('password');
      await expectAccessible(page);
      await screenshot(page, `${SHOTS}/${width}-1-paste-key.png`, { fullPage: true });

      await field.fill(key.publishableKey);
      await page.getByRole('button', { name: 'Connect Stripe' }).click();
      const problem = page.locator('#stripe-secret-key-error');
      await problem.getByText('publishable key', { exact: false }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('stripe-secret-key');
      await screenshot(page, `${SHOTS}/${width}-2-publishable-refused.png`, { fullPage: true });

      await field.fill(key.secretKey);
      await page.getByRole('button', { name: 'Connect Stripe' }).click();
      await page.getByText('Connected: Ada Writes').waitFor();
      await page.getByText('Stripe is connected. You can now offer paid tiers.').waitFor();
      await page.getByText(`Stripe account ${key.accountId}`).waitFor();
      await expectAccessible(page);
      await screenshot(page, `${SHOTS}/${width}-3-connected.png`, { fullPage: true });

      const card = page.getByRole('region', { name: 'Tiers' });
      const dialog = page.getByRole('dialog');
      await card.getByRole('button', { name: 'Add a paid tier' }).click();
      await dialog.getByLabel('Name').fill('Supporter');
      await dialog.getByLabel('Monthly price').fill('5.00');
      await dialog.getByLabel('Yearly price').fill('50.00');
      await dialog.getByRole('button', { name: 'Save tier' }).click();
      await card.getByRole('listitem').filter({ hasText: '$5 a month or $50 a year' }).waitFor();
      await screenshot(page, `${SHOTS}/${width}-4-paid-tier.png`, { fullPage: true });
      // Made on the creator's own account, with the creator's key (no Connect header).
      const made = own.stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/prices' && request.body.unit_amount === '500');
      expect(made.at(-1)?.account).toBeUndefined();

      expect(unexpectedErrors(errors, [400])).toEqual([]);
    });
  }

  for (const width of [375, 1280]) {
    it(`refuses to disconnect while a member pays, saying how many and what to do first (${width} px)`, async () => {
      const { page, errors, account, handle } = await openAsCreator(width);
      const key = own.stripe.createAccountKey({ name: 'Paid Studio' });
      await page.getByLabel('Secret or restricted key').fill(key.secretKey);
      await page.getByRole('button', { name: 'Connect Stripe' }).click();
      await page.getByText('Connected: Paid Studio').waitFor();
      // A paid tier and a fan who pays for it, as the studio and the join page would make them.
      const tier = await account.client.post<{ tier: { id: string } }>('/api/tiers', { name: 'Supporter', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd' });
      expect(tier.status, tier.text).toBe(201);
      const fan = await signUpVerified(app.server);
      const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${handle}/join`, { tierId: tier.body.tier.id, cadence: 'month' });
      expect(joined.status, joined.text).toBe(200);
      expect((await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      await own.stripe.idle();

      await page.getByRole('button', { name: 'Disconnect' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Disconnect Stripe?' });
      await confirm.getByText('While any member still pays through this account, Stripe stays connected').waitFor();
      await confirm.getByRole('button', { name: 'Disconnect Stripe' }).click();
      await confirm.getByText('One member still pays through this Stripe account').waitFor();
      await confirm.getByText('Remove member, “Ends now”', { exact: false }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `${SHOTS}/${width}-7-disconnect-refused.png`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await page.getByText('Connected: Paid Studio').waitFor();
      expect(own.stripe.webhookEndpoints(key.accountId)).toHaveLength(1);
      expect(unexpectedErrors(errors, [409])).toEqual([]);
    });
  }

  it('says a revoked key no longer works, takes a new one, and disconnects after asking (375 px)', async () => {
    const { page, errors } = await openAsCreator(375);
    const key = own.stripe.createAccountKey({ name: 'Revoked Studio' });
    await page.getByLabel('Secret or restricted key').fill(key.secretKey);
    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await page.getByText('Connected: Revoked Studio').waitFor();

    own.stripe.revokeKey(key.secretKey);
    await page.reload();
    await page.getByText('Stripe no longer accepts your key').waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/375-5-key-refused.png`, { fullPage: true });
    await page.getByLabel('Secret or restricted key').fill(own.stripe.createAccountKey({ account: key.accountId }).secretKey);
    await page.getByRole('button', { name: 'Save the new key' }).click();
    await page.getByText('Connected: Revoked Studio').waitFor();

    await page.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect Stripe?' });
    await confirm.waitFor();
    await screenshot(page, `${SHOTS}/375-6-disconnect.png`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Connected: Revoked Studio').waitFor();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await confirm.getByRole('button', { name: 'Disconnect Stripe' }).click();
    await page.getByText('Stripe is disconnected. Your key is forgotten.').waitFor();
    await page.getByLabel('Secret or restricted key').waitFor();
    expect(own.stripe.webhookEndpoints(key.accountId)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
