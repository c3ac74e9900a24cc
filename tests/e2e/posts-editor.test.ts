/**
 * The posts studio in Chromium (issue 9, item 3): a creator writes a post with
 * a heading, a list, a link and the members-only marker; it saves itself;
 * a reload brings it back; publishing it public with the marker is refused
 * with a message until it is for members; it is published; another is scheduled; one is
 * deleted after a confirmation; a failed save keeps the text and retries.
 * Screenshots at 375 and 1280 px go to /tmp/shots-posts/.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { MARKER_ON_PUBLIC_POST } from '../../client/content/posts.ts';
import { postMedia, posts } from '../../db/content-schema.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { makeJpeg, uploadBytes, waitForMedia } from '../support/media.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeScan } from '../support/accessibility.ts';

const SHOTS = '/tmp/shots-posts';

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await axeScan(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function adoptSession(page: Page, creator: Creator, url: string) {
  const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

describe.skipIf(!chromiumAvailable)('the posts studio in Chromium', () => {
  const app = useE2eApp();

  async function postsOf(creator: Creator) {
    return app.server.handle.db.select().from(posts).where(eq(posts.siteId, creator.siteId));
  }

  it('writes a post that saves itself, survives a reload, is published; schedules another; deletes after confirming', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);

    await page.goto(`${app.server.url}/upload`);
    await page.getByRole('heading', { name: 'Write your first post' }).waitFor();
    await screenshot(page, `${SHOTS}/list-empty-1280.png`, { fullPage: true });
    expect(await page.getByRole('link', { name: 'New post' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Write a post' }).click();
    await page.waitForURL('**/upload/posts/new');

    await page.getByLabel('Title', { exact: true }).fill('My first post');
    await page.keyboard.press('Enter');
    const body = page.getByRole('textbox', { name: 'Post body' });
    expect(await body.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('Intro heading');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Hello readers.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    expect(await page.getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('First point');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second point');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read the docs');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+k');
    const linkDialog = page.getByRole('dialog', { name: 'Add a link' });
    await linkDialog.getByLabel('URL').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Apply' }).click();
    await linkDialog.getByText('Enter a web address').waitFor();
    await linkDialog.getByLabel('URL').fill('example.com/docs');
    await linkDialog.getByRole('button', { name: 'Apply' }).click();
    await linkDialog.waitFor({ state: 'hidden' });
    // Back in the text, the caret just after the new link.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Post body');
    await page.keyboard.press('Enter');
    const marker = page.getByRole('button', { name: 'Insert “Members only below this line”' });
    await marker.click();
    expect(await page.getByRole('button', { name: /already in the post/ }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.type('Secret part for members.');

    // Autosave: about two seconds after the last key, the post exists and the address is its own.
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 10_000 });
    await page.waitForURL(/\/upload\/posts\/[0-9a-f-]{36}$/);
    let [saved] = await postsOf(creator);
    expect(saved).toMatchObject({ title: 'My first post', slug: 'my-first-post', status: 'draft' });
    expect(saved!.previewHtml).toContain('<h2>Intro heading</h2>');
    expect(saved!.previewHtml).toContain('<ul><li><p>First point</p></li><li><p>Second point</p></li></ul>');
    expect(saved!.previewHtml).toContain('<a href="https://example.com/docs" rel="noopener nofollow ugc">Read the docs</a>');
    expect(saved!.gatedHtml).toBe('<p>Secret part for members.</p>');

    await page.reload();
    await page.getByRole('textbox', { name: 'Post body' }).getByText('Secret part for members.').waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('My first post');
    await page.getByRole('separator', { name: 'Members only below this line' }).waitFor();
    expect(await page.getByLabel('URL', { exact: true }).inputValue()).toBe('my-first-post');
    await page.getByText(`/@${creator.handle}/posts/my-first-post`).waitFor();
    await screenshot(page, `${SHOTS}/editor-1280.png`, { fullPage: true });

    // Public with the line: the editor says so, and publishing is refused until the creator chooses who reads below it.
    await page.getByText(MARKER_ON_PUBLIC_POST).waitFor();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alert').filter({ hasText: SERVER_MESSAGES['marker-needs-members'] }).waitFor();
    expect((await postsOf(creator))[0]!.status).toBe('draft');
    // Both messages look like the studio's error notices (a red rule at their left), not like body text.
    for (const text of [MARKER_ON_PUBLIC_POST, SERVER_MESSAGES['marker-needs-members']]) {
      const rule = await page.locator('.notice--error').filter({ hasText: text }).evaluate((element) => getComputedStyle(element).borderLeftStyle);
      expect(rule).toBe('solid');
    }
    await screenshot(page, `${SHOTS}/editor-marker-on-public-1280.png`, { fullPage: true });
    await page.getByRole('radio', { name: 'Members', exact: true }).check();
    await page.getByText(MARKER_ON_PUBLIC_POST).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('View on your site').waitFor();
    [saved] = await postsOf(creator);
    expect(saved).toMatchObject({ status: 'published', visibility: 'members' });

    // A published post keeps edits until "Update".
    await page.getByRole('textbox', { name: 'Post body' }).getByText('Hello readers.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Welcome!');
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    // Leaving through the sidebar asks first; staying keeps the edit.
    const editorUrl = page.url();
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
    await page.getByRole('link', { name: 'Upload content' }).click();
    expect(await asked).toBe('You have unsaved changes. Leave anyway?');
    expect(page.url()).toBe(editorUrl);
    await page.waitForTimeout(2500);
    expect((await postsOf(creator))[0]!.previewHtml).not.toContain('Welcome!');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await postsOf(creator))[0]!.previewHtml).toContain('Hello readers. Welcome!');

    // A signed-out visitor reads the part above the line, not the rest.
    const visitor = await app.open({ width: 375 });
    await visitor.page.goto(`${app.server.url}/@${creator.handle}/posts/my-first-post`);
    await visitor.page.getByRole('heading', { name: 'Intro heading' }).waitFor();
    expect(await visitor.page.getByRole('link', { name: 'Read the docs' }).getAttribute('href')).toBe('https://example.com/docs');
    expect(await visitor.page.content()).not.toContain('Secret part for members.');
    await screenshot(visitor.page, `${SHOTS}/public-post-visitor-375.png`, { fullPage: true });
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
    await visitor.page.context().close();

    // Another post, scheduled.
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('Later post');
    await page.getByRole('textbox', { name: 'Post body' }).click();
    await page.keyboard.type('Coming soon.');
    // The toolbar is one tab stop whose buttons the arrow keys walk.
    await page.keyboard.press('Shift+Tab');
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focusedName()).toBe('Heading 2');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName()).toBe('Heading 3');
    await page.keyboard.press('End');
    expect(await focusedName()).toBe('Redo');
    // One more step back leaves the toolbar for the title.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Post title');
    await page.getByText(/Time zone: /).waitFor();
    await page.getByLabel('Or schedule for later').fill('2030-01-15T10:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('button', { name: 'Reschedule' }).waitFor();
    const expectedTime = await page.evaluate(() => new Date('2030-01-15T10:00').toISOString());
    const [scheduled] = await app.server.handle.db.select().from(posts).where(and(eq(posts.siteId, creator.siteId), eq(posts.slug, 'later-post')));
    expect(scheduled).toMatchObject({ status: 'scheduled', publishedAt: new Date(expectedTime) });
    await screenshot(page, `${SHOTS}/editor-scheduled-1280.png`, { fullPage: true });

    // The list, its filters and their counts.
    await page.getByRole('link', { name: '← All posts' }).click();
    await page.waitForURL('**/upload');
    await page.getByRole('link', { name: 'My first post', exact: true }).waitFor();
    await page.getByRole('button', { name: /^Scheduled/ }).click();
    await page.waitForURL('**/upload?status=scheduled');
    await page.getByRole('link', { name: 'My first post', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Later post', exact: true }).waitFor();
    await page.getByRole('button', { name: /^All/ }).click();
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('first');
    await page.waitForURL('**/upload?q=first');
    await page.getByRole('link', { name: 'Later post', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'View My first post on your site (opens in a new tab)' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('');
    await page.getByRole('link', { name: 'Later post', exact: true }).waitFor();
    await screenshot(page, `${SHOTS}/list-1280.png`, { fullPage: true });

    // Delete, after a confirmation that can be cancelled.
    await page.getByRole('link', { name: 'Later post', exact: true }).click();
    await page.getByRole('button', { name: 'Delete post' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    await confirm.getByText('“Later post” will be deleted for good.').waitFor();
    await screenshot(page, `${SHOTS}/delete-dialog-1280.png`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await postsOf(creator)).toHaveLength(2);
    await page.getByRole('button', { name: 'Delete post' }).click();
    await confirm.getByRole('button', { name: 'Delete post' }).click();
    await page.waitForURL('**/upload');
    await page.getByRole('link', { name: 'My first post', exact: true }).waitFor();
    expect((await postsOf(creator)).map((post) => post.title)).toEqual(['My first post']);

    // The one 400 is the refused publication of the public post with the line.
    expect(unexpectedErrors(errors, [400])).toEqual([]);
  });

  it('keeps the text of a failed save, says so, and saves it on retry', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await app.open({ width: 1280 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('Offline draft');
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 10_000 });

    await page.route('**/api/posts/*', (route) => (route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue()));
    await page.getByRole('textbox', { name: 'Post body' }).click();
    await page.keyboard.type('Words written while the network is down.');
    await page.getByRole('status').filter({ hasText: 'Not saved' }).waitFor({ timeout: 10_000 });
    await page.getByText('Could not reach the server.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Post body' }).textContent()).toBe('Words written while the network is down.');

    await page.unroute('**/api/posts/*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const [row] = await app.server.handle.db.select().from(posts).where(eq(posts.siteId, creator.siteId));
    expect(row!.previewHtml).toBe('<p>Words written while the network is down.</p>');
    // The aborted requests are the browser's network log, not an error of the app.
    expect(unexpectedErrors(errors).filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('saves a draft left through the sidebar before its autosave, and keeps the address of the page left for', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await app.open({ width: 1280 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('Written in a hurry');
    const created = page.waitForResponse((response) => response.url().endsWith('/api/posts') && response.request().method() === 'POST');
    await page.getByRole('link', { name: 'Upload content' }).click();
    await page.getByRole('heading', { name: 'Posts', level: 1 }).waitFor();
    expect((await created).status()).toBe(201);
    expect((await postsOf(creator)).map((post) => post.title)).toEqual(['Written in a hurry']);
    // The answer has been handled by the time the page answers this.
    expect(await page.evaluate(() => new Promise<string>((resolve) => setTimeout(() => resolve(window.location.pathname), 100)))).toBe('/upload');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('puts an image of the media library in the body and as the cover', async () => {
    const creator = await creatorWithSite(app.server);
    const imageId = await uploadBytes(app.server.url, creator.client, await makeJpeg(800, 600), 'sunset.jpg', 'image/jpeg');
    expect((await waitForMedia(creator.client, imageId)).status).toBe('ready');
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('With a picture');
    await page.getByRole('textbox', { name: 'Post body' }).click();
    await page.keyboard.type('Look at this:');

    await page.getByRole('button', { name: 'Image from the library' }).click();
    const picker = page.getByRole('dialog', { name: 'Insert an image' });
    await picker.getByRole('button', { name: /sunset\.jpg/ }).click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByLabel('Caption of sunset.jpg').fill('The sun going down');
    await page.getByRole('button', { name: 'Choose a cover image' }).click();
    await page.getByRole('dialog', { name: 'Choose a cover image' }).getByRole('button', { name: /sunset\.jpg/ }).click();
    await page.getByRole('button', { name: 'Change' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 10_000 });
    // Not full-page: the sticky top bar and toolbar would be drawn mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${SHOTS}/editor-media-1280.png`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [post] = await postsOf(creator);
    expect(post!.coverMediaId).toBe(imageId);
    expect(post!.previewHtml).toContain(`<figure data-media-id="${imageId}" data-media-kind="image"><figcaption>The sun going down</figcaption></figure>`);
    const uses = await app.server.handle.db.select().from(postMedia).where(eq(postMedia.postId, post!.id));
    expect(uses.map((use) => use.place).sort()).toEqual(['cover', 'preview']);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('fits a phone: the list and the editor at 375 px', async () => {
    const creator = await creatorWithSite(app.server);
    await creator.client.post('/api/posts', { title: 'A post with a rather long title that must wrap on a small phone screen', body: { type: 'doc', content: [] }, status: 'published' });
    await creator.client.post('/api/posts', { title: 'A draft', body: { type: 'doc', content: [] } });
    const { page, errors } = await app.open({ width: 375, height: 800 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/upload`);
    await page.getByRole('link', { name: 'A draft', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, `${SHOTS}/list-375.png`, { fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'A draft', exact: true }).click();
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, `${SHOTS}/editor-375.png`, { fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
