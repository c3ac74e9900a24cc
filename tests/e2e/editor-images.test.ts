/**
 * The editor takes images (issue 29 item 5) in Chromium against the real
 * server: a PNG pasted (a real ClipboardEvent carrying a File, as the OS
 * clipboard is not there headless), one dropped and one uploaded from the
 * image dialog, each through the tab's tus uploads with a placeholder and
 * its progress in place; the picture shown as it will look; its alt text set
 * in place by keyboard, and used by the public page and the newsletter (the
 * others fall back to an empty alt, never a file's name). Faults: a pasted
 * file that is no image, one over the limit, an upload the server stops
 * midway (the draft saved without it, then tried again). Screenshots at 375
 * and 1280 px go to /tmp/shots-editor-images/.
 */
import { eq } from 'drizzle-orm';
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EDITOR_UPLOAD_COPY } from '../../client/content/editor.ts';
import type { EmailPreview } from '../../common/api/email.ts';
import { posts } from '../../db/content-schema.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeScan } from '../support/accessibility.ts';

const SHOTS = '/tmp/shots-editor-images';
const MIB = 1024 * 1024;
const UPLOAD_MAX_BYTES = 2 * MIB;
const ALT = 'Gulls over the "harbour" at dawn';

function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function adoptSession(page: Page, creator: Creator, url: string) {
  const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

/** Pastes files into the body as a real paste does: a ClipboardEvent whose DataTransfer holds them. */
async function pasteFiles(page: Page, files: { bytes: Buffer; name: string; type: string }[]) {
  await page.getByRole('textbox', { name: 'Post body' }).evaluate(
    (element, { sent }) => {
      const data = new DataTransfer();
      for (const file of sent) data.items.add(new File([Uint8Array.from(atob(file.bytes), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { sent: files.map((file) => ({ bytes: file.bytes.toString('base64'), name: file.name, type: file.type })) },
  );
}

/** Drops a file onto the body at the start of the paragraph holding `text`. */
async function dropFile(page: Page, file: { bytes: Buffer; name: string; type: string }, text: string) {
  const box = (await page.getByRole('textbox', { name: 'Post body' }).getByText(text).boundingBox())!;
  await page.getByRole('textbox', { name: 'Post body' }).evaluate(
    (element, { sent, x, y }) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(sent.bytes), (c) => c.charCodeAt(0))], sent.name, { type: sent.type }));
      element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, clientX: x, clientY: y, bubbles: true, cancelable: true }));
    },
    { sent: { bytes: file.bytes.toString('base64'), name: file.name, type: file.type }, x: box.x + 2, y: box.y + box.height / 2 },
  );
}

/** Holds the upload's PATCH requests until `release` is called, so the placeholder can be seen mid-upload. */
async function holdUploads(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/uploads/**', async (route: Route) => {
    if (route.request().method() === 'PATCH') await released;
    await route.continue();
  });
  return { release };
}

describe.skipIf(!chromiumAvailable)('the editor takes images (Chromium)', () => {
  const app = useE2eApp({ env: { UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) } });

  async function postOf(creator: Creator) {
    const [post] = await app.server.handle.db.select().from(posts).where(eq(posts.siteId, creator.siteId));
    return post;
  }

  it('pastes, drops and uploads from the dialog with progress in place, shows the pictures, sets an alt text the page and the mail use', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('Harbour pictures');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Before the pictures.');
    await page.keyboard.press('Enter');

    // Paste: the placeholder shows the file's name, a progress bar and a status while the upload is held.
    const uploads = await holdUploads(page);
    await pasteFiles(page, [{ bytes: await png(1200, 800, '#0f766e'), name: 'pasted-harbour.png', type: 'image/png' }]);
    const placeholder = page.locator('.upload-node');
    await placeholder.getByRole('progressbar', { name: 'Upload of pasted-harbour.png' }).waitFor();
    await placeholder.getByRole('status').filter({ hasText: 'Uploading pasted-harbour.png' }).waitFor();
    // Also said by the editor's region that was in the page before, which screen readers do read out.
    await page.locator('.post-editor__body > [role="status"]').filter({ hasText: 'Uploading pasted-harbour.png' }).waitFor();
    await screenshot(page, `${SHOTS}/placeholder-1280.png`);
    // Leaving while it uploads asks first: the picture would reach the library, not the post.
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
    await page.getByRole('link', { name: 'Upload content' }).click();
    expect(await asked).toBe(EDITOR_UPLOAD_COPY.leaveWhileUploading);
    await placeholder.waitFor();
    uploads.release();
    // Done: the picture replaces it, and screen readers hear so.
    await page.getByRole('status').filter({ hasText: 'pasted-harbour.png uploaded and placed in the post.' }).waitFor({ timeout: 30_000 });
    expect(await placeholder.count()).toBe(0);
    const pasted = page.locator('.media-node').first();
    // Shown as readers will see it: the image itself, across the column (1200 px wide, the column narrower).
    await pasted.locator('img.media-node__picture').waitFor({ timeout: 60_000 });
    const shown = await pasted.locator('img.media-node__picture').evaluate((image: HTMLImageElement) => ({ width: image.getBoundingClientRect().width, column: image.closest('.post-prose')!.getBoundingClientRect().width, loaded: image.complete && image.naturalWidth > 0 }));
    expect(shown.loaded).toBe(true);
    expect(shown.width).toBeGreaterThan(shown.column * 0.9);

    // Drop another before the first paragraph.
    await dropFile(page, { bytes: await png(300, 200, '#9b2c2c'), name: 'dropped-gull.png', type: 'image/png' }, 'Before the pictures.');
    await page.getByRole('status').filter({ hasText: 'dropped-gull.png uploaded and placed in the post.' }).waitFor({ timeout: 30_000 });
    // A small picture is not stretched past its own width.
    const small = page.locator('.media-node').first().locator('img.media-node__picture');
    await small.waitFor({ timeout: 60_000 });
    expect(await small.evaluate((image) => image.getBoundingClientRect().width)).toBeLessThanOrEqual(300);

    // Upload from the image dialog, after the paragraph (so before the pasted one).
    await page.getByRole('textbox', { name: 'Post body' }).getByText('Before the pictures.').click();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'Image from the library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert an image' });
    await dialog.getByText('JPEG, PNG, WebP, GIF or AVIF images, up to 2 MB.', { exact: false }).waitFor();
    await screenshot(page, `${SHOTS}/dialog-1280.png`);
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload from your device' }).click();
    await (await chooser).setFiles({ name: 'chosen-pier.png', mimeType: 'image/png', buffer: await png(800, 600, '#2563eb') });
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'chosen-pier.png uploaded and placed in the post.' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('img.media-node__picture').count(), { timeout: 60_000 }).toBe(3);

    // The pasted picture's alt text, reached by keyboard from the text: its remove button, then its alt field.
    const pastedNode = page.locator('.media-node').filter({ has: page.getByRole('button', { name: 'Remove pasted-harbour.png' }) });
    await pastedNode.getByRole('button', { name: 'Remove pasted-harbour.png' }).focus();
    await page.keyboard.press('Tab');
    const altField = pastedNode.getByRole('textbox', { name: 'Alt text' });
    expect(await altField.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(ALT);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await postOf(creator))?.previewHtml ?? '', { timeout: 15_000 }).toContain('data-media-alt=');
    await screenshot(page, `${SHOTS}/editor-pictures-1280.png`, { fullPage: true });
    const violations = (await axeScan(page).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(violations.map((violation) => violation.id)).toEqual([]);

    // Back after a reload: the alt text stays on its node.
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Alt text' }).evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value)), { timeout: 20_000 }).toEqual(['', '', ALT]);

    // Published: the public page and the newsletter use the alt text; the others an empty alt, never a file's name.
    const post = (await postOf(creator))!;
    const published = await creator.patch(`/api/posts/${post.id}`, { status: 'published' });
    expect(published.status, published.text).toBe(200);
    const pageHtml = await (await fetch(`${app.server.url}/@${creator.handle}/posts/${post.slug}`)).text();
    const alts = [...pageHtml.matchAll(/<figure class="media media--image"><img[^>]*\salt="([^"]*)"/g)].map((match) => match[1]);
    expect(alts).toEqual(['', '', 'Gulls over the &quot;harbour&quot; at dawn']);
    expect(pageHtml).not.toMatch(/alt="[^"]*\.png"/);
    const mail = await creator.client.get<EmailPreview>(`/api/posts/${post.id}/email/preview?variant=full`);
    expect(mail.status).toBe(200);
    expect(mail.body.html).toContain('alt="Gulls over the &quot;harbour&quot; at dawn"');
    expect(mail.body.html).not.toMatch(/alt="[^"]*\.png"/);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('refuses a pasted file that is no image and one over the limit in words, and keeps a draft whole when an upload fails midway', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await app.open({ width: 375, height: 800 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('Faults');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Words that must stay.');

    // Not an image: said, nothing inserted, the text as it was.
    await pasteFiles(page, [{ bytes: Buffer.from('%PDF-1.4 not a picture'), name: 'notes.pdf', type: 'application/pdf' }]);
    await page.getByRole('alert').filter({ hasText: '“notes.pdf” was not added: it is not an image (JPEG, PNG, WebP, GIF or AVIF).' }).waitFor();
    // Over the limit: said with the limit in words.
    await pasteFiles(page, [{ bytes: Buffer.alloc(UPLOAD_MAX_BYTES + 1), name: 'huge.png', type: 'image/png' }]);
    await page.getByRole('alert').filter({ hasText: '“huge.png” was not added: it is larger than the 2 MB upload limit.' }).waitFor();
    expect(await page.locator('.upload-node, .media-node').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Post body' }).innerText()).toBe('Words that must stay.');
    await screenshot(page, `${SHOTS}/refused-375.png`);

    // The image dialog's upload refuses what is no image there and then, and stays open.
    await page.getByRole('button', { name: 'Image from the library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert an image' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload from your device' }).click();
    await (await chooser).setFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3 not a picture') });
    await dialog.getByRole('alert').filter({ hasText: '“song.mp3” was not added: it is not an image' }).waitFor();
    await screenshot(page, `${SHOTS}/dialog-refused-375.png`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('.upload-node, .media-node').count()).toBe(0);

    // The server stops the upload midway: the placeholder says so and offers to try again; the draft saves without it.
    const failing = async (route: Route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Stopped by the test' } }) });
    };
    await page.route('**/api/uploads/**', failing);
    await pasteFiles(page, [{ bytes: await png(640, 480, '#0f766e'), name: 'broken.png', type: 'image/png' }]);
    const placeholder = page.locator('.upload-node');
    await placeholder.getByRole('alert').filter({ hasText: 'broken.png could not be uploaded.' }).waitFor({ timeout: 30_000 });
    await placeholder.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot(page, `${SHOTS}/upload-failed-375.png`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const violations = (await axeScan(page).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 15_000 });
    const saved = (await postOf(creator))!;
    expect(JSON.stringify(saved.body)).not.toContain('mediaUpload');
    expect(saved.previewHtml).toContain('<p>Words that must stay.</p>');
    expect(saved.previewHtml).not.toContain('<figure');

    // Another that fails is removed: its placeholder goes, the first stays.
    await pasteFiles(page, [{ bytes: await png(320, 240, '#9b2c2c'), name: 'given-up.png', type: 'image/png' }]);
    await page.getByRole('alert').filter({ hasText: 'given-up.png could not be uploaded.' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Remove given-up.png' }).click();
    await expect.poll(() => placeholder.count()).toBe(1);
    expect(await placeholder.innerText()).toContain('broken.png');

    // Tried again once the server takes it: the picture takes the placeholder's place, and the draft keeps it.
    await page.unroute('**/api/uploads/**', failing);
    await placeholder.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('status').filter({ hasText: 'broken.png uploaded and placed in the post.' }).waitFor({ timeout: 30_000 });
    await page.locator('img.media-node__picture').waitFor({ timeout: 60_000 });
    await screenshot(page, `${SHOTS}/editor-picture-375.png`, { fullPage: true });
    await expect.poll(async () => (await postOf(creator))?.previewHtml ?? '', { timeout: 15_000 }).toContain('data-media-kind="image"');
    expect(unexpectedErrors(errors, [500])).toEqual([]);
  });
});
