/**
 * Upgrades and downgrades in Chromium (docs/decisions/112): Recent Activity
 * labels them and filters to each, the overview's latest five show them, and
 * the member's history says the same words. Every change is made through the
 * app (docs/decisions/125): fans pay through Checkout on the Stripe-protocol
 * server and move price in Stripe, whose webhooks reach the app; a comp ends
 * when the app's clock passes its date. Screenshots at 375 and 1280 px go to
 * /tmp/shots-activity-dir/.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MembersAnswer } from '../../common/api/members.ts';
import type { TierView } from '../../common/api/tiers.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { createStripeClient } from '../../server/payments/stripe-client.ts';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eAppWithStripe } from '../support/e2e-app.ts';
import { insertTiers } from '../support/members-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-activity-dir';
const DAY_MS = 86_400_000;

async function adoptSession(page: Page, who: Creator, url: string) {
  const [name, value] = [...who.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
const types = (page: Page) => page.locator('.activity-list__type').allTextContents();

describe.skipIf(!chromiumAvailable)('upgrades and downgrades in Chromium', () => {
  // The app's clock keeps real time, and jumps ahead for a comp's date to pass.
  let ahead = 0;
  const e2e = useE2eAppWithStripe({ clock: () => new Date(Date.now() + ahead) });
  const { app } = e2e;

  it('labels and filters them on Recent Activity, the overview and the member page, at 1280 and 375 px', async () => {
    const db = app.server.handle.db;
    const creator = await creatorWithSite(app.server);
    const siteTiers = await insertTiers(db, creator.siteId);
    const stripe = createStripeClient({ secretKey: e2e.stripe.env.STRIPE_SECRET_KEY!, webhookSecret: undefined, connectWebhookSecret: undefined, apiUrl: new URL(e2e.stripe.url) });
    const account = await stripe.accounts.create({ type: 'standard' });
    await e2e.stripe.completeOnboarding(account.id);
    await db.insert(paymentAccounts).values({ siteId: creator.siteId, stripeAccountId: account.id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    const paidTier = async (name: string, monthlyPrice: number) => {
      const created = await creator.client.post<{ tier: TierView }>('/api/tiers', { name, monthlyPrice, currency: 'usd' });
      expect(created.status, created.text).toBe(201);
      return created.body.tier.id;
    };
    const supporter = await paidTier('Supporter', 500);
    const patron = await paidTier('Patron', 1000);
    const letters = await paidTier('Letters', 1000);
    const memberOf = async (email: string) => (await creator.client.get<MembersAnswer>(`/api/members?q=${encodeURIComponent(email)}`)).body.members[0]!;

    /** A new fan pays for the tier monthly on the hosted Checkout page. */
    async function paying(tierId: string) {
      const fan = await signUpVerified(app.server);
      const joined = await fan.client.post<{ checkoutUrl: string }>(`/api/sites/${creator.handle}/join`, { tierId, cadence: 'month' });
      expect(joined.status, joined.text).toBe(200);
      expect((await fetch(`${joined.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      await e2e.stripe.idle();
      return fan;
    }

    /** The fan's subscription moves to the tier's monthly price in Stripe (the billing portal, or the creator in Stripe's dashboard). */
    async function switchTo(email: string, tierId: string) {
      const [row] = await db
        .select({ subscriptionId: memberships.stripeSubscriptionId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.siteId, creator.siteId), eq(users.email, email)));
      const [target] = await db.select({ price: tiers.stripeMonthlyPriceId }).from(tiers).where(eq(tiers.id, tierId));
      const subscriptionId = row!.subscriptionId!;
      const item = (e2e.stripe.object(subscriptionId) as unknown as { items: { data: [{ id: string }] } }).items.data[0];
      await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: target!.price! }] }, { stripeAccount: account.id });
      await e2e.stripe.idle();
    }

    // The joins first (two paid, one free and comped on Gold until tomorrow), then the three moves, so they are the latest five's.
    const risingFan = await paying(supporter);
    const sidewaysFan = await paying(patron);
    const fallingFan = await signUpVerified(app.server);
    expect((await fallingFan.client.post(`/api/sites/${creator.handle}/join`, { tierId: siteTiers.free.id })).status).toBe(201);
    const falling = await memberOf(fallingFan.email);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    expect((await creator.client.post(`/api/members/${falling.id}/comp`, { tierId: siteTiers.gold.id, until: tomorrow })).status).toBe(200);
    await switchTo(risingFan.email, patron);
    await switchTo(sidewaysFan.email, letters);
    ahead = 2 * DAY_MS;
    expect(await app.server.services.jobs.runDue()).toContain('end-expired-comps');
    const rising = await memberOf(risingFan.email);
    const everything = ['Downgraded', 'Changed tier', 'Upgraded', 'Comped', 'Joined', 'Joined', 'Joined'];

    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/dashboard/activity`);
    await expect.poll(() => types(page)).toEqual(everything);
    await screenshot(page, `${SHOTS}/activity-all-1280.png`, { fullPage: true });
    expect(await page.getByLabel('Show').locator('option').allTextContents()).toEqual(expect.arrayContaining(['Upgraded', 'Downgraded', 'Changed tier']));
    await page.getByLabel('Show').selectOption('upgraded');
    await expect.poll(() => types(page)).toEqual(['Upgraded']);
    await screenshot(page, `${SHOTS}/activity-upgraded-1280.png`, { fullPage: true });
    await page.getByLabel('Show').selectOption('changed-tier');
    await expect.poll(() => types(page)).toEqual(['Changed tier']);
    await page.getByLabel('Show').selectOption('downgraded');
    await expect.poll(() => types(page)).toEqual(['Downgraded']);
    expect(await page.locator('.activity-list__detail').allTextContents()).toEqual(['Comp ended: back on the free tier']);

    await page.locator('.activity-list__subject a').first().click();
    await expect.poll(() => page.url()).toContain(`/subscribers/${falling.id}`);
    await expect.poll(() => page.locator('.member-history li').first().textContent()).toContain('Comp ended: back on the free tier');
    await page.goto(`${app.server.url}/subscribers/${rising.id}`);
    await expect.poll(() => page.locator('.member-history li').first().textContent()).toContain('Upgraded · Patron');
    await screenshot(page, `${SHOTS}/member-upgraded-1280.png`, { fullPage: true });

    await page.goto(`${app.server.url}/dashboard/overview`);
    await expect.poll(() => types(page)).toEqual(expect.arrayContaining(['Changed tier', 'Downgraded', 'Upgraded']));
    await screenshot(page, `${SHOTS}/overview-1280.png`, { fullPage: true });

    const phone = await app.open({ width: 375, height: 812 });
    await adoptSession(phone.page, creator, app.server.url);
    await phone.page.goto(`${app.server.url}/dashboard/activity`);
    await expect.poll(() => types(phone.page)).toEqual(everything);
    expect(await overflows(phone.page)).toBe(false);
    await screenshot(phone.page, `${SHOTS}/activity-all-375.png`, { fullPage: true });
    await phone.page.getByLabel('Show').selectOption('downgraded');
    await expect.poll(() => types(phone.page)).toEqual(['Downgraded']);
    await screenshot(phone.page, `${SHOTS}/activity-downgraded-375.png`, { fullPage: true });
    await phone.page.goto(`${app.server.url}/dashboard/overview`);
    await expect.poll(() => types(phone.page)).toEqual(expect.arrayContaining(['Downgraded', 'Upgraded']));
    expect(await overflows(phone.page)).toBe(false);
    await screenshot(phone.page, `${SHOTS}/overview-375.png`, { fullPage: true });

    expect(unexpectedErrors([...errors, ...phone.errors])).toEqual([]);
  });
});
