/**
 * A site's own 404 and its copy of the terms in Chromium (docs/decisions/153):
 * in the site's frame at 375 and 1280 px, nothing of the platform, no
 * horizontal scroll, no serious axe violation, and the way home and the join
 * form's terms link work; the site's sign-in says a confirmed address is confirmed. Screenshots in /tmp/shots-x2/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../common/constants.ts';
import { signUpVerified } from '../support/accounts.ts';
import { axeScan } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { screenshot } from '../support/screenshots.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';
import type { Page } from 'playwright-core';

const SHOTS = '/tmp/shots-x2';
const TITLE = 'Harbour Sounds and Other Night Recordings';

describe.skipIf(!chromiumAvailable)('a site’s framed pages in Chromium', () => {
  const app = useE2eApp();
  let handle = '';

  beforeAll(async () => {
    const db = app.server.handle.db;
    const owner = await signUpVerified(app.server);
    ({
      site: { handle },
    } = await insertSite(db, await userIdOf(db, owner.email), { title: TITLE, brandColor: '#0f766e' }));
  });

  async function checkPage(page: Page, errors: readonly string[], shot: string, allowed: readonly number[] = []) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), shot).toBe(true);
    expect(await page.title(), shot).toContain(TITLE);
    expect(await page.content(), shot).not.toContain(PRODUCT_NAME);
    const results = await axeScan(page).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id), shot).toEqual([]);
    expect(unexpectedErrors(errors, allowed), shot).toEqual([]);
    await screenshot(page, `${SHOTS}/${shot}.png`, { fullPage: shot.includes('404') });
  }

  for (const width of [375, 1280]) {
    it(`a missing post is the site’s 404 with a way home, at ${width} px`, async () => {
      const { page, errors } = await app.open({ width, height: 800 });
      const answer = await page.goto(`${app.server.url}/@${handle}/posts/no-such-post`);
      expect(answer?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await checkPage(page, errors, `site-404-${width}`, [404]);
      await page.getByRole('link', { name: `Go to ${TITLE}` }).click();
      await page.waitForURL(`**/@${handle}`);
      await page.context().close();
    });

    it(`the join form’s Terms link opens the site’s terms, at ${width} px`, async () => {
      const { page, errors } = await app.open({ width, height: 800 });
      await page.goto(`${app.server.url}/@${handle}/join`);
      await page.getByRole('link', { name: 'Terms', exact: true }).click();
      await page.waitForURL(`**/@${handle}/terms`);
      await page.getByRole('heading', { name: 'Terms & Conditions', level: 1 }).waitFor();
      await checkPage(page, errors, `site-terms-${width}`);
      await page.context().close();
    });

    it(`a member who confirmed their e-mail signed out is told so on the site’s sign-in, at ${width} px`, async () => {
      const { page, errors } = await app.open({ width, height: 800 });
      await page.goto(`${app.server.url}/@${handle}/sign-in?verified=1`);
      await page.getByRole('status').filter({ hasText: 'Your e-mail is confirmed.' }).waitFor();
      await checkPage(page, errors, `site-sign-in-verified-${width}`);
      await page.context().close();
    });
  }
});
