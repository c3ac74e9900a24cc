import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { useE2eApp } from '../support/e2e-app.ts';
import { axeScan } from '../support/accessibility.ts';

const PUBLIC_PAGES = ['/', '/about', '/what-you-get', '/contact', '/privacy-policy', '/terms-conditions', '/login', '/signup'];
const PAGES_WITH_BOTTOM_CTA = ['/', '/about', '/what-you-get', '/contact'];
/** Three of the four footer links configured; the professional-network one is left unset on purpose. */
const FOOTER_ENV = {
  FOOTER_DEVELOPER_URL: 'https://github.com/creator-platform',
  FOOTER_SOCIAL_URL: 'https://social.creator.test/@creatorplatform',
  FOOTER_HELP_URL: 'https://help.creator.test/',
};

/** Fade-ins still in progress would be measured half-transparent by axe's contrast check. */
async function waitForTransitions(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

describe.skipIf(!chromiumAvailable)('public pages in Chromium', () => {
  const app = useE2eApp({ env: FOOTER_ENV });

  it.each(PUBLIC_PAGES)('%s renders with a title and description, no console error and no serious axe violation', async (path) => {
    for (const width of [375, 1280]) {
      const { page, errors } = await app.open({ width });
      await page.goto(`${app.server.url}${path}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      expect(await page.title()).not.toBe('');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      expect(await page.locator('h1').count()).toBe(1);
      await waitForTransitions(page);
      const results = await axeScan(page).analyze();
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
    await gotoApp(page, `${app.server.url}/`);
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
    await gotoApp(page, `${app.server.url}/`);
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
    await gotoApp(page, `${app.server.url}/contact`);
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

  it('hides the navigation when scrolling down past 80px and shows it again on scrolling up', async () => {
    const { page, errors } = await app.open({ width: 1280, height: 700 });
    await page.goto(`${app.server.url}/`, { waitUntil: 'networkidle' });
    const header = page.locator('header.site-nav');
    const bottomOfNav = () => header.evaluate((element) => element.getBoundingClientRect().bottom);
    expect(await header.getAttribute('data-state')).toBe('shown');

    await page.mouse.wheel(0, 60);
    await page.waitForFunction(() => window.scrollY >= 60);
    expect(await header.getAttribute('data-state')).toBe('shown');

    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => window.scrollY > 80);
    await expect.poll(() => header.getAttribute('data-state')).toBe('hidden');
    await expect.poll(bottomOfNav).toBeLessThanOrEqual(0);

    await page.mouse.wheel(0, -200);
    await expect.poll(() => header.getAttribute('data-state')).toBe('shown');
    await expect.poll(bottomOfNav).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('footer links lead to the site pages and the configured external links only, and a path change scrolls to the top', async () => {
    const { page } = await app.open();
    await gotoApp(page, `${app.server.url}/about`);
    const footer = page.locator('footer');
    for (const [name, href] of [
      ['About', '/about'],
      ['What You Get', '/what-you-get'],
      ['Contact', '/contact'],
      ['Privacy Policy', '/privacy-policy'],
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    const external = [
      ['Developers', FOOTER_ENV.FOOTER_DEVELOPER_URL],
      ['Social', FOOTER_ENV.FOOTER_SOCIAL_URL],
      ['Help center', FOOTER_ENV.FOOTER_HELP_URL],
    ] as const;
    for (const [name, href] of external) {
      const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    expect(await footer.getByRole('link', { name: /Professional network/ }).count()).toBe(0);
    expect(await footer.getByText(/©.*All rights reserved/).count()).toBe(1);

    // Following a footer link from the bottom of a page lands on the top of the next one.
    await footer.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footer.getByRole('link', { name: 'What You Get', exact: true }).click();
    await page.waitForURL('**/what-you-get');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 30_000 }).toBe(0);
  });

  it.each(PAGES_WITH_BOTTOM_CTA)('%s ends with a call to action linking privacy, terms and Get Started', async (path) => {
    const { page } = await app.open();
    await page.goto(`${app.server.url}${path}`);
    const cta = page.locator('section.bottom-cta');
    expect(await cta.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await cta.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/terms-conditions');
    await cta.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/login');
  });

  it('What you get shows the four offer cards with their exact texts', async () => {
    const { page } = await app.open();
    await gotoApp(page, `${app.server.url}/what-you-get`);
    await page.getByRole('heading', { name: 'Build on your name' }).waitFor();
    const offers = await page.locator('.card__title').allTextContents();
    expect(offers).toEqual(['30 days free trial', '100% customizable brand control', '0% revenue cut', '$19+ flat monthly fee']);
  });

  it('the testimonials carousel moves with its buttons from the keyboard, and shows 4-5 star ratings', async () => {
    const { page, errors } = await app.open({ width: 1280, reducedMotion: true });
    await gotoApp(page, `${app.server.url}/`);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const track = carousel.locator('.carousel__track');
    const scrollLeft = () => track.evaluate((element) => element.scrollLeft);
    // Reduced motion: nothing moves on its own, so every change below is the keyboard's doing. The
    // pre-rendered page says Pause until React has read the preference: wait for it, then count.
    await carousel.getByRole('button', { name: /^Play/ }).waitFor();
    expect(await carousel.getByRole('button', { name: /^Play/ }).count()).toBe(1);
    expect(await scrollLeft()).toBe(0);

    const next = carousel.getByRole('button', { name: 'Next testimonial' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(scrollLeft).toBeGreaterThan(0);
    const afterOne = await scrollLeft();
    await page.keyboard.press('Space');
    await expect.poll(scrollLeft).toBeGreaterThan(afterOne);

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(scrollLeft).toBe(afterOne);

    const ratings = await carousel.getByRole('img', { name: /^Rated \d out of 5$/ }).evaluateAll((elements) =>
      elements.map((element) => Number(/Rated (\d)/.exec(element.getAttribute('aria-label') ?? '')?.[1])),
    );
    expect(ratings.length).toBeGreaterThan(2);
    expect(ratings.every((rating) => rating >= 4 && rating <= 5)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('fade-in content stays hidden below the fold and becomes visible once scrolled to', async () => {
    const { page } = await app.open({ width: 1280, height: 700 });
    // The server's HTML shows every block; hiding the ones below the fold is the hydrated page's work.
    await gotoApp(page, `${app.server.url}/`);
    const faq = page.locator('.fade-in').filter({ has: page.locator('.accordion') });
    await expect.poll(() => faq.getAttribute('data-fade-in')).toBe('waiting');
    expect(await faq.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');

    await faq.scrollIntoViewIfNeeded();
    await expect.poll(() => faq.getAttribute('data-fade-in')).toBe('shown');
    await expect.poll(() => faq.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');

    // Shown once, it stays shown when scrolled away again.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    expect(await faq.getAttribute('data-fade-in')).toBe('shown');
  });

  it('paints the fade-in blocks of the first screen from the server\'s HTML, before any script, and never hides them', async () => {
    // Without scripts the page is what the server sent: every block must be readable there, or the first paint
    // (and the largest one Lighthouse times) waits for hydration to reveal it.
    const context = await app.browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
    const bare = await context.newPage();
    await bare.goto(`${app.server.url}/about`);
    const opacities = await bare.locator('.fade-in').evaluateAll((elements) => elements.map((element) => getComputedStyle(element).opacity));
    expect(opacities.length).toBeGreaterThan(0);
    expect(opacities.every((opacity) => opacity === '1')).toBe(true);
    await context.close();

    // With scripts, a block on the first screen is never switched to waiting, so it never blinks out and back.
    const { page, errors } = await app.open({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { fadeInStates: seen });
      new MutationObserver((records) => {
        for (const record of records) {
          const element = record.target as HTMLElement;
          if (element.getBoundingClientRect().top < window.innerHeight) seen.push(element.dataset.fadeIn ?? '');
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-fade-in'] });
    });
    await page.goto(`${app.server.url}/about`, { waitUntil: 'networkidle' });
    const firstScreen = await page.locator('.fade-in').evaluateAll((elements) =>
      elements.filter((element) => element.getBoundingClientRect().top < window.innerHeight).map((element) => (element as HTMLElement).dataset.fadeIn),
    );
    expect(firstScreen.length).toBeGreaterThan(0);
    expect(firstScreen.every((state) => state === 'shown')).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { fadeInStates: string[] }).fadeInStates)).not.toContain('waiting');
    expect(errors).toEqual([]);
  });

  it('shows fade-in content at once to users who prefer reduced motion', async () => {
    const { page } = await app.open({ width: 1280, height: 700, reducedMotion: true });
    await page.goto(`${app.server.url}/`, { waitUntil: 'networkidle' });
    const faq = page.locator('.fade-in').filter({ has: page.locator('.accordion') });
    expect(await faq.getAttribute('data-fade-in')).toBe('shown');
    expect(await faq.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  });
});
