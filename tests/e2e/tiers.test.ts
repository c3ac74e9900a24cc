/**
 * The Tiers card of /settings/advanced in Chromium at phone width (issue 10,
 * item 2), against the Stripe-protocol server: before payments are connected
 * a paid tier is refused with the reason; once connected the creator makes a
 * paid tier with monthly and yearly prices and benefits, edits its price (a
 * new Stripe price, the old one archived), reorders two tiers from the
 * keyboard and archives one; the free tier cannot be archived. No serious axe
 * violation; screenshots in /tmp/shots-polish/.
 */
import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tiers } from '../../db/content-schema.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { unexpectedErrors, useE2eAppWithStripe } from '../support/e2e-app.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-polish';

describe.skipIf(!chromiumAvailable)('the Tiers card in Chromium', () => {
  const e2e = useE2eAppWithStripe();
  const { app } = e2e;

  /** A JSON call from the signed-in page, as the studio makes it. */
  function apiFrom(page: Page, method: string, path: string, body: unknown) {
    return page.evaluate(
      async ({ method, path, body }) => {
        const response = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
      },
      { method, path, body },
    );
  }

  it('refuses a paid tier before payments, then makes, edits, reorders and archives paid tiers; the free tier stays', async () => {
    const { db } = app.server.handle;
    const account = await signUpVerified(app.server);
    const { site, freeTier } = await insertSite(db, await userIdOf(db, account.email), { publishedAt: null });
    const tiersOf = () => db.select().from(tiers).where(eq(tiers.siteId, site.id)).orderBy(asc(tiers.position), asc(tiers.createdAt));

    const { page, errors } = await app.open({ width: 375, height: 900 });
    const [name, value] = [...account.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await page.context().addCookies([{ name, value, url: app.server.url }]);
    await page.goto(`${app.server.url}/settings/advanced`);
    const card = page.getByRole('region', { name: 'Tiers' });
    const names = () => card.locator('.tiers-list__name').allTextContents();
    await card.getByText('Connect Stripe in Payments above to offer paid tiers.').waitFor();

    // Without payments: the button is off and the API says why.
    expect(await card.getByRole('button', { name: 'Add a paid tier' }).isDisabled()).toBe(true);
    const refused = await apiFrom(page, 'POST', '/api/tiers', { name: 'Supporter', monthlyPrice: 500, currency: 'usd' });
    expect(refused).toEqual({ status: 409, body: { error: expect.objectContaining({ code: 'payments-not-ready', message: SERVER_MESSAGES['payments-not-ready'] }) } });
    expect(await names()).toEqual(['Free']);

    // Connecting through Stripe's hosted onboarding page.
    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await page.waitForURL(`${e2e.stripe.url}/hosted/onboarding/**`);
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL(`${app.server.url}/settings/advanced?stripe=return`);
    await page.getByText('Ready: your Stripe account takes payments').waitFor();
    expect(await card.getByText('Connect Stripe in Payments above').count()).toBe(0);

    const dialog = page.getByRole('dialog');
    async function addTier(tierName: string, prices: { monthly: string; yearly: string }, benefits: string) {
      await card.getByRole('button', { name: 'Add a paid tier' }).click();
      await dialog.getByLabel('Name').fill(tierName);
      await dialog.getByLabel('Description').fill(`The ${tierName} tier`);
      // The limits of common/tiers.ts, shown as the creator types rather than found by being cut off.
      await dialog.getByText(`${tierName.length} / 60`).waitFor();
      await dialog.getByText(`${`The ${tierName} tier`.length} / 500`).waitFor();
      await dialog.getByLabel('Benefits').fill(benefits);
      await dialog.getByLabel('Monthly price').fill(prices.monthly);
      await dialog.getByLabel('Yearly price').fill(prices.yearly);
      await dialog.getByRole('button', { name: 'Save tier' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await card.getByText(`${tierName} saved.`).waitFor();
    }
    await addTier('Supporter', { monthly: '5.00', yearly: '50.00' }, 'Early access\nBonus episodes');
    await card.getByText('$5 a month or $50 a year').waitFor();
    await card.getByText('Early access · Bonus episodes').waitFor();
    const [, made] = await tiersOf();
    expect(made).toMatchObject({ name: 'Supporter', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd', benefits: ['Early access', 'Bonus episodes'] });
    const firstMonthly = made!.stripeMonthlyPriceId!;
    expect(e2e.stripe.object(firstMonthly)).toMatchObject({ unit_amount: 500, currency: 'usd', active: true, recurring: expect.objectContaining({ interval: 'month' }) });
    expect(e2e.stripe.object(made!.stripeYearlyPriceId!)).toMatchObject({ unit_amount: 5000, recurring: expect.objectContaining({ interval: 'year' }) });

    // A new monthly price: Stripe gets a new Price and the old one is archived, never edited.
    await card.getByRole('button', { name: 'Edit Supporter' }).click();
    await dialog.getByLabel('Monthly price').fill('6.00');
    await dialog.getByRole('button', { name: 'Save tier' }).click();
    // The dialog's own preview shows the new price at once: the row shows it once the dialog has closed.
    await dialog.waitFor({ state: 'hidden' });
    await card.getByRole('listitem').filter({ hasText: '$6 a month or $50 a year' }).waitFor();
    const [, edited] = await tiersOf();
    expect(edited!.stripeMonthlyPriceId).not.toBe(firstMonthly);
    expect(edited!.stripeYearlyPriceId).toBe(made!.stripeYearlyPriceId);
    expect(e2e.stripe.object(edited!.stripeMonthlyPriceId!)).toMatchObject({ unit_amount: 600, active: true });
    expect(e2e.stripe.object(firstMonthly)).toMatchObject({ unit_amount: 500, active: false });
    expect(e2e.stripe.requests.filter((request) => request.path === `/v1/prices/${firstMonthly}`).map((request) => request.body)).toContainEqual(expect.objectContaining({ active: 'false' }));

    // Reordering from the keyboard: focus stays on the moved tier's button.
    await addTier('Patron', { monthly: '10.00', yearly: '' }, 'Everything');
    expect(await names()).toEqual(['Free', 'Supporter', 'Patron']);
    await card.getByRole('button', { name: 'Move Patron up' }).focus();
    await page.keyboard.press('Enter');
    await card.getByText('Patron moved up.').waitFor();
    expect(await names()).toEqual(['Free', 'Patron', 'Supporter']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Patron up');
    expect((await tiersOf()).map((tier) => tier.name)).toEqual(['Free', 'Patron', 'Supporter']);

    // Archiving, after a confirmation; its prices close on Stripe.
    const supporterRow = card.getByRole('listitem').filter({ hasText: 'Supporter' });
    await supporterRow.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alertdialog', { name: 'Archive Supporter?' }).getByRole('button', { name: 'Archive' }).click();
    await card.getByText('Supporter is archived. Its members keep it.').waitFor();
    await supporterRow.getByText('Archived').waitFor();
    expect((await tiersOf()).find((tier) => tier.name === 'Supporter')!.active).toBe(false);
    expect(e2e.stripe.object(edited!.stripeMonthlyPriceId!)).toMatchObject({ active: false });

    // The free tier has nothing to archive it with, and the API refuses it too.
    const freeRow = card.getByRole('listitem').filter({ hasText: 'Free' }).first();
    expect(await freeRow.getByRole('button', { name: /Archive/ }).count()).toBe(0);
    const kept = await apiFrom(page, 'PATCH', `/api/tiers/${freeTier.id}`, { active: false });
    expect(kept).toEqual({ status: 409, body: { error: expect.objectContaining({ code: 'free-tier-fixed', message: SERVER_MESSAGES['free-tier-fixed'] }) } });
    expect((await tiersOf())[0]).toMatchObject({ id: freeTier.id, active: true });

    await expectAccessible(page);
    await screenshot(card, `${SHOTS}/tiers-375.png`);
    // The two refusals above are the browser's network log, on purpose.
    expect(unexpectedErrors(errors, [409])).toEqual([]);
  });
});
