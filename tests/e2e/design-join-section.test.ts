/**
 * The design's join section in Chromium (issue 17, docs/decisions/145): a
 * visitor joins the free tier from the home page itself with their e-mail
 * alone, at 375 px with JavaScript and with JavaScript off (a plain form
 * POST), is told to check their inbox, and the mailed link welcomes them on
 * the site; a bad address is answered in words.
 * Screenshots in /tmp/shots-design-live/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DesignState } from '../../common/api/design.ts';
import { defaultDesign, newSectionSettings, type Design } from '../../common/design.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { sendJson } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { joinLinkFrom } from '../support/join-by-email.ts';
import { insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-design-live';

describe.skipIf(!chromiumAvailable)('joining from the join section (Chromium)', () => {
  const app = useE2eApp();
  let handle = '';

  beforeAll(async () => {
    const { db } = app.server.handle;
    const creator = await signUpVerified(app.server);
    const { site } = await insertSite(db, await userIdOf(db, creator.email), { about: 'We record the sea at night.' });
    handle = site.handle;
    await insertPost(db, site.id, { title: 'Low tide at the harbour', excerpt: 'Field notes from the coast.' });
    const { draft, revision } = (await creator.client.get<DesignState>('/api/design')).body;
    const design: Design = {
      ...draft,
      theme: 'studio',
      sections: [
        ...defaultDesign().sections,
        { id: 'join', type: 'join', hidden: false, settings: { ...newSectionSettings('join'), heading: 'Get the weekly recording', buttonLabel: 'Join for free' } },
      ],
    };
    const saved = await sendJson<{ revision: number }>(app.server, creator.client, 'PUT', '/api/design/draft', { design, revision });
    expect((await sendJson(app.server, creator.client, 'POST', '/api/design/publish', { revision: saved.body.revision })).status).toBe(200);
  });

  async function signUp(page: Page, email: string) {
    const section = page.getByRole('region', { name: 'Get the weekly recording' });
    await section.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
    await section.getByRole('button', { name: 'Join for free' }).click();
  }

  /** "Check your inbox", then the link from the mail: the welcome on the site. */
  async function openTheLink(page: Page, email: string) {
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.goto(await joinLinkFrom(app.server.smtp, email));
    // The link's page waits for Continue (docs/decisions/152).
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === `/@${handle}` && url.search === '?joined=1');
    await page.getByText(/Welcome! You are now a member of Harbour Sounds/).waitFor();
  }

  it('joins a visitor at 375 px with their e-mail alone, and the mailed link welcomes them', async () => {
    const { page, errors } = await app.open({ width: 375, height: 812 });
    await page.goto(`${app.server.url}/@${handle}`);
    // The theme's stylesheet comes inline (no second render-blocking request), and applies: Inter, the studio's face.
    expect(await page.locator('link[rel="stylesheet"][href*="/assets/theme-"]').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter Variable/);
    const section = page.getByRole('region', { name: 'Get the weekly recording' });
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(section, `${SHOTS}/join-section-375.png`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(section, `${SHOTS}/join-section-1280.png`);
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 375, height: 812 });

    const email = uniqueEmail('section.e2e');
    await signUp(page, email);
    await openTheLink(page, email);
    expect(await page.getByRole('region', { name: 'Get the weekly recording' }).count()).toBe(0);
    await screenshot(page, `${SHOTS}/joined-375.png`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('works with JavaScript off, and answers a bad address in words', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/@${handle}`);
    await signUp(page, 'not-an-address');
    await page.getByText('Enter a valid email address.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Your e-mail' }).inputValue()).toBe('not-an-address');
    await screenshot(page, `${SHOTS}/join-refused-375.png`, { fullPage: true });

    await page.goto(`${app.server.url}/@${handle}`);
    const email = uniqueEmail('nojs.e2e');
    await signUp(page, email);
    await openTheLink(page, email);
    await context.close();
  });
});
