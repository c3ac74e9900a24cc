import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable } from '../support/browser.ts';
import { useE2eApp } from '../support/e2e-app.ts';

const PUBLIC_PAGES = ['/', '/about', '/what-you-get', '/contact', '/privacy-policy', '/terms-conditions', '/login', '/signup'];

describe.skipIf(!chromiumAvailable)('public pages in Chromium', () => {
  const app = useE2eApp();

  it.each(PUBLIC_PAGES)('%s renders with a title and description, no console error and no serious axe violation', async (path) => {
    for (const width of [375, 1280]) {
      const { page, errors } = await app.open({ width });
      await page.goto(`${app.server.url}${path}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      expect(await page.title()).not.toBe('');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      // Nothing may overflow sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('policies show June 30, 2025 and the terms state the minimum age of 13', async () => {
    const { page } = await app.open();
    await page.goto(`${app.server.url}/privacy-policy`);
    await page.getByText(/June 30, 2025/).first().waitFor();
    await page.goto(`${app.server.url}/terms-conditions`);
    await page.getByText(/June 30, 2025/).first().waitFor();
    expect(await page.getByText(/\b13\b/).count()).toBeGreaterThan(0);
  });

  it('opens the burger menu at 375px and navigates with it', async () => {
    const { page, errors } = await app.open({ width: 375 });
    await page.goto(`${app.server.url}/`);
    const burger = page.getByRole('button', { name: /menu/i });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'About' }).first().click();
    await page.waitForURL('**/about');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('FAQ accordion keeps one item open, and clicking the open one closes it', async () => {
    const { page } = await app.open();
    await page.goto(`${app.server.url}/`);
    const questions = page.locator('button[aria-expanded]').filter({ hasText: /\?$/ });
    expect(await questions.count()).toBeGreaterThan(1);
    await questions.nth(0).click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    await questions.nth(1).click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true');
    await questions.nth(1).click();
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('false');
  });

  it('the contact card opens a prefilled compose-mail link to the support address', async () => {
    const { page } = await app.open();
    await page.goto(`${app.server.url}/contact`);
    const mailto = page.locator('a[href^="mailto:support@creator.test"]').first();
    expect(await mailto.getAttribute('href')).toMatch(/subject=.+&body=.+/);
  });

  it('the demo video loads nothing before it is played', async () => {
    const { page } = await app.open();
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'media' || /\.(mp4|webm)$/.test(request.url())) videoRequests.push(request.url());
    });
    await page.goto(`${app.server.url}/`, { waitUntil: 'networkidle' });
    const video = page.locator('video').first();
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('poster')).toBeTruthy();
    expect(videoRequests).toEqual([]);
  });
});
