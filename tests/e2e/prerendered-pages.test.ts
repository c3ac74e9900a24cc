/**
 * docs/decisions/033: a signed-out visit to a public page or auth screen gets
 * the page itself as HTML, styled before any script runs, and the browser
 * hydrates that HTML (the same nodes, no mismatch, no loading screen) instead
 * of painting it again after the main bundle, which it asks for only after the
 * first paint (docs/decisions/118).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { useE2eApp } from '../support/e2e-app.ts';
import { createTestClient } from '../support/http-client.ts';

const PRERENDERED = ['/', '/about', '/what-you-get', '/contact', '/privacy-policy', '/terms-conditions', '/login', '/signup'];
const EMPTY_ROOT = '<div id="root"></div>';

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('<script', start));
}

function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1]!);
}

describe.skipIf(!chromiumAvailable)('pre-rendered first paint', () => {
  const app = useE2eApp();

  it.each(PRERENDERED)('%s arrives as HTML with its heading and its stylesheets', async (path) => {
    const response = await createTestClient(app.server.url).get(path);
    expect(response.status).toBe(200);
    expect(rootOf(response.text)).toMatch(/<h1[\s>]/);
    for (const href of stylesheetsOf(response.text)) expect((await createTestClient(app.server.url).get(href)).status).toBe(200);
  });

  it('names the auth screens\' own stylesheets as blocking links, so the HTML paints styled', async () => {
    const login = await createTestClient(app.server.url).get('/login');
    expect(stylesheetsOf(login.text).some((href) => /\/assets\/LoginPage-[\w-]+\.css$/.test(href))).toBe(true);
    const signup = await createTestClient(app.server.url).get('/signup');
    // signup.css is shared with the Google terms step, so Vite names its chunk after the file rather than the page.
    expect(stylesheetsOf(signup.text).some((href) => /\/assets\/(SignupPage|signup)-[\w-]+\.css$/.test(href))).toBe(true);
  });

  it('names no script to fetch before the first paint: an inline loader, allowed by its hash, asks for them; the shell keeps its own', async () => {
    const visitor = createTestClient(app.server.url);
    const response = await visitor.get('/login');
    expect(response.text).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const loader = /<script data-modules="([^"]+)">([^<]+)<\/script><\/body>/.exec(response.text);
    expect(loader).not.toBeNull();
    const [entry, ...chunks] = loader![1]!.split(' ');
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(chunks.some((chunk) => /^\/assets\/LoginPage-[\w-]+\.js$/.test(chunk))).toBe(true);
    const hash = createHash('sha256').update(loader![2]!).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`);
    const shell = (await visitor.get('/verify-email')).text;
    expect(shell).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(shell).not.toContain('data-modules');
  });

  it.each(['/login', '/signup'])('%s sent before its script ran keeps the password out of the URL and comes back as the page', async (path) => {
    const { page } = await app.open();
    // The page as a reader sees it on a slow link, before the loader has asked for the scripts.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${app.server.url}${path}`);
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).fill('typed-before-the-script');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.locator('form.auth-form button[type="submit"]').click();
    expect((await answer).status()).toBe(303);
    await page.waitForLoadState('load');
    expect(page.url()).toBe(`${app.server.url}${path}`);
    await page.context().close();
  });

  it('starts Inter\'s Latin face beside the stylesheets, as the same file the stylesheet names', async () => {
    const visitor = createTestClient(app.server.url);
    for (const path of ['/', '/login', '/verify-email']) {
      const html = (await visitor.get(path)).text;
      const href = /<link rel="preload" as="font" type="font\/woff2" crossorigin href="(\/assets\/inter-latin-wght-normal-[\w-]+\.woff2)"/.exec(html)?.[1];
      expect(href, path).toBeDefined();
      const css = await Promise.all(stylesheetsOf(html).map(async (sheet) => (await visitor.get(sheet)).text));
      expect(css.join('')).toContain(`url(${href})`);
      const font = await visitor.get(href!);
      expect(font.status).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
    }
  });

  it('does not hint the stylesheets a pre-rendered page already links, so each is fetched once', async () => {
    const html = (await createTestClient(app.server.url).get('/login')).text;
    const linked = stylesheetsOf(html);
    expect(linked.length).toBeGreaterThan(3);
    const hinted = [...html.matchAll(/<link rel="preload" as="style"[^>]* href="([^"]+)"/g)].map((match) => match[1]!);
    expect(hinted.filter((href) => linked.includes(href))).toEqual([]);
  });

  it('loads the images of /about\'s first screen with the page, not lazily after layout', async () => {
    const html = rootOf((await createTestClient(app.server.url).get('/about')).text);
    const firstCardImage = /<img class="card__image"[^>]*>/.exec(html)?.[0];
    expect(firstCardImage).toBeDefined();
    expect(firstCardImage).not.toContain('loading="lazy"');
  });

  it('sends the empty shell to a signed-in user, to a query string the render cannot know, and on other paths', async () => {
    const { client } = await signUp(app.server);
    expect((await client.get('/signup')).text).toContain(EMPTY_ROOT);
    const visitor = createTestClient(app.server.url);
    expect((await visitor.get('/login?verified=1')).text).toContain(EMPTY_ROOT);
    expect((await visitor.get('/verify-email')).text).toContain(EMPTY_ROOT);
    expect((await visitor.get('/no-such-page')).text).toContain(EMPTY_ROOT);
  });

  it.each(PRERENDERED)('%s is hydrated in place: the server\'s heading stays, with no console error and no spinner', async (path) => {
    for (const width of [375, 1280]) {
      const { page, errors } = await app.open({ width });
      await page.addInitScript(() => {
        const seen = { serverHeading: null as Element | null, spinners: 0 };
        Object.assign(window, { firstPaint: seen });
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof Element && (node.matches('.loading-screen, .route-fallback') || node.querySelector('.loading-screen, .route-fallback'))) seen.spinners += 1;
            }
          }
        }).observe(document, { childList: true, subtree: true });
        // "interactive" comes when the HTML is parsed and before any module script runs.
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') seen.serverHeading = document.querySelector('#root h1');
        });
      });
      await page.goto(`${app.server.url}${path}`);
      // Hydrated once React owns the heading: the server's node when hydration matched, a new one when React had to paint again.
      await page.waitForFunction(() => {
        const heading = document.querySelector('#root h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
      });
      await page.waitForLoadState('networkidle');
      const outcome = await page.evaluate(() => {
        const { firstPaint } = window as unknown as { firstPaint: { serverHeading: Element | null; spinners: number } };
        const heading = document.querySelector('#root h1');
        return {
          sentByServer: firstPaint.serverHeading !== null,
          sameNode: heading !== null && heading === firstPaint.serverHeading,
          spinners: firstPaint.spinners,
        };
      });
      expect(outcome).toEqual({ sentByServer: true, sameNode: true, spinners: 0 });
      // The main bundle was asked for only once the page was on screen.
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        bundle: performance.getEntriesByType('resource').find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))?.startTime,
      }));
      expect(timing.paint).toBeGreaterThan(0);
      expect(timing.bundle).toBeGreaterThan(timing.paint!);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
