/**
 * The media library (/upload/media) in Chromium against the real server: tus
 * uploads through the page, processing to Ready, details, delete with its
 * confirmation and the server's refusal while a post uses the item, a type
 * refused before upload, pause and resume, and an upload continued after a
 * reload by choosing its file again; the server's UPLOAD_MAX_BYTES enforced
 * before a byte is sent, a full site storage named, and a failed file removed
 * in one step. Screenshots at 375 and 1280 px go to /tmp/shots-media/.
 */
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, posts, postMedia, sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { makeMediaFixtures, type MediaFixtures } from '../support/media-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeScan } from '../support/accessibility.ts';

const SHOTS = '/tmp/shots-media';
// Processing is a job that waits its turn for the CPU: in `npm test` three e2e files run at once on two cores, and
// the others encode video too. A wait ends as soon as the item is ready, so a long limit costs nothing when it works.
const PROCESSING_TIMEOUT_MS = 150_000;
const MIB = 1024 * 1024;
/** Above the 21 MB WAV of the pause test, small enough that a test fills it. */
const UPLOAD_MAX_BYTES = 24 * MIB;
const SITE_STORAGE_QUOTA_BYTES = 30 * MIB;

describe.skipIf(!chromiumAvailable)('the media library in Chromium', () => {
  const app = useE2eApp({ env: { UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES), SITE_STORAGE_QUOTA_BYTES: String(SITE_STORAGE_QUOTA_BYTES) } });
  let files: MediaFixtures;
  let handles = 0;

  beforeAll(async () => {
    files = await makeMediaFixtures();
  });
  afterAll(async () => {
    await files?.remove();
  });

  /** A verified creator with a site (inserted as the sites feature would), signed in on a new page at /upload/media. */
  async function openAsCreator(width = 1280) {
    const account = await signUpVerified(app.server);
    const { db } = app.server.handle;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    handles += 1;
    const [site] = await db
      .insert(sites)
      .values({ ownerId: user!.id, handle: `media-${process.pid}-${handles}`, title: 'Media test' })
      .returning({ id: sites.id });
    const opened = await app.open({ width, height: 900 });
    const [name, value] = [...account.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await opened.page.context().addCookies([{ name, value, url: app.server.url }]);
    await opened.page.goto(`${app.server.url}/upload/media`);
    await opened.page.getByRole('heading', { name: 'Media', level: 1 }).waitFor();
    return { ...opened, siteId: site!.id };
  }

  async function choose(page: Page, paths: string | string[] | { name: string; mimeType: string; buffer: Buffer }, button = page.getByRole('button', { name: 'Choose files' })) {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
    await chooser.setFiles(paths);
  }

  /** No serious or critical axe finding, and nothing wider than the screen. */
  async function expectAccessible(page: Page) {
    const results = await axeScan(page).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });

  it('uploads an image and a video with progress, shows them Ready, previews the image and deletes it after confirming', async () => {
    const { page, errors } = await openAsCreator();
    await page.getByText('No media yet.').waitFor();

    await choose(page, [files.png, files.mp4]);
    await page.getByRole('progressbar', { name: 'Upload of sunrise.png' }).waitFor({ state: 'attached' });
    await page.getByRole('progressbar', { name: 'Upload of clip.mp4' }).waitFor({ state: 'attached' });

    await card(page, 'sunrise.png').getByText('Ready').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    await card(page, 'clip.mp4').getByText('Ready').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    expect(await card(page, 'sunrise.png').locator('img').getAttribute('src')).toMatch(/^\/media\//);
    await screenshot(page, `${SHOTS}/library-1280.png`, { fullPage: true });
    await expectAccessible(page);

    // Search by name and filter by kind, kept in the address.
    await page.getByLabel('Search by file name').fill('sun');
    await page.getByRole('button', { name: 'clip.mp4', exact: true }).waitFor({ state: 'detached' });
    await page.waitForURL(/[?&]q=sun/);
    await page.getByLabel('Type').selectOption('video');
    await page.getByText('Nothing matches this search.').waitFor();
    await page.getByLabel('Search by file name').fill('');
    await page.getByRole('button', { name: 'clip.mp4', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'sunrise.png', exact: true }).count()).toBe(0);
    await page.getByLabel('Type').selectOption('');
    await page.getByRole('button', { name: 'sunrise.png', exact: true }).waitFor();

    // Details: the image at several widths, alt text saved.
    await page.getByRole('button', { name: 'sunrise.png', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'sunrise.png' });
    await details.waitFor();
    await expect.poll(() => details.locator('img').getAttribute('srcset')).toMatch(/ 320w, .* 640w/);
    await details.getByLabel('Alt text').fill('An orange sky with the sun rising');
    await details.getByRole('button', { name: 'Save alt text' }).click();
    await details.getByText('Alt text saved.').waitFor();
    await screenshot(page, `${SHOTS}/details-1280.png`);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('sunrise.png');

    // The video plays its HLS playlist through hls.js in Chromium.
    await page.getByRole('button', { name: 'clip.mp4', exact: true }).click();
    const video = page.getByRole('dialog', { name: 'clip.mp4' }).locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Delete sunrise.png' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete "sunrise.png"?' });
    await confirm.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('"sunrise.png" was deleted.').waitFor();
    await page.getByRole('button', { name: 'sunrise.png', exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'clip.mp4', exact: true }).isVisible()).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('refuses another type before a byte is sent, and a delete while a post uses the item', async () => {
    const { page, errors, siteId } = await openAsCreator(375);
    // Chosen with the keyboard: the button opens the file chooser on Enter.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page
        .getByRole('button', { name: 'Choose files' })
        .focus()
        .then(() => page.keyboard.press('Enter')),
    ]);
    await chooser.setFiles({ name: 'notes.html', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') });
    await page.getByRole('alert').getByText('This type of file cannot be uploaded.', { exact: false }).waitFor();
    // Dropped on the zone: the same check.
    await page.locator('.media-drop-zone').evaluate((zone) => {
      const data = new DataTransfer();
      data.items.add(new File(['plain words'], 'readme.txt', { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await page.getByText('readme.txt').waitFor();
    expect(await page.getByRole('alert').getByText('This type of file cannot be uploaded.', { exact: false }).count()).toBe(2);
    expect(await page.getByRole('progressbar').count()).toBe(0);

    await choose(page, files.png);
    await card(page, 'sunrise.png').getByText('Ready').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    // A PDF: an icon in the grid, a link in its details.
    await choose(page, { name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await card(page, 'guide.pdf').getByText('Ready').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    await page.getByRole('button', { name: 'guide.pdf', exact: true }).click();
    const pdfLink = page.getByRole('dialog', { name: 'guide.pdf' }).getByRole('link', { name: 'Open the PDF' });
    expect(await pdfLink.getAttribute('href')).toMatch(/^\/media\/.+\/original$/);
    await page.keyboard.press('Escape');
    // A file that says it is a video but is not: processing fails, and the library says why.
    await choose(page, { name: 'broken.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(64 * 1024, 7) });
    await card(page, 'broken.mp4').getByText(/^Failed: ./).waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    const { db } = app.server.handle;
    const [item] = await db.select({ id: media.id }).from(media).where(and(eq(media.siteId, siteId), eq(media.originalName, 'sunrise.png')));
    const [post] = await db.insert(posts).values({ siteId, slug: 'uses-it', title: 'Uses it', body: { type: 'doc', content: [] } }).returning({ id: posts.id });
    await db.insert(postMedia).values({ postId: post!.id, mediaId: item!.id, place: 'cover' });

    await page.getByRole('button', { name: 'Delete sunrise.png' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete "sunrise.png"?' });
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await confirm.getByText('This file is used in a post.', { exact: false }).waitFor();
    await screenshot(page, `${SHOTS}/in-use-375.png`);
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await screenshot(page, `${SHOTS}/library-375.png`, { fullPage: true });
    await expectAccessible(page);
    expect(unexpectedErrors(errors, [409])).toEqual([]);
  });

  it('pauses and resumes an upload, and continues it after a reload when its file is chosen again', async () => {
    const { page, errors } = await openAsCreator();
    // A slow uplink, so the 21 MB file is still on its way while the test pauses and reloads.
    const cdp = await page.context().newCDPSession(page);
    const throttle = (bytesPerSecond: number, offline = false) =>
      cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
    await throttle(1_000_000);

    await choose(page, files.wav);
    const bar = page.getByRole('progressbar', { name: 'Upload of tone.wav' });
    await expect.poll(() => bar.evaluate((element: HTMLProgressElement) => element.value), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause tone.wav' }).click();
    await page.getByText('Paused', { exact: true }).waitFor();
    await screenshot(page, `${SHOTS}/paused-1280.png`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Resume tone.wav' }).click();
    await page.getByRole('button', { name: 'Pause tone.wav' }).waitFor();
    const resumedFrom = await bar.evaluate((element: HTMLProgressElement) => element.value);
    await expect.poll(() => bar.evaluate((element: HTMLProgressElement) => element.value), { timeout: 30_000 }).toBeGreaterThan(resumedFrom);

    // Offline: the upload stops and says so; back online, it goes on by itself.
    await throttle(1_000_000, true);
    await page.getByText('You are offline.', { exact: false }).waitFor({ timeout: 30_000 });
    await screenshot(page, `${SHOTS}/offline-1280.png`);
    const offlineAt = await bar.evaluate((element: HTMLProgressElement) => element.value);
    await throttle(1_000_000);
    await page.getByRole('button', { name: 'Pause tone.wav' }).waitFor();
    await expect.poll(() => bar.evaluate((element: HTMLProgressElement) => element.value), { timeout: 30_000 }).toBeGreaterThan(offlineAt);

    await page.reload();
    await page.getByRole('heading', { name: 'Unfinished uploads from your last visit' }).waitFor();
    await page.getByText('Your browser cannot reopen a file by itself.', { exact: false }).waitFor();
    await screenshot(page, `${SHOTS}/unfinished-1280.png`);
    await throttle(-1);
    await choose(page, files.wav, page.getByRole('button', { name: 'Choose this file again: tone.wav' }));
    await page.getByText('Continues where it stopped', { exact: false }).waitFor();
    await page.getByText('Uploaded, now processing').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Unfinished uploads from your last visit' }).waitFor({ state: 'detached' });
    // The finished row leaves by itself; the library has the item.
    await page.getByRole('progressbar', { name: 'Upload of tone.wav' }).waitFor({ state: 'detached' });
    await card(page, 'tone.wav').getByText('Ready').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    // Its web format plays in the audio player.
    await page.getByRole('button', { name: 'tone.wav', exact: true }).click();
    const audio = page.getByRole('dialog', { name: 'tone.wav' }).locator('audio');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(await audio.evaluate((element: HTMLAudioElement) => Math.round(element.duration))).toBe(120);
    await page.keyboard.press('Escape');
    // The browser logs the request that the offline spell cut; nothing else may be logged.
    expect(unexpectedErrors(errors).filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('cancels an upload: tus terminates it and the server forgets the item', async () => {
    const { page, errors } = await openAsCreator();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1_000_000 });
    await choose(page, files.wav);
    const bar = page.getByRole('progressbar', { name: 'Upload of tone.wav' });
    await expect.poll(() => bar.evaluate((element: HTMLProgressElement) => element.value), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel tone.wav' }).click();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    const listed = () => page.evaluate(async () => ((await (await fetch('/api/media')).json()) as { media: { originalName: string }[] }).media.map((item) => item.originalName));
    await expect.poll(listed).toEqual([]);
    await page.getByText('No media yet.').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("refuses a file over the server's limit before a byte is sent, names a full site storage, and removes a failed file in one step", async () => {
    const { page, errors } = await openAsCreator(375);
    const creations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') creations.push(request.url());
    });
    // A sparse file one byte over UPLOAD_MAX_BYTES: the limit the server's public config gave, not a 5 GB guess.
    const huge = path.join(files.dir, 'huge.wav');
    await writeFile(huge, '');
    await truncate(huge, UPLOAD_MAX_BYTES + 1);
    await page.getByText('up to 24 MB each', { exact: false }).waitFor();
    await choose(page, huge);
    await page.getByRole('alert').getByText('This file is larger than the 24 MB limit.').waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(creations).toEqual([]);

    // 20 MiB that are no video: stored, then failed by processing, still holding their room.
    const broken = path.join(files.dir, 'broken.mp4');
    await writeFile(broken, Buffer.alloc(20 * MIB, 7));
    await choose(page, broken);
    await card(page, 'broken.mp4').getByText(/^Failed: ./).waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    // 12 MiB more would take the site past its 30 MiB: the server refuses it at creation, and the uploader says why.
    const pdf = path.join(files.dir, 'handbook.pdf');
    await writeFile(pdf, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(12 * MIB - 9, 0x20)]));
    await choose(page, pdf);
    await page.getByText("Your site's storage is full", { exact: false }).waitFor();
    await screenshot(page, `${SHOTS}/storage-full-375.png`, { fullPage: true });
    await expectAccessible(page);

    // One press removes the failed file: no dialog to confirm.
    await page.getByRole('button', { name: 'Remove broken.mp4, which failed' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('"broken.mp4" was removed.').waitFor();
    // The focus stays in the library, not lost with the card.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Library');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.getByRole('button', { name: 'broken.mp4', exact: true }).waitFor({ state: 'detached' });
    // The room it held is free: the refused upload goes through when tried again.
    await page.getByRole('button', { name: 'Try again: handbook.pdf' }).click();
    await card(page, 'handbook.pdf').getByText('Ready').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    expect(unexpectedErrors(errors, [413])).toEqual([]);
  });
});
