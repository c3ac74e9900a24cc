/**
 * Upgrades and downgrades in Chromium (docs/decisions/112): Recent Activity
 * labels them and filters to each, the overview's latest five show them, and
 * the member's history says the same words. Screenshots at 375 and 1280 px
 * go to /tmp/shots-activity-dir/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { membershipEvents } from '../../db/money-schema.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { insertTiers, seedMembers } from '../support/members-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-activity-dir';

async function adoptSession(page: Page, who: Creator, url: string) {
  const [name, value] = [...who.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
const types = (page: Page) => page.locator('.activity-list__type').allTextContents();

describe.skipIf(!chromiumAvailable)('upgrades and downgrades in Chromium', () => {
  const app = useE2eApp();

  it('labels and filters them on Recent Activity, the overview and the member page, at 1280 and 375 px', async () => {
    const db = app.server.handle.db;
    const creator = await creatorWithSite(app.server);
    const tiers = await insertTiers(db, creator.siteId);
    const [rising, falling, sideways] = await seedMembers(db, creator.siteId, tiers, 3, 'dir');
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db.insert(membershipEvents).values([
      { membershipId: rising!.id, siteId: creator.siteId, kind: 'upgraded', tierId: tiers.gold.id, occurredAt: at(3) },
      { membershipId: falling!.id, siteId: creator.siteId, kind: 'downgraded', tierId: tiers.free.id, detail: 'Comp ended: back on the free tier', occurredAt: at(2) },
      { membershipId: sideways!.id, siteId: creator.siteId, kind: 'tier-changed', tierId: tiers.gold.id, occurredAt: at(1) },
    ]);

    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/dashboard/activity`);
    await expect.poll(() => types(page)).toEqual(['Changed tier', 'Downgraded', 'Upgraded']);
    await screenshot(page, `${SHOTS}/activity-all-1280.png`, { fullPage: true });
    expect(await page.getByLabel('Show').locator('option').allTextContents()).toEqual(expect.arrayContaining(['Upgraded', 'Downgraded', 'Changed tier']));
    await page.getByLabel('Show').selectOption('upgraded');
    await expect.poll(() => types(page)).toEqual(['Upgraded']);
    await screenshot(page, `${SHOTS}/activity-upgraded-1280.png`, { fullPage: true });
    await page.getByLabel('Show').selectOption('downgraded');
    await expect.poll(() => types(page)).toEqual(['Downgraded']);
    expect(await page.locator('.activity-list__detail').allTextContents()).toEqual(['Comp ended: back on the free tier']);

    await page.locator('.activity-list__subject a').first().click();
    await expect.poll(() => page.url()).toContain(`/subscribers/${falling!.id}`);
    await expect.poll(() => page.locator('.member-history li').first().textContent()).toContain('Comp ended: back on the free tier');
    await page.goto(`${app.server.url}/subscribers/${rising!.id}`);
    await expect.poll(() => page.locator('.member-history li').first().textContent()).toContain('Upgraded · Gold');
    await screenshot(page, `${SHOTS}/member-upgraded-1280.png`, { fullPage: true });

    await page.goto(`${app.server.url}/dashboard/overview`);
    await expect.poll(() => types(page)).toEqual(expect.arrayContaining(['Changed tier', 'Downgraded', 'Upgraded']));
    await screenshot(page, `${SHOTS}/overview-1280.png`, { fullPage: true });

    const phone = await app.open({ width: 375, height: 812 });
    await adoptSession(phone.page, creator, app.server.url);
    await phone.page.goto(`${app.server.url}/dashboard/activity`);
    await expect.poll(() => types(phone.page)).toEqual(['Changed tier', 'Downgraded', 'Upgraded']);
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
