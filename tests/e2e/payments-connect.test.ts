/**
 * Connecting Stripe in Chromium: the creator opens Settings > Advanced,
 * clicks "Connect Stripe", completes the Stripe-protocol server's hosted
 * onboarding page, comes back and sees the account ready. Screenshots at 375
 * and 1280 px go to /tmp/shots-stripe/.
 */
import { mkdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { unexpectedErrors, useE2eAppWithStripe } from '../support/e2e-app.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-stripe';

describe.skipIf(!chromiumAvailable)('connecting Stripe in Chromium', () => {
  const e2e = useE2eAppWithStripe();
  const { app } = e2e;
  beforeAll(async () => {
    await mkdir('/tmp/shots-polish', { recursive: true });
  });

  let handles = 0;

  /** A verified creator with a site, signed in on a new page at /settings/advanced. */
  async function openAsCreator(width: number) {
    const account = await signUpVerified(app.server);
    const { db } = app.server.handle;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    handles += 1;
    await db.insert(sites).values({ ownerId: user!.id, handle: `stripe-${process.pid}-${handles}`, title: 'Stripe test' });
    const opened = await app.open({ width, height: 900 });
    const [name, value] = [...account.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await opened.page.context().addCookies([{ name, value, url: app.server.url }]);
    await opened.page.goto(`${app.server.url}/settings/advanced`);
    await opened.page.getByRole('heading', { name: 'Advanced settings', level: 1 }).waitFor();
    return opened;
  }

  async function connectAndOnboard(page: Page, width: number) {
    await page.getByRole('button', { name: 'Connect Stripe' }).waitFor();
    await expect(page.getByText('We take a 0% cut.', { exact: false }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/${width}-1-connect.png`, { fullPage: true });

    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await page.waitForURL(`${e2e.stripe.url}/hosted/onboarding/**`);
    await screenshot(page, `${SHOTS}/${width}-2-stripe-onboarding.png`);
    await page.getByRole('button', { name: 'Complete onboarding' }).click();

    await page.waitForURL(`${app.server.url}/settings/advanced?stripe=return`);
    await page.getByText('Ready: your Stripe account takes payments').waitFor();
    await page.getByText('Back from Stripe').waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/${width}-3-ready.png`, { fullPage: true });
  }

  it('connects, onboards on the hosted page and comes back ready (1280 px)', async () => {
    const { page, errors } = await openAsCreator(1280);
    await connectAndOnboard(page, 1280);
    await expect(page.getByRole('link', { name: /Open your Stripe dashboard/ }).getAttribute('href')).resolves.toBe('https://dashboard.stripe.com');
    expect(e2e.stripe.deliveries.filter((delivery) => delivery.type === 'account.updated').map((delivery) => delivery.status)).toContain(200);

    await page.goto(`${app.server.url}/dashboard/overview`);
    await page.getByRole('link', { name: 'Your Stripe account takes payments: see Settings > Advanced' }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('shows what Stripe still needs while onboarding, and works on a phone (375 px)', async () => {
    const { page, errors } = await openAsCreator(375);
    // Start onboarding, then leave Stripe's page without finishing it.
    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await page.waitForURL(`${e2e.stripe.url}/hosted/onboarding/**`);
    await page.goto(`${app.server.url}/settings/advanced`);
    await page.getByText('Onboarding in progress').waitFor();
    await page.getByText('a bank account for payouts').waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/375-0-in-progress.png`, { fullPage: true });

    await page.getByRole('button', { name: 'Continue onboarding' }).click();
    await page.waitForURL(`${e2e.stripe.url}/hosted/onboarding/**`);
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL(`${app.server.url}/settings/advanced?stripe=return`);
    await page.getByText('Ready: your Stripe account takes payments').waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/375-3-ready.png`, { fullPage: true });
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('keeps the setting on failed renewals in the Payments card, on by default, saved on its own', async () => {
    const { page, errors } = await openAsCreator(375);
    const payments = page.getByRole('region', { name: 'Payments' });
    const setting = payments.getByRole('checkbox', { name: 'Keep access while a payment is retried' });
    await setting.waitFor();
    expect(await setting.isChecked()).toBe(true);
    await payments.getByText('This is on unless you turn it off').waitFor();
    await setting.uncheck();
    await payments.getByRole('button', { name: 'Save' }).click();
    await payments.getByText('Your payment setting is saved.').waitFor();
    const { db } = app.server.handle;
    const [site] = await db.select({ pastDueAccess: sites.pastDueAccess }).from(sites).where(eq(sites.handle, `stripe-${process.pid}-${handles}`));
    expect(site!.pastDueAccess).toBe(false);
    await expectAccessible(page);
    await screenshot(page, '/tmp/shots-polish/past-due-setting-375.png', { fullPage: true });

    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'Keep access while a payment is retried' }).isChecked()).toBe(false);
    await page.goto(`${app.server.url}/settings/general`);
    await page.getByRole('heading', { name: 'Site details' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Keep access while a payment is retried' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
