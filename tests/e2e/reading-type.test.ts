/**
 * Reading a post on every theme in Chromium (issue 29, item 6): the body is
 * set at about 18 px with a line height near 1.6, and at 1280 px a line holds
 * 60-75 characters, counted on the rendered lines of a paragraph (a Range a
 * character, its top), so the test fails if the column or the type regresses
 * in site.css or a theme's CSS. At 375 px the type stays the same size and the
 * page does not scroll sideways. A small image is never drawn wider than its
 * own pixels; a large one never wider than the column. Under the title, the
 * byline; after the post, the join prompt (one e-mail field) and the share
 * links, whose "Copy link" copies the post's address. Screenshots in
 * /tmp/shots-reading/.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DesignState } from '../../common/api/design.ts';
import { THEMES, type Design, type ThemeName } from '../../common/design.ts';
import { signUpVerified } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { sendJson } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { uploadBytes, waitForMedia } from '../support/media.ts';
import { embed, insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-reading';

const PROSE = [
  'At five the pier is empty but for the gulls, and the first boat has not yet left. We set the two microphones on the rail, one facing the sea and one the town, and wait for the light to come up behind the harbour wall.',
  'The rope creaks against the bollards as the tide turns. A diesel engine starts somewhere beyond the breakwater, coughs twice and settles into a low steady note that carries across the water for a long while before it fades.',
];

function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
}

/** Font size, line height and the characters of each full line of the first paragraph of the post's body. */
async function measureType(page: Page) {
  return page.evaluate(() => {
    const paragraph = document.querySelector<HTMLElement>('.post__body p')!;
    const style = getComputedStyle(paragraph);
    const lines: number[] = [];
    let top: number | undefined;
    let count = 0;
    const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < node.textContent!.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (top !== undefined && rect.top > top + 1) {
          lines.push(count);
          count = 0;
        }
        top = rect.top;
        count += 1;
      }
    }
    // The last line is short by nature: only full lines count.
    return { fontSize: parseFloat(style.fontSize), lineHeight: parseFloat(style.lineHeight) / parseFloat(style.fontSize), lines };
  });
}

describe.skipIf(!chromiumAvailable)('reading type on every theme (Chromium)', () => {
  const app = useE2eApp();
  /** Each theme's site handle; `none` is a site that never published a design. */
  const handles = new Map<ThemeName | 'none', string>();

  beforeAll(async () => {
    const { db } = app.server.handle;
    for (const theme of ['none', ...THEMES] as const) {
      const creator = await signUpVerified(app.server);
      const { site } = await insertSite(db, await userIdOf(db, creator.email), { title: `Harbour ${theme}` });
      handles.set(theme, site.handle);
      const upload = async (bytes: Buffer, name: string) => {
        const id = await uploadBytes(app.server.url, creator.client, bytes, name, 'image/jpeg');
        expect((await waitForMedia(creator.client, id)).status).toBe('ready');
        return id;
      };
      const small = await upload(await picture(240, 160), 'small.jpg');
      const large = await upload(await picture(1600, 900), 'large.jpg');
      await insertPost(db, site.id, {
        slug: 'the-pier',
        title: 'The pier at dawn',
        previewHtml: `<p>${PROSE[0]}</p><h2>What we heard</h2><p>${PROSE[1]}</p><ul><li>Rope on wood</li><li>A diesel engine, far off</li></ul><blockquote><p>The sea never repeats itself.</p></blockquote>${embed({ id: small, kind: 'image' }, 'A small picture')}${embed({ id: large, kind: 'image' }, 'A wide picture')}`,
      });
      if (theme === 'none') continue;
      const { draft, revision } = (await creator.client.get<DesignState>('/api/design')).body;
      const design: Design = { ...draft, theme };
      const saved = await sendJson<{ revision: number }>(app.server, creator.client, 'PUT', '/api/design/draft', { design, revision });
      expect((await sendJson(app.server, creator.client, 'POST', '/api/design/publish', { revision: saved.body.revision })).status).toBe(200);
    }
  });

  it('sets the body at about 18 px, 60-75 characters a line at 1280 px, on every theme', async () => {
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    for (const [theme, handle] of handles) {
      await page.goto(`${app.server.url}/@${handle}/posts/the-pier`, { waitUntil: 'networkidle' });
      if (theme !== 'none') expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
      await page.evaluate(() => document.fonts.ready);
      const type = await measureType(page);
      expect(type.fontSize, theme).toBeGreaterThanOrEqual(17);
      expect(type.fontSize, theme).toBeLessThanOrEqual(19);
      expect(type.lineHeight, theme).toBeGreaterThanOrEqual(1.5);
      expect(type.lineHeight, theme).toBeLessThanOrEqual(1.7);
      expect(type.lines.length, theme).toBeGreaterThanOrEqual(2);
      for (const line of type.lines) {
        expect(line, `${theme}: ${type.lines.join(', ')}`).toBeGreaterThanOrEqual(60);
        expect(line, `${theme}: ${type.lines.join(', ')}`).toBeLessThanOrEqual(75);
      }
      await screenshot(page, `${SHOTS}/${theme}-1280.png`, { fullPage: true });
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('keeps the type at 375 px without sideways scrolling, and never draws an image wider than its pixels or the column', async () => {
    const { page, errors } = await app.open({ width: 375, height: 812 });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [theme, handle] of handles) {
        await page.goto(`${app.server.url}/@${handle}/posts/the-pier`, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        const type = await measureType(page);
        expect(type.fontSize, theme).toBeGreaterThanOrEqual(17);
        expect(type.fontSize, theme).toBeLessThanOrEqual(19);
        for (const line of type.lines) expect(line, theme).toBeLessThanOrEqual(75);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), theme).toBeLessThanOrEqual(width);
        const images = await page.locator('.post__body img').evaluateAll((nodes) =>
          (nodes as HTMLImageElement[]).map((image) => ({ drawn: image.getBoundingClientRect().width, natural: Number(image.getAttribute('width')), column: image.closest('.post__body')!.getBoundingClientRect().width })),
        );
        expect(images).toHaveLength(2);
        const [small, large] = images;
        expect(small!.natural).toBe(240);
        expect(small!.drawn, theme).toBeLessThanOrEqual(240);
        expect(small!.drawn, theme).toBeGreaterThan(0);
        expect(large!.drawn, theme).toBeLessThanOrEqual(large!.column);
        expect(large!.drawn, theme).toBeGreaterThan(small!.drawn);
        if (width === 375) await screenshot(page, `${SHOTS}/${theme}-375.png`, { fullPage: true });
      }
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('shows a visitor the byline, a one-field join prompt and share links that copy the post’s address, by keyboard', async () => {
    const { page, errors } = await app.open({ width: 375, height: 812 });
    const url = `${app.server.url}/@${handles.get('studio')}/posts/the-pier`;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.server.url).origin });
    await page.goto(url, { waitUntil: 'networkidle' });
    const byline = page.locator('.post__header .byline');
    await expect(byline.locator('.byline__author').textContent()).resolves.toBe('Harbour studio');
    expect(await byline.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const prompt = page.getByRole('complementary', { name: 'Join Harbour studio' });
    expect(await prompt.locator('input:not([type="hidden"])').count()).toBe(1);
    expect(await prompt.getByLabel('Your e-mail').getAttribute('type')).toBe('email');
    await prompt.getByRole('button', { name: 'Join for free' }).waitFor();
    const share = page.getByRole('navigation', { name: 'Share this post' });
    expect(new URL((await share.getByRole('link', { name: 'LinkedIn' }).getAttribute('href'))!).searchParams.get('url')).toBe(url);
    await expectAccessible(page);
    await screenshot(prompt, `${SHOTS}/join-prompt-375.png`);
    const copy = share.getByRole('button', { name: 'Copy link' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await share.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(page.url()).toBe(url);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
