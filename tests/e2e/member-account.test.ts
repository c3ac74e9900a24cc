/**
 * A free member's account page in Chromium (issue 10, items 3 and 4): they
 * open /@{handle}/account, get their private feed link, read it (the members
 * post is in it), get a new link (the old one is 404), leave after
 * confirming, and the members post shows its preview again. Screenshots at
 * 375 and 1280 px in /tmp/shots-gating/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import type { TestClient } from '../support/http-client.ts';
import { insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-gating';
const SECRET = 'The foghorn recording, all forty minutes of it.';

describe.skipIf(!chromiumAvailable)('a member’s account page in Chromium', () => {
  const app = useE2eApp();
  let handle = '';
  let member: TestClient;

  beforeAll(async () => {
    const db = app.server.handle.db;
    const creator = await signUpVerified(app.server);
    const { site, freeTier } = await insertSite(db, await userIdOf(db, creator.email), { title: 'Harbour Sounds', brandColor: '#0f766e' });
    handle = site.handle;
    await insertPost(db, site.id, { slug: 'foghorn', title: 'The foghorn', visibility: 'members', previewHtml: '<p>It starts at dusk.</p>', gatedHtml: `<p>${SECRET}</p>` });
    member = (await signUpVerified(app.server)).client;
    expect((await member.post(`/api/sites/${handle}/join`, { tierId: freeTier.id })).status).toBe(201);
  });

  async function memberPage(width: number) {
    const observed = await app.open({ width, height: 900 });
    await observed.page.context().addCookies([...member.cookies].map(([name, value]) => ({ name, value, url: app.server.url })));
    return observed;
  }

  it('gets the feed link, reads it, rotates it, and leaves', async () => {
    const { page, errors } = await memberPage(1280);
    await page.goto(`${app.server.url}/@${handle}/account`);
    await expect.poll(() => page.getByRole('heading', { name: 'Your membership' }).isVisible()).toBe(true);
    expect(await page.locator('.account__facts').innerText()).toContain('Active');

    await page.getByRole('button', { name: 'Get my feed link' }).click();
    const field = page.getByLabel(/Feed link/);
    await field.waitFor();
    const firstUrl = await field.inputValue();
    expect(firstUrl).toMatch(new RegExp(`/@${handle}/feed/[A-Za-z0-9_-]{43}\\.xml$`));
    await screenshot(page, `${SHOTS}/account-feed-1280.png`, { fullPage: true });
    const feed = await fetch(firstUrl);
    expect(feed.status).toBe(200);
    const xml = await feed.text();
    expect(xml).toContain('The foghorn');
    expect(xml).toContain(SECRET);

    await page.getByRole('button', { name: 'Get a new link' }).click();
    await expect.poll(async () => (await page.getByLabel(/Feed link/).inputValue().catch(() => firstUrl)) !== firstUrl).toBe(true);
    const secondUrl = await page.getByLabel(/Feed link/).inputValue();
    expect((await fetch(firstUrl)).status).toBe(404);
    expect((await fetch(secondUrl)).status).toBe(200);
    // Shown once: a reload no longer carries it.
    await page.reload();
    expect(await page.content()).not.toContain(secondUrl);

    await page.getByRole('link', { name: 'Leave Harbour Sounds' }).click();
    await page.getByRole('heading', { name: 'Leave Harbour Sounds?' }).waitFor();
    await screenshot(page, `${SHOTS}/account-leave-1280.png`, { fullPage: true });
    await page.getByRole('button', { name: 'Yes, leave' }).click();
    await page.getByText('You have left.').waitFor();
    expect((await fetch(secondUrl)).status).toBe(404);

    await page.goto(`${app.server.url}/@${handle}/posts/foghorn`);
    await page.getByRole('heading', { name: 'Your membership has ended' }).waitFor();
    expect(await page.content()).not.toContain(SECRET);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('reads well on a phone, without JavaScript too', async () => {
    const db = app.server.handle.db;
    const reader = await signUpVerified(app.server);
    const { site, freeTier } = await insertSite(db, await userIdOf(db, (await signUpVerified(app.server)).email), { title: 'Tide Tables' });
    expect((await reader.client.post(`/api/sites/${site.handle}/join`, { tierId: freeTier.id })).status).toBe(201);
    const context = await app.browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
    await context.addCookies([...reader.client.cookies].map(([name, value]) => ({ name, value, url: app.server.url })));
    const page = await context.newPage();
    await page.goto(`${app.server.url}/@${site.handle}/account`);
    await page.getByRole('button', { name: 'Get my feed link' }).click();
    await page.getByLabel(/Feed link/).waitFor();
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, `${SHOTS}/account-feed-375.png`, { fullPage: true });
    await context.close();
  });
});
