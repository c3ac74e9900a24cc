/**
 * Issue 17's "Done when" in Chromium: a creator opens /customize-site,
 * switches the theme, drags the tiers section above the latest posts with
 * the mouse, moves the FAQ with the keyboard (announced), edits the hero and
 * sees the preview follow, publishes, and a signed-out visitor sees the new
 * page; then a later version is published and the earlier one restored.
 * Screenshots of the editor and of every theme at 375 and 1280 px go to
 * /tmp/shots-17/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DesignState } from '../../common/api/design.ts';
import { newSectionSettings, THEMES, themeModes, type Design, type Section } from '../../common/design.ts';
import { signUpVerified } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { sendJson } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-17';

describe.skipIf(!chromiumAvailable)('customising the site in Chromium', () => {
  const app = useE2eApp();

  const order = (page: Page) => page.locator('.sections__row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-section-id')));

  it('switches theme, reorders by mouse and keyboard, edits with a live preview, publishes and restores', async () => {
    const { db } = app.server.handle;
    const account = await signUpVerified(app.server);
    const { site } = await insertSite(db, await userIdOf(db, account.email), { about: 'We record the sea at night, and write about it.' });
    for (const [index, title] of ['Low tide at the harbour', 'Gulls before the storm', 'A night on the pier'].entries()) {
      await insertPost(db, site.id, { title, excerpt: 'Field notes and a recording from the coast.', publishedAt: new Date(Date.now() - (index + 1) * 86_400_000) });
    }

    const { page, errors } = await app.open({ width: 1280, height: 900 });
    const [name, value] = [...account.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await page.context().addCookies([{ name, value, url: app.server.url }]);
    await gotoApp(page, `${app.server.url}/customize-site`);
    await page.getByRole('heading', { name: 'Customize site' }).waitFor();
    await expect.poll(() => order(page)).toEqual(['hero', 'about', 'latest-posts']);
    const saved = () => page.getByText('All changes saved').waitFor();

    // The theme.
    await page.getByRole('button', { name: 'Theme and site' }).click();
    await page.getByRole('radio', { name: /Editorial/ }).check();
    await page.getByRole('button', { name: 'Sections', exact: true }).click();

    // Tiers and FAQ from the palette, then tiers dragged above the latest posts with the mouse.
    await page.getByRole('button', { name: 'Add Tiers' }).click();
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    expect(await order(page)).toEqual(['hero', 'about', 'latest-posts', 'tiers', 'faq']);
    await page.getByRole('list', { name: 'Sections of your home page' }).scrollIntoViewIfNeeded();
    const handle = page.getByRole('button', { name: 'Move Tiers: Memberships' });
    const from = (await handle.boundingBox())!;
    const to = (await page.getByRole('button', { name: 'Move Latest posts: Latest posts' }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Onto the middle of the latest posts' handle: the dragged row's centre then meets that row's.
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 1, { steps: 2 });
    await page.mouse.up();
    await expect.poll(() => order(page)).toEqual(['hero', 'about', 'tiers', 'latest-posts', 'faq']);

    // The FAQ moved up two places with the keyboard alone, each step said aloud.
    await page.getByRole('button', { name: 'Move FAQ: Questions' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.getByText('FAQ: Questions is now at position 4 of 5.').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowUp');
    await page.getByText('FAQ: Questions is now at position 3 of 5.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page.getByText(/FAQ: Questions dropped at position 3 of 5/).waitFor({ state: 'attached' });
    expect(await order(page)).toEqual(['hero', 'about', 'faq', 'tiers', 'latest-posts']);

    // The hero's words, and the preview following them as typed: its body swapped in, the frame never navigating.
    await saved();
    const preview = page.frameLocator('iframe.design-preview__frame');
    await expect.poll(() => preview.locator('html').getAttribute('data-theme')).toBe('editorial');
    // At phone width the page is longer than the frame, so the reader's place in it can be kept.
    await page.getByRole('button', { name: 'Phone' }).click();
    const frame = page.frame({ url: /preview=design/ })!;
    await frame.waitForLoadState();
    await frame.evaluate(() => {
      window.scrollTo(0, 200);
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole('button', { name: 'Hero', exact: true }).click();
    await page.getByLabel('Heading').pressSequentially('Sea notes by night');
    await expect.poll(() => preview.locator('h1').textContent(), { timeout: 30_000 }).toBe('Sea notes by night');
    const [stayed, scrolled] = await page.frame({ url: /preview=design/ })!.evaluate(() => [(window as unknown as { stayed?: boolean }).stayed, window.scrollY]);
    expect(stayed).toBe(true);
    expect(scrolled).toBe(200);
    await page.getByRole('button', { name: 'Desktop' }).click();
    await saved();
    expect(await preview.locator('html').getAttribute('data-theme')).toBe('editorial');
    await screenshot(page, `${SHOTS}/editor-1280.png`);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published: visitors now see this design.').waitFor();

    // A signed-out visitor.
    const visitor = await app.open({ width: 375, height: 800 });
    await visitor.page.goto(`${app.server.url}/@${site.handle}`);
    expect(await visitor.page.locator('h1').textContent()).toBe('Sea notes by night');
    expect(await visitor.page.locator('html').getAttribute('data-theme')).toBe('editorial');
    const sections = await visitor.page.locator('main > section').evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(sections).toEqual(['s-hero', 's-about', 's-tiers', 's-latest-posts']);

    // A later version goes live, then the earlier one is restored and published again.
    await page.getByRole('button', { name: 'Theme and site' }).click();
    await page.getByRole('radio', { name: /Bold/ }).check();
    await saved();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published: visitors now see this design.').waitFor();
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByText('Version 1 is in your draft. Publish to make it live.').waitFor();
    expect(await page.getByRole('radio', { name: /Editorial/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published: visitors now see this design.').waitFor();
    await visitor.page.reload();
    expect(await visitor.page.locator('html').getAttribute('data-theme')).toBe('editorial');
    expect(await visitor.page.locator('h1').textContent()).toBe('Sea notes by night');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Sections', exact: true }).click();
    await screenshot(page, `${SHOTS}/editor-375.png`, { fullPage: true });
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
  });

  it('reorders sections with a finger on a phone', async () => {
    const { db } = app.server.handle;
    const account = await signUpVerified(app.server);
    await insertSite(db, await userIdOf(db, account.email));
    const context = await app.browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const [name, value] = [...account.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await context.addCookies([{ name, value, url: app.server.url }]);
    await gotoApp(page, `${app.server.url}/customize-site`);
    await expect.poll(() => order(page)).toEqual(['hero', 'about', 'latest-posts']);
    const from = (await page.getByRole('button', { name: 'Move Latest posts: Latest posts' }).boundingBox())!;
    const to = (await page.getByRole('button', { name: 'Move Hero', exact: true }).boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: from.x + from.width / 2, y }] });
    const start = from.y + from.height / 2;
    const end = to.y + to.height / 2;
    await touch('touchStart', start);
    for (let step = 1; step <= 12; step += 1) await touch('touchMove', start + ((end - start) * step) / 12);
    await touch('touchEnd', end);
    await expect.poll(() => order(page)).toEqual(['latest-posts', 'hero', 'about']);
    await context.close();
  });

  it('shows each theme and its variants to a visitor at 375 and 1280 px', async () => {
    const { db } = app.server.handle;
    const account = await signUpVerified(app.server);
    const { site } = await insertSite(db, await userIdOf(db, account.email), { about: 'We record the sea at night, and write about it.' });
    for (const title of ['Low tide at the harbour', 'Gulls before the storm', 'A night on the pier']) await insertPost(db, site.id, { title, excerpt: 'Field notes and a recording from the coast.' });
    const section = (type: Section['type'], settings: Partial<Section['settings']> = {}) => ({ id: type, type, hidden: false, settings: { ...newSectionSettings(type), ...settings } }) as Section;
    const call = <T>(method: string, path: string, body?: unknown) => sendJson<T>(app.server, account.client, method, path, body);
    const visitors = [];
    const variants = THEMES.flatMap((theme) => themeModes(theme).map((mode) => ({ theme, mode })));
    expect(variants).toHaveLength(6);
    for (const { theme, mode } of variants) {
      // A fresh browser each time: the page before a publish may sit in the browser's cache for its minute.
      const visitor = await app.open({ width: 1280, height: 900 });
      visitors.push(visitor);
      const { draft, revision } = (await call<DesignState>('GET', '/api/design')).body;
      const design: Design = {
        ...draft,
        theme,
        mode,
        colors: { accent: theme === 'bold' ? '#ff5a36' : theme === 'editorial' ? '#9b2c2c' : '#2563eb' },
        nav: [{ label: 'Archive', url: `/@${site.handle}?page=2` }, { label: 'Shop', url: 'https://example.com/shop' }],
        footer: { text: '© Harbour Sounds. Recorded on the coast.', links: [{ label: 'Contact', url: 'mailto:hello@example.com' }] },
        social: [{ network: 'instagram', url: 'https://instagram.com/harbour' }],
        sections: [
          section('hero', { heading: 'Harbour Sounds', text: 'Field recordings from the coast, every week.' }),
          section('latest-posts', { layout: theme === 'classic' ? 'list' : 'grid', count: 6 }),
          section('links', { heading: 'Listen elsewhere', links: [{ label: 'Podcast feed', url: `/@${site.handle}/rss.xml` }, { label: 'Bandcamp', url: 'https://example.com/bandcamp' }] }),
          section('testimonials', { items: [{ quote: 'The best thing in my inbox each week.', name: 'Ada', role: 'Member since 2024' }] }),
          section('faq', { items: [{ question: 'How often do you post?', answer: 'Every Sunday night.' }] }),
          section('join', {}),
        ],
      };
      const saved = await call<{ revision: number }>('PUT', '/api/design/draft', { design, revision });
      expect(saved.status).toBe(200);
      expect((await call('POST', '/api/design/publish', { revision: saved.body.revision })).status).toBe(200);
      for (const width of [375, 1280]) {
        await visitor.page.setViewportSize({ width, height: 900 });
        await visitor.page.goto(`${app.server.url}/@${site.handle}`);
        await visitor.page.evaluate(() => document.fonts.ready);
        expect(await visitor.page.locator('html').getAttribute('data-theme')).toBe(theme);
        // No serious axe finding (contrast of the creator's colour included), nothing wider than the window.
        await expectAccessible(visitor.page);
        await screenshot(visitor.page, `${SHOTS}/${theme}-${mode}-${width}.png`, { fullPage: true });
      }
    }
    for (const visitor of visitors) expect(unexpectedErrors(visitor.errors)).toEqual([]);
    // Twelve pages, each checked by axe: on the shared two-core machine that takes longer than the default.
  }, 240_000);
});
