/**
 * What the e2e tests of /earn and of the site's pages that take money share: a page's checks (it fits its width, no
 * serious axe violation, no console error, then its screenshot), a page signed in as a test client, and a creator
 * whose published site takes payments on a Stripe-connected account.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { paymentAccounts } from '../../db/money-schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from './accounts.ts';
import { axeScan } from './accessibility.ts';
import { unexpectedErrors, type E2eApp } from './e2e-app.ts';
import type { TestClient } from './http-client.ts';
import { screenshot } from './screenshots.ts';
import { insertSite, userIdOf } from './site-fixtures.ts';
import type { StripeServer } from './stripe-server.ts';

/** The checks of a page, each labelled with its screenshot's name, the screenshot going to `shots`. */
export function pageChecks(shots: string) {
  return async function checkPage(page: Page, errors: readonly string[], shot: string) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), shot).toBe(true);
    const results = await axeScan(page).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id), shot).toEqual([]);
    expect(unexpectedErrors(errors), shot).toEqual([]);
    await screenshot(page, `${shots}/${shot}.png`, { fullPage: true });
  };
}

/** A browser page at `width`, signed in as `client` (its session cookie). */
export async function signedInPage(app: E2eApp, client: TestClient, width: number) {
  const opened = await app.open({ width, height: 900 });
  const [name, value] = [...client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
  await opened.page.context().addCookies([{ name, value, url: app.server.url }]);
  return opened;
}

/** A creator with a published site whose connected Stripe account has finished onboarding (it takes payments). */
export async function connectedCreator({ app, stripe }: { app: E2eApp; stripe: StripeServer }, title: string) {
  const db = app.server.handle.db;
  const owner = await signUpVerified(app.server);
  const { site } = await insertSite(db, await userIdOf(db, owner.email), { title });
  const client = createStripeClient({ secretKey: stripe.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(stripe.url) });
  const account = await client.accounts.create({ type: 'standard' });
  await stripe.completeOnboarding(account.id);
  await db.insert(paymentAccounts).values({ siteId: site.id, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  return { owner, site };
}
