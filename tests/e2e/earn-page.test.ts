/**
 * The studio's Earn page in Chromium (issue 31): reached from the sidebar, its header and the one-time revenue of 30
 * days, then each section under its own heading with its empty state, reachable from the jump list; nothing wider
 * than a 320 px screen; the overview's one-time revenue beside MRR, a tip in Recent Activity and the reports' card of
 * one-time revenue. Screenshots at 375 and 1280 px go to
 * /tmp/shots-earn/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GIFTS_EMPTY } from '../../client/content/gifts.ts';
import { OFFERS_NO_PAID_TIER } from '../../client/content/offers.ts';
import { PRODUCTS_NO_FILES } from '../../client/content/products.ts';
import { sales, tips } from '../../db/earn-schema.ts';
import { activityEvents } from '../../db/reports-schema.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-earn';

/** The sections on the page, in its order, each with the words it shows a creator who has none yet. */
const SECTIONS = [
  { heading: 'Offers', empty: OFFERS_NO_PAID_TIER },
  { heading: 'Gifts', empty: GIFTS_EMPTY },
  { heading: 'Tips', empty: 'No tips yet. Turn the tip jar on and share your tip page.' },
  { heading: 'Products', empty: PRODUCTS_NO_FILES },
];

async function adoptSession(page: Page, creator: Creator, url: string) {
  const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(!chromiumAvailable)('the Earn page in Chromium', () => {
  const app = useE2eApp();

  it('opens from the sidebar at 375 px with its revenue, every section’s heading and empty state, and fits 320 px', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await app.open({ width: 375, height: 800 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/dashboard/overview`);
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('link', { name: 'Earn', exact: true }).click();
    await page.waitForURL(`${app.server.url}/earn`);

    await page.getByRole('heading', { level: 1, name: 'Earn' }).waitFor();
    await page.getByText('One-time revenue, last 30 days').waitFor();
    expect(await page.locator('.earn-revenue .overview-figure__value').textContent()).toBe('$0.00');
    await page.getByText('No sales yet: gifts, tips and products add up here.').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(expect.arrayContaining(SECTIONS.map((section) => section.heading)));
    for (const section of SECTIONS) await page.getByText(section.empty).waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/empty-375.png`, { fullPage: true });
    const jump = page.getByRole('navigation', { name: 'Sections of this page' });
    expect(await jump.getByRole('link').allTextContents()).toEqual(SECTIONS.map((section) => section.heading));
    await jump.getByRole('link', { name: 'Gifts' }).click();
    await page.waitForURL(/#gifts$/);
    expect(await page.getByRole('heading', { level: 2, name: 'Gifts' }).isVisible()).toBe(true);

    await page.setViewportSize({ width: 320, height: 800 });
    await page.getByRole('heading', { level: 1, name: 'Earn' }).waitFor();
    expect(await overflows(page)).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('counts a paid tip at 1280 px, here, on the overview beside MRR, in Recent Activity and in Reports', async () => {
    const creator = await creatorWithSite(app.server);
    // A paid tip as the sales room leaves it: the ledger's row, the tip's own, and its activity.
    const db = app.server.handle.db;
    const [sale] = await db.insert(sales).values({ siteId: creator.siteId, kind: 'tip', status: 'paid', amount: 1200, currency: 'usd', buyerEmail: 'fan@example.com', paidAt: new Date() }).returning();
    await db.insert(tips).values({ saleId: sale!.id, siteId: creator.siteId, message: '<b>Thanks</b> for the field notes' });
    await db.insert(activityEvents).values({ siteId: creator.siteId, type: 'tipped', saleId: sale!.id, detail: '$12.00' });
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/earn`);
    await page.getByText('1 sale, refunds taken off.').waitFor();
    expect(await page.locator('.earn-revenue .overview-figure__value').textContent()).toBe('$12.00');
    for (const section of SECTIONS) await page.getByRole('heading', { level: 2, name: section.heading }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/sale-1280.png`, { fullPage: true });

    await page.goto(`${app.server.url}/dashboard/overview`);
    const figure = page.locator('.overview-figure', { hasText: 'One-time revenue (30 days)' });
    expect(await figure.locator('.overview-figure__value').textContent()).toBe('$12');
    await figure.getByRole('link', { name: 'See Earn' }).click();
    await page.waitForURL(`${app.server.url}/earn`);

    // Recent Activity: who paid what, the message as the buyer wrote it (text, not markup), the way to Earn.
    await page.goto(`${app.server.url}/dashboard/activity`);
    const tipped = page.locator('.activity-list__item', { hasText: 'Tipped' });
    await tipped.getByText('fan@example.com').waitFor();
    expect(await tipped.locator('.activity-list__amount').textContent()).toBe('$12.00');
    expect(await tipped.locator('.activity-list__message').textContent()).toBe('<b>Thanks</b> for the field notes');
    expect(await tipped.locator('b').count()).toBe(0);
    expect(await tipped.getByRole('link', { name: 'Tips in Earn' }).getAttribute('href')).toBe('/earn#tips');
    await screenshot(page, `${SHOTS}/activity-1280.png`, { fullPage: true });

    await page.goto(`${app.server.url}/dashboard/reports`);
    await page.getByRole('heading', { level: 2, name: 'One-time revenue' }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
