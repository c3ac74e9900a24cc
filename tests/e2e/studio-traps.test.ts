/**
 * The studio's newcomer traps of issue 15, item 10, in Chromium: the browser's
 * Back button from an edited post asks like every other way out; a taken
 * handle is said once; long titles show a counter; the posts list pages
 * beyond its first page; the sidebar's background runs the whole height of a
 * long page; each stylesheet of the creator area is fetched once, without the
 * "credentials mode does not match" warning. Screenshots at 375 and 1280 px
 * go to /tmp/shots-studio/.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { posts } from '../../db/content-schema.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-studio';
/** The posts list's rows past the first screen: the same markup as the rows axe checks. */
const LATER_ROWS = '.post-list > li:nth-child(n+21)';

async function adoptSession(page: Page, creator: Creator, url: string) {
  const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

describe.skipIf(!chromiumAvailable)('the studio traps in Chromium', () => {
  const app = useE2eApp();

  async function signedIn(creator: Creator, width: number, height = 800) {
    const opened = await app.open({ width, height });
    await adoptSession(opened.page, creator, app.server.url);
    return opened;
  }

  it('asks before the browser\'s Back button leaves unsaved edits of a post, and stays when told to', async () => {
    const creator = await creatorWithSite(app.server);
    const paragraph = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Published words.' }] }] };
    await creator.client.post('/api/posts', { title: 'A live post', body: paragraph, status: 'published' });
    const { page, errors } = await signedIn(creator, 1280);
    await page.goto(`${app.server.url}/upload`);
    await page.getByRole('link', { name: 'A live post', exact: true }).click();
    await page.getByRole('textbox', { name: 'Post body' }).getByText('Published words.').click();
    const editorUrl = page.url();
    await page.keyboard.press('End');
    await page.keyboard.type(' An edit not yet saved.');
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();

    const asked: string[] = [];
    const answerNext = (accept: boolean) => page.once('dialog', (dialog) => void (asked.push(dialog.message()), accept ? dialog.accept() : dialog.dismiss()));
    answerNext(false);
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => asked, { timeout: 30_000 }).toEqual(['You have unsaved changes. Leave anyway?']);
    await expect.poll(() => page.url()).toBe(editorUrl);
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Post body' }).textContent()).toBe('Published words. An edit not yet saved.');

    // Told to leave, the page goes back to the list, and the edit is not saved.
    answerNext(true);
    await page.goBack({ waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Posts', level: 1 }).waitFor();
    expect(asked).toHaveLength(2);
    expect(new URL(page.url()).pathname).toBe('/upload');
    const [row] = await app.server.handle.db.select().from(posts).where(eq(posts.siteId, creator.siteId));
    expect(row!.previewHtml).not.toContain('An edit not yet saved.');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('counts the characters of long titles instead of cutting them without a word, and says when the limit is reached', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await signedIn(creator, 1280);
    await page.goto(`${app.server.url}/upload/posts/new`);
    const title = page.getByLabel('Title', { exact: true });
    await title.waitFor();
    await page.getByText('0 / 200').waitFor();
    await title.fill('A title that goes on '.repeat(12));
    // The server's limit is unchanged: the field keeps 200 characters and shows it, and a screen reader hears it once typing pauses.
    expect((await title.inputValue()).length).toBe(200);
    await page.getByText('200 / 200').waitFor();
    await page.getByRole('status').filter({ hasText: 'Character limit reached.' }).waitFor();
    expect(await title.getAttribute('aria-describedby')).toContain('-count');
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 10_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${SHOTS}/post-title-count-1280.png`);
    await expectAccessible(page);

    const phone = await signedIn(creator, 375);
    await phone.page.goto(`${app.server.url}/settings/general`);
    const siteTitle = phone.page.getByRole('textbox', { name: 'Site title' });
    await siteTitle.fill('My very long site title '.repeat(5));
    expect((await siteTitle.inputValue()).length).toBe(80);
    await phone.page.getByText('80 / 80').waitFor();
    await phone.page.getByRole('textbox', { name: 'Tagline' }).fill('Calm mornings');
    await phone.page.getByText('13 / 160').waitFor();
    await siteTitle.scrollIntoViewIfNeeded();
    await screenshot(phone.page, `${SHOTS}/settings-title-count-375.png`);
    await expectAccessible(phone.page);
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });

  it('pages the posts list beyond 500 with "Load more", keeping the filter and the search', async () => {
    const creator = await creatorWithSite(app.server);
    const base = Date.parse('2026-01-01T00:00:00Z');
    await app.server.handle.db.insert(posts).values(
      Array.from({ length: 520 }, (_, index) => ({
        siteId: creator.siteId,
        slug: `seeded-${index}`,
        title: `Seeded post ${index}`,
        excerpt: index % 2 === 0 ? 'an even one' : 'an odd one',
        body: { type: 'doc' as const, content: [] },
        createdAt: new Date(base + index * 1000),
        updatedAt: new Date(base + index * 1000),
      })),
    );
    const { page, errors } = await signedIn(creator, 1280);
    await page.goto(`${app.server.url}/upload`);
    await page.getByText('Showing 100 of 520 posts').waitFor();
    const rows = page.locator('.post-list > li');
    expect(await rows.count()).toBe(100);
    const loadMore = page.getByRole('button', { name: 'Load more posts' });
    await loadMore.click();
    await page.getByText('Showing 200 of 520 posts').waitFor();
    // Focus lands on the first post the button brought.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Seeded post 419');
    await loadMore.scrollIntoViewIfNeeded();
    await screenshot(page, `${SHOTS}/posts-load-more-1280.png`);
    for (let shown = 300; shown <= 500; shown += 100) {
      await loadMore.click();
      await page.getByText(`Showing ${shown} of 520 posts`).waitFor();
    }
    await loadMore.click();
    await page.getByRole('link', { name: 'Seeded post 0', exact: true }).waitFor();
    expect(await rows.count()).toBe(520);
    expect(await loadMore.count()).toBe(0);

    // The search and the filter are kept by the next page.
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('odd');
    await page.getByText('Showing 100 of 260 posts').waitFor();
    await page.getByRole('button', { name: /^Drafts/ }).click();
    // Every seeded post is a draft, so the count reads the same before and after: wait for the list to answer the new filter.
    await page.locator('.post-list[aria-busy="false"]').waitFor();
    await page.getByText('Showing 100 of 260 posts').waitFor();
    expect(new URL(page.url()).search).toBe('?q=odd&status=draft');
    await loadMore.click();
    await page.getByText('Showing 200 of 260 posts').waitFor();
    const titles = await rows.locator('.post-row__title').allTextContents();
    expect(titles).toHaveLength(200);
    expect(titles.every((title) => Number(title.replace('Seeded post ', '')) % 2 === 1)).toBe(true);
    expect(new Set(titles).size).toBe(200);
    await expectAccessible(page, { exclude: LATER_ROWS });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${SHOTS}/posts-filtered-1280.png`);

    const phone = await signedIn(creator, 375);
    await phone.page.goto(`${app.server.url}/upload?status=draft`);
    await phone.page.getByText('Showing 100 of 520 posts').waitFor();
    await phone.page.getByRole('button', { name: 'Load more posts' }).scrollIntoViewIfNeeded();
    await screenshot(phone.page, `${SHOTS}/posts-load-more-375.png`);
    await expectAccessible(phone.page, { exclude: LATER_ROWS });
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });

  it('fetches each stylesheet of the creator area once, with no preload warning', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await signedIn(creator, 1280);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const stylesheetRequests = new Map<string, number>();
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.css')) stylesheetRequests.set(request.url(), (stylesheetRequests.get(request.url()) ?? 0) + 1);
    });
    // A deep link into the studio: its stylesheets are named in the page as hints, then loaded by the module loader.
    await page.goto(`${app.server.url}/upload/posts/new`, { waitUntil: 'networkidle' });
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    expect(stylesheetRequests.size).toBeGreaterThan(0);
    expect([...stylesheetRequests].filter(([, times]) => times > 1)).toEqual([]);
    expect(warnings.filter((warning) => warning.includes('preload'))).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('says once that a handle is taken, in site settings and in the wizard', async () => {
    const other = await creatorWithSite(app.server);
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await signedIn(creator, 1280);
    await page.goto(`${app.server.url}/settings/general`);
    const handleInput = page.getByRole('textbox', { name: 'Handle' });
    await handleInput.fill(other.handle);
    const taken = page.getByText('Someone already has that handle. Please pick another.');
    await taken.waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => handleInput.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await taken.count()).toBe(1);
    await screenshot(page, `${SHOTS}/settings-handle-taken-1280.png`);
    await expectAccessible(page);

    const newcomer = await signUpVerified(app.server);
    const wizard = await app.open({ width: 375 });
    const [name, value] = [...newcomer.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
    await wizard.page.context().addCookies([{ name, value, url: app.server.url }]);
    await wizard.page.goto(`${app.server.url}/onboarding`);
    const wizardHandle = wizard.page.getByRole('textbox', { name: 'Handle' });
    await wizardHandle.fill(other.handle);
    const wizardTaken = wizard.page.getByText('Someone already has that handle. Please pick another.');
    await wizardTaken.waitFor();
    await wizard.page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => wizardHandle.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await wizardTaken.count()).toBe(1);
    await screenshot(wizard.page, `${SHOTS}/wizard-handle-taken-375.png`, { fullPage: true });
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(wizard.errors)).toEqual([]);
  });

  it('paints the sidebar down the whole height of a long page', async () => {
    const creator = await creatorWithSite(app.server);
    for (let index = 0; index < 40; index += 1) await creator.client.post('/api/posts', { title: `Post number ${index}`, body: { type: 'doc', content: [] } });
    const { page, errors } = await signedIn(creator, 1280, 700);
    await page.goto(`${app.server.url}/upload`);
    await page.getByRole('link', { name: 'Post number 0', exact: true }).waitFor();
    // The whole page at once, as a full-page capture (or print) lays it out: the column is white from the top bar to the bottom.
    const { data, info } = await sharp(await page.screenshot({ fullPage: true })).raw().toBuffer({ resolveWithObject: true });
    const pixelAt = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(info.height).toBeGreaterThan(2000);
    expect(pixelAt(20, info.height - 20)).toEqual([255, 255, 255]);
    expect(pixelAt(20, Math.round(info.height / 2))).toEqual([255, 255, 255]);
    await screenshot(page, `${SHOTS}/posts-long-1280.png`, { fullPage: true });
    // Scrolled to the end, the navigation is still in view under the top bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.getByRole('navigation', { name: 'Creator area' }).evaluate((nav) => nav.getBoundingClientRect().top)).toBe(64);
    expect(unexpectedErrors(errors)).toEqual([]);
    expect((await app.server.handle.db.select({ id: posts.id }).from(posts).where(eq(posts.siteId, creator.siteId))).length).toBe(40);
  });
});
