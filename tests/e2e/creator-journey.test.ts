/**
 * Issue 9's "Done when", as one new creator lives it in Chromium: sign up,
 * verify, finish the wizard, upload an image, a 2-minute video and an audio
 * file in the library, write a public post with them and a members post with
 * a public preview, schedule a third; then a signed-out visitor reads the
 * public one at /@handle and sees only the preview of the members one.
 * Screenshots at 375 and 1280 px go to /tmp/shots-journey/.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { fillSignUpForm } from '../support/browser-signup.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { ffmpegAvailable } from '../../server/media/processing/ffmpeg.ts';
import { makeAudio, makeJpeg, makeVideo } from '../support/media.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-journey';
/** Processing a 2-minute clip on a busy 2-core machine: generous, since only a hang should fail the test. */
const PROCESSING_TIMEOUT_MS = 240_000;

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${width}px`).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${SHOTS}/${name}-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function insertFromLibrary(page: Page, button: string, picker: string, fileName: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('dialog', { name: picker }).getByRole('button', { name: new RegExp(fileName.replace('.', '\\.')) }).click();
  await page.getByRole('dialog', { name: picker }).waitFor({ state: 'hidden' });
}

const hasFfmpeg = await ffmpegAvailable();

describe.skipIf(!chromiumAvailable || !hasFfmpeg)('a new creator, from sign-up to a read post', () => {
  const app = useE2eApp();
  const fixtures = mkdtempSync(path.join(os.tmpdir(), 'journey-'));
  afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

  it('signs up, sets up the site, uploads media, publishes, schedules, and a visitor reads', { timeout: 600_000 }, async () => {
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    const email = uniqueEmail('journey');
    const handle = `journey-${process.pid}`;

    await fillSignUpForm(page, app.server.url, { fullName: 'Grace Jones', email });
    const [mail] = await app.server.smtp.waitForMail(email);
    await page.goto(mail!.links[0]!);
    await page.waitForURL('**/onboarding');

    await page.getByRole('textbox', { name: 'Handle' }).fill(handle);
    await page.getByText(`@${handle} is free.`).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Site title').fill('Slave to the Rhythm');
    await page.getByLabel(/tagline/i).fill('Studio diaries and rehearsal tapes');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Finish and publish my site' }).click();
    await page.waitForURL('**/dashboard/overview');
    await shoot(page, '1-overview');

    // The library: an image, a 2-minute video and an audio file, each processed to Ready.
    const video = await makeVideo(fixtures, { seconds: 120, height: 360, name: 'rehearsal.mp4' });
    const audio = await makeAudio(fixtures, 20);
    const photo = path.join(fixtures, 'studio.jpg');
    writeFileSync(photo, await makeJpeg(1600, 900));
    await page.goto(`${app.server.url}/upload/media`);
    await page.getByRole('heading', { name: 'Media', level: 1 }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles([photo, video, audio]);
    const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });
    for (const name of ['studio.jpg', 'rehearsal.mp4', 'tone.mp3']) await card(name).getByText('Ready').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    await shoot(page, '2-library');

    // A public post with the three, published now.
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('Rehearsal notes');
    await page.getByRole('textbox', { name: 'Post body' }).click();
    await page.keyboard.type('What we played on Tuesday.');
    await page.keyboard.press('Enter');
    await insertFromLibrary(page, 'Image from the library', 'Insert an image', 'studio.jpg');
    await insertFromLibrary(page, 'Video from the library', 'Insert a video', 'rehearsal.mp4');
    await insertFromLibrary(page, 'Audio from the library', 'Insert audio', 'tone.mp3');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('View on your site').waitFor();
    await shoot(page, '3-editor');

    // A members post with a public preview above the line.
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('The new album, track by track');
    await page.getByRole('textbox', { name: 'Post body' }).click();
    await page.keyboard.type('Everyone may read this opening.');
    await page.getByRole('button', { name: 'Insert “Members only below this line”' }).click();
    await page.keyboard.type('Only members read the track list.');
    await page.getByRole('radio', { name: 'Members', exact: true }).check();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('View on your site').waitFor();

    // A third, scheduled.
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('Tour dates');
    await page.getByRole('textbox', { name: 'Post body' }).click();
    await page.keyboard.type('Coming soon.');
    await page.getByLabel('Or schedule for later').fill('2030-01-15T10:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('button', { name: 'Reschedule' }).waitFor();
    await page.goto(`${app.server.url}/upload`);
    await page.getByRole('link', { name: 'Tour dates', exact: true }).waitFor();
    await shoot(page, '4-posts');

    // A signed-out visitor.
    const visitor = await app.open({ width: 1280, height: 900 });
    await visitor.page.goto(`${app.server.url}/@${handle}`);
    await visitor.page.getByRole('heading', { name: 'Slave to the Rhythm' }).waitFor();
    await visitor.page.getByRole('link', { name: 'Rehearsal notes' }).waitFor();
    expect(await visitor.page.getByRole('link', { name: 'Tour dates' }).count()).toBe(0);
    await shoot(visitor.page, '5-site-home');

    await visitor.page.getByRole('link', { name: 'Rehearsal notes' }).click();
    await visitor.page.getByRole('heading', { name: 'Rehearsal notes' }).waitFor();
    const image = visitor.page.locator('article img[srcset]').first();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
    expect(await visitor.page.locator('article video').count()).toBe(1);
    const tone = visitor.page.locator('article audio');
    await expect.poll(() => tone.evaluate((element: HTMLAudioElement) => element.readyState >= 1 && Math.round(element.duration))).toBe(20);
    await shoot(visitor.page, '6-public-post');

    await visitor.page.goto(`${app.server.url}/@${handle}/posts/the-new-album-track-by-track`);
    await visitor.page.getByText('Everyone may read this opening.').waitFor();
    await visitor.page.getByRole('heading', { name: 'This post is for members' }).waitFor();
    expect(await visitor.page.content()).not.toContain('Only members read the track list.');
    await shoot(visitor.page, '7-members-preview');

    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
  });
});
