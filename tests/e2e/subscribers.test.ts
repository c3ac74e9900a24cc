/**
 * Subscribers in Chromium (issue 10, item 5): a creator with 120 members
 * filters, searches, sorts and pages the list, opens a member and comps them,
 * exports the CSV (a real download) and imports a small CSV with one bad row,
 * which the dry run shows. Screenshots at 375 and 1280 px go to
 * /tmp/shots-subscribers/.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../common/api/members.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { insertTiers, seedMembers } from '../support/members-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-subscribers';

async function adoptSession(page: Page, creator: Creator, url: string) {
  const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

const range = (page: Page) => page.locator('.subscribers-page__range');
const tableNames = (page: Page) => page.locator('.members-table tbody tr td:first-child').allTextContents();

describe.skipIf(!chromiumAvailable)('subscribers in Chromium', () => {
  const app = useE2eApp();

  it('filters, searches, sorts, pages, comps a member, exports and imports', async () => {
    const creator = await creatorWithSite(app.server);
    const tiers = await insertTiers(app.server.handle.db, creator.siteId);
    const seeded = await seedMembers(app.server.handle.db, creator.siteId, tiers, 120);
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);

    await page.goto(`${app.server.url}/subscribers`);
    await expect.poll(() => range(page).textContent()).toBe('1–50 of 120');
    await screenshot(page, `${SHOTS}/list-1280.png`, { fullPage: true });

    // Filter: comped only.
    const comped = seeded.filter((member) => member.status === 'comped');
    await page.getByLabel('Status').selectOption('comped');
    await expect.poll(() => range(page).textContent()).toBe(`1–${comped.length} of ${comped.length}`);
    await expect.poll(() => page.url()).toContain('status=comped');

    // Search, debounced, kept in the address across a reload.
    await page.getByLabel('Status').selectOption('');
    const lovelaces = seeded.filter((member) => member.name.includes('Lovelace'));
    await page.getByLabel('Search').fill('lovelace');
    await expect.poll(() => range(page).textContent()).toBe(`1–${lovelaces.length} of ${lovelaces.length}`);
    await expect.poll(() => page.url()).toContain('q=lovelace');
    await page.reload();
    await expect.poll(() => range(page).textContent()).toBe(`1–${lovelaces.length} of ${lovelaces.length}`);
    expect(await page.getByLabel('Search').inputValue()).toBe('lovelace');
    expect((await tableNames(page)).every((name) => name.includes('Lovelace'))).toBe(true);

    // Sort by name, A to Z, then page forward and back.
    await page.goto(`${app.server.url}/subscribers`);
    await expect.poll(() => range(page).textContent()).toBe('1–50 of 120');
    await page.getByRole('button', { name: 'Name' }).click();
    const byName = [...seeded].map((member) => member.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en', { sensitivity: 'base' }));
    await expect.poll(async () => (await tableNames(page))[0]).toBe(byName[0]);
    expect(await page.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('ascending');
    // While the next page is on its way, paging waits: a second click must not page on from the page before.
    const next = page.getByRole('button', { name: 'Next' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const laterPages = /\/api\/members\?.*cursor=/;
    await page.route(laterPages, async (route) => {
      await held;
      await route.continue();
    });
    await next.click();
    await expect.poll(() => next.isDisabled()).toBe(true);
    expect(await range(page).textContent()).toBe('1–50 of 120');
    release();
    await expect.poll(() => range(page).textContent()).toBe('51–100 of 120');
    await page.unroute(laterPages);
    await next.click();
    await expect.poll(() => range(page).textContent()).toBe('101–120 of 120');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => range(page).textContent()).toBe('51–100 of 120');
    await page.goBack();
    await expect.poll(() => range(page).textContent()).toBe('101–120 of 120');

    // Open a free member and comp them onto Gold until a date.
    const free = seeded.find((member) => member.status === 'active' && member.source === 'free')!;
    await page.goto(`${app.server.url}/subscribers?q=${encodeURIComponent(free.email)}`);
    await page.getByRole('link', { name: free.name }).first().click();
    await page.getByRole('heading', { name: free.name }).waitFor();
    await page.getByLabel('Tier', { exact: true }).selectOption({ label: 'Gold' });
    await page.getByLabel('Until (leave empty for no end)').fill('2099-01-31');
    await page.getByRole('button', { name: 'Comp', exact: true }).click();
    await page.getByText('Comped until Jan 31, 2099.').waitFor();
    await page.getByText('Comped on Gold until 2099-01-31 by the creator').waitFor();
    await screenshot(page, `${SHOTS}/member-1280.png`, { fullPage: true });

    // Export: a real download of every member in Ghost's columns.
    await page.goto(`${app.server.url}/subscribers`);
    await expect.poll(() => range(page).textContent()).toBe('1–50 of 120');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const rows: string[][] = parse(readFileSync((await download.path()), 'utf8'));
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(121);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${creator.handle}-members-\\d{4}-\\d{2}-\\d{2}\\.csv$`));

    // Import: map, dry run shows the bad row, import the rest.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const csv = 'Email Address,Full Name\nfan.one@import.example,Fan One\nnot-an-address,Broken Row\nfan.two@import.example,Fan Two\n';
    await page.getByLabel('CSV file').setInputFiles({ name: 'fans.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    expect(await page.getByLabel('E-mail (required)').inputValue()).toBe('Email Address');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Full Name');
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('3 rows read: 2 would be imported, 1 would be left out.').waitFor();
    const refused = page.getByRole('table', { name: 'Rows that would be left out' });
    expect(await refused.locator('tbody tr').allInnerTexts()).toEqual(['3\tnot-an-address\tNot a valid e-mail address.']);
    await screenshot(page, `${SHOTS}/import-dry-run-1280.png`);
    await page.getByRole('button', { name: 'Import 2 members' }).click();
    await page.getByText('Imported 2 members; 1 rows were left out.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => range(page).textContent()).toBe('1–50 of 122');

    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('shows cards on a 375 px phone, and the empty state to a creator with no members', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await app.open({ width: 375, height: 800 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/subscribers`);
    await page.getByRole('heading', { name: 'No members yet' }).waitFor();
    await page.getByRole('link', { name: `${app.server.url}/@${creator.handle}/join` }).waitFor();
    await screenshot(page, `${SHOTS}/empty-375.png`, { fullPage: true });

    const tiers = await insertTiers(app.server.handle.db, creator.siteId);
    await seedMembers(app.server.handle.db, creator.siteId, tiers, 12, 'p');
    await page.reload();
    await expect.poll(() => range(page).textContent()).toBe('1–12 of 12');
    expect(await page.locator('.members-table').isVisible()).toBe(false);
    expect(await page.locator('.member-card').count()).toBe(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `${SHOTS}/list-375.png`, { fullPage: true });
    await page.locator('.member-card__name').first().click();
    await page.getByRole('heading', { name: 'History' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `${SHOTS}/member-375.png`, { fullPage: true });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
