/**
 * The site bar in Chromium at phone width: a visitor's "Sign in" goes to the
 * platform's sign-in page and comes back to the page they were on, where the
 * bar now offers their account; the owner's bar leads to the studio. No
 * horizontal scroll at 375 px, no serious axe violation, no console error.
 * Screenshots in /tmp/shots-polish/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { useE2eApp } from '../support/e2e-app.ts';
import { insertMembership, insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeScan } from '../support/accessibility.ts';

const SHOTS = '/tmp/shots-polish';

describe.skipIf(!chromiumAvailable)('the site bar in Chromium', () => {
  const app = useE2eApp();
  let handle = '';
  let member: { email: string; password: string };
  let ownerCookies: { name: string; value: string; url: string }[];

  beforeAll(async () => {
    const db = app.server.handle.db;
    const owner = await signUpVerified(app.server);
    ownerCookies = [...owner.client.cookies].map(([name, value]) => ({ name, value, url: app.server.url }));
    // A long title: the bar must still fit three links beside it at 375 px.
    const { site, freeTier } = await insertSite(db, await userIdOf(db, owner.email), { title: 'Harbour Sounds and Other Night Recordings', brandColor: '#0f766e' });
    handle = site.handle;
    await insertPost(db, site.id, { slug: 'tide', title: 'The tide at midnight', excerpt: 'Forty minutes of water.' });
    member = await signUpVerified(app.server);
    await insertMembership(db, { siteId: site.id, userId: await userIdOf(db, member.email), tierId: freeTier.id });
  });

  async function checkPage(page: Page, errors: readonly string[], shot: string) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), shot).toBe(true);
    const results = await axeScan(page).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id), shot).toEqual([]);
    expect(errors, shot).toEqual([]);
    await screenshot(page, `${SHOTS}/${shot}.png`);
  }

  it('a visitor signs in from the bar and comes back to the post, where the bar offers their account', async () => {
    const { page, errors } = await app.open({ width: 375, height: 700 });
    await page.goto(`${app.server.url}/@${handle}/posts/tide`);
    const bar = page.getByRole('navigation', { name: 'Membership' });
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Sign in', 'Join']);
    await checkPage(page, errors, 'site-bar-visitor-375');

    // The site's own sign-in by e-mail first (docs/decisions/152); a member with a password takes its second way.
    await bar.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Sign in with a password' }).click();
    await page.waitForURL('**/login?next=*');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/@${handle}/posts/tide`);
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Your account']);
    await checkPage(page, errors, 'site-bar-member-375');

    await bar.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your membership' }).waitFor();
    await page.context().close();
  });

  it('the owner’s bar leads to the studio, and the page works with JavaScript off', async () => {
    const context = await app.browser.newContext({ viewport: { width: 375, height: 700 }, javaScriptEnabled: false });
    await context.addCookies(ownerCookies);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/@${handle}`);
    const bar = page.getByRole('navigation', { name: 'Membership' });
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Edit site']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `${SHOTS}/site-bar-owner-375.png`);
    await bar.getByRole('link', { name: 'Edit site' }).click();
    await page.waitForURL('**/dashboard/overview');
    await context.close();
  });
});
