/**
 * The creator's public site in Chromium (issue 9, item 6): home, a public post,
 * a members post and the join page readable with JavaScript off, at phone and
 * desktop widths (screenshots in /tmp/shots-site/); no serious axe violation
 * and no console error with JavaScript on; and the studio's /preview-page
 * framing the site and previewing a draft.
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/content-schema.ts';
import { settings } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { useE2eApp } from '../support/e2e-app.ts';
import type { TestClient } from '../support/http-client.ts';
import { makeVideo, uploadBytes, waitForMedia } from '../support/media.ts';
import { embed, insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeScan } from '../support/accessibility.ts';

/** A seaside gradient, so the screenshots show where the banner, avatar and cover sit. */
function picture(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="0.55" stop-color="#0f766e"/><stop offset="1" stop-color="#134e4a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.75}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.12}" fill="#fde68a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

const SHOTS = '/tmp/shots-site';
const SECRET = 'Only members read this paragraph about the foghorn.';

describe.skipIf(!chromiumAvailable)('public site in Chromium', () => {
  const app = useE2eApp();
  let handle = '';
  let owner: { client: TestClient; email: string };

  beforeAll(async () => {
    const db = app.server.handle.db;
    owner = await signUpVerified(app.server);
    const { site } = await insertSite(db, await userIdOf(db, owner.email), {
      title: 'Harbour Sounds',
      tagline: 'Field recordings from the coast, every week',
      about: 'We walk the shore at night with two microphones and a flask of tea.\n\nMembers get the full recordings and the stories behind them.',
      brandColor: '#0f766e',
    });
    handle = site.handle;
    const upload = async (bytes: Buffer, name: string, type: string) => {
      const id = await uploadBytes(app.server.url, owner.client, bytes, name, type);
      expect((await waitForMedia(owner.client, id)).status).toBe('ready');
      return id;
    };
    const bannerId = await upload(await picture(1500, 500), 'banner.jpg', 'image/jpeg');
    const avatarId = await upload(await picture(400, 400), 'avatar.jpg', 'image/jpeg');
    const coverId = await upload(await picture(1600, 900), 'cover.jpg', 'image/jpeg');
    const videoId = await upload(await readFile(await makeVideo(mkdtempSync(path.join(tmpdir(), 'site-e2e-')))), 'clip.mp4', 'video/mp4');
    await db.update(sites).set({ bannerMediaId: bannerId, avatarMediaId: avatarId }).where(eq(sites.id, site.id));
    await insertPost(db, site.id, {
      slug: 'the-pier-at-dawn',
      title: 'The pier at dawn',
      excerpt: 'Gulls, rope and a fishing boat leaving.',
      coverMediaId: coverId,
      previewHtml: `<p>At five the pier is empty but for the gulls.</p><h2>What we heard</h2><ul><li>Rope on wood</li><li>A diesel engine, far off</li></ul><blockquote><p>The sea never repeats itself.</p></blockquote>${embed({ id: videoId, kind: 'video' }, 'Two seconds of the pier')}`,
    });
    await insertPost(db, site.id, {
      slug: 'foghorn',
      title: 'A night with the foghorn',
      excerpt: 'Six hours beside the lighthouse.',
      visibility: 'members',
      previewHtml: '<p>The fog came in at nine.</p>',
      gatedHtml: `<p>${SECRET}</p>`,
    });
    await insertPost(db, site.id, { slug: 'draft-notes', title: 'Notes for next week', status: 'draft', publishedAt: null, previewHtml: '<p>Unfinished.</p>' });
  });

  async function contextWith(options: { width: number; javaScript: boolean; signedIn?: boolean }): Promise<BrowserContext> {
    const context = await app.browser.newContext({ viewport: { width: options.width, height: 900 }, javaScriptEnabled: options.javaScript });
    if (options.signedIn) {
      const cookies = [...owner.client.cookies].map(([name, value]) => ({ name, value, url: app.server.url }));
      await context.addCookies(cookies);
    }
    return context;
  }

  it('home, posts and the join page are readable with JavaScript off, at 375 and 1280 px', async () => {
    const pages = [
      { path: `/@${handle}`, name: 'home', expected: 'Harbour Sounds' },
      { path: `/@${handle}/posts/the-pier-at-dawn`, name: 'post', expected: 'At five the pier is empty' },
      { path: `/@${handle}/posts/foghorn`, name: 'members-post', expected: 'This post is for members' },
      { path: `/@${handle}/join`, name: 'join', expected: 'Join with your e-mail' },
    ];
    for (const width of [375, 1280]) {
      const context = await contextWith({ width, javaScript: false });
      const page = await context.newPage();
      for (const { path, name, expected } of pages) {
        const response = await page.goto(`${app.server.url}${path}`);
        expect(response?.status(), path).toBe(200);
        await expect.poll(() => page.getByText(expected).first().isVisible(), { timeout: 30_000 }).toBe(true);
        expect(await page.locator('h1').count(), path).toBe(1);
        expect(await page.content()).not.toContain(SECRET);
        // The site's stylesheet applied: the bar carries the brand colour.
        expect(await page.locator('.site-bar').evaluate((bar) => getComputedStyle(bar).borderBottomColor)).toBe('rgb(15, 118, 110)');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} at ${width}`).toBe(true);
        await screenshot(page, `${SHOTS}/${name}-${width}.png`, { fullPage: true });
      }
      await context.close();
    }
  });

  it('has no serious axe violation and no console error with JavaScript on', async () => {
    for (const path of [`/@${handle}`, `/@${handle}/posts/foghorn`, `/@${handle}/join`]) {
      const context = await contextWith({ width: 375, javaScript: true });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${app.server.url}${path}`, { waitUntil: 'networkidle' });
      const results = await axeScan(page).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), path).toEqual([]);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  it('a post with video plays its HLS renditions, natively or through hls.js loaded by the site script', async () => {
    // This Chromium plays HLS natively; a browser without it (Firefox, older Chromium) is imitated by hiding that ability.
    for (const withoutNativeHls of [false, true]) {
      const context = await contextWith({ width: 1280, javaScript: true });
      if (withoutNativeHls) {
        await context.addInitScript(() => {
          const prototype = HTMLMediaElement.prototype;
          const canPlayType = Object.getOwnPropertyDescriptor(prototype, 'canPlayType')!.value as (this: HTMLMediaElement, type: string) => CanPlayTypeResult;
          prototype.canPlayType = function (this: HTMLMediaElement, type: string) {
            return type.includes('mpegurl') ? '' : canPlayType.call(this, type);
          };
        });
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const loadedHlsJs: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/hls\.light-[\w-]+\.js$/.test(request.url())) loadedHlsJs.push(request.url());
      });
      await page.goto(`${app.server.url}/@${handle}/posts/the-pier-at-dawn`, { waitUntil: 'networkidle' });
      const video = page.locator('video[data-hls]');
      expect(await video.getAttribute('poster')).toMatch(/^\/media\/.+\/poster\.webp$/);
      // Natively the element plays the playlist itself; hls.js gives it a MediaSource.
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc), { timeout: 30_000 })
        .toMatch(withoutNativeHls ? /^blob:/ : /\/hls\/master\.m3u8$/);
      expect(loadedHlsJs.length > 0).toBe(withoutNativeHls);
      await video.evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        return element.play();
      });
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime > 0), { timeout: 30_000 }).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('an unknown handle shows the 404 screen with status 404', async () => {
    const context = await contextWith({ width: 1280, javaScript: true });
    const page = await context.newPage();
    const response = await page.goto(`${app.server.url}/@no-such-site`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops, page not found' }).waitFor();
    await context.close();
  });

  it('during maintenance a site page is the 503 maintenance screen, like the rest of the platform', async () => {
    const db = app.server.handle.db;
    await db.update(settings).set({ maintenance: true }).where(eq(settings.id, true));
    try {
      await expect.poll(() => app.server.services.maintenance.isOn(), { timeout: 30_000 }).toBe(true);
      const context = await contextWith({ width: 1280, javaScript: true });
      const page = await context.newPage();
      const response = await page.goto(`${app.server.url}/@${handle}/posts/the-pier-at-dawn`);
      expect(response?.status()).toBe(503);
      expect(response?.headers()['retry-after']).toBeTruthy();
      expect(await page.content()).not.toContain('At five the pier is empty');
      await context.close();
    } finally {
      await db.update(settings).set({ maintenance: false }).where(eq(settings.id, true));
    }
    await expect.poll(() => app.server.services.maintenance.isOn(), { timeout: 30_000 }).toBe(false);
  });

  it('the studio previews the site in a frame and a draft with its banner', async () => {
    for (const width of [375, 1280]) {
      const context = await contextWith({ width, javaScript: true, signedIn: true });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${app.server.url}/preview-page`);
      await page.getByRole('heading', { name: 'Preview your site' }).waitFor();
      const frame = page.frameLocator('iframe.preview__frame');
      await frame.getByRole('heading', { name: 'Harbour Sounds', level: 1 }).waitFor();
      // As a visitor: the members post is listed, its gate shown on opening; the draft is in the list below, not on the site.
      await expect.poll(() => frame.getByText('Notes for next week').count()).toBe(0);
      await page.getByRole('button', { name: 'Mobile' }).click();
      expect(await page.getByRole('button', { name: 'Mobile' }).getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: 'Preview “Notes for next week”' }).click();
      await frame.getByText('Preview — not public').waitFor();
      await frame.getByText('Unfinished.').waitFor();
      await screenshot(page, `${SHOTS}/preview-page-${width}.png`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
