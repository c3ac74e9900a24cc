/**
 * The design editor's media pickers in Chromium (issue 17): a grid of the
 * library's thumbnails that is one radio group, named by each file's alt
 * text, chosen with the keyboard alone, offering only pictures where a
 * picture goes, and fitting 320 px. Screenshots in /tmp/shots-design-live/.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DesignState } from '../../common/api/design.ts';
import { mediaPrefix } from '../../server/media/media-service.ts';
import { signUpVerified } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { insertMedia, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-design-live';

describe.skipIf(!chromiumAvailable)('choosing media for the design (Chromium)', () => {
  const app = useE2eApp();

  it('picks a logo from the thumbnail grid with the keyboard at 320 px; pictures only where a picture goes', async () => {
    const { db } = app.server.handle;
    const account = await signUpVerified(app.server);
    const { site } = await insertSite(db, await userIdOf(db, account.email));
    const colours = ['#0f766e', '#9b2c2c', '#2563eb'];
    const pictures = [];
    for (const [index, alt] of ['Harbour at dawn', 'Gulls over the pier', 'Lighthouse in fog'].entries()) {
      const item = await insertMedia(db, site.id, 'image', { alt });
      const thumb = await sharp({ create: { width: 96, height: 96, channels: 3, background: colours[index]! } }).webp().toBuffer();
      // The thumbnail the grid shows and the sizes the preview's logo asks for.
      for (const file of ['thumb.webp', 'w320.webp', 'w640.webp', 'w1280.webp']) await app.server.services.media.storage.put(`${mediaPrefix(site.id, item.id)}${file}`, Readable.from(thumb), thumb.length);
      pictures.push(item);
    }
    await insertMedia(db, site.id, 'video', { alt: 'Storm footage', derived: { width: 1280, height: 720, durationSeconds: 12 } });

    const { page, errors } = await app.open({ width: 320, height: 800 });
    const [name, value] = [...account.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await page.context().addCookies([{ name, value, url: app.server.url }]);
    await gotoApp(page, `${app.server.url}/customize-site`);
    await page.getByRole('heading', { name: 'Customize site' }).waitFor();
    await page.getByRole('button', { name: 'Theme and site' }).click();

    const logo = page.getByRole('group', { name: 'Logo' });
    await logo.getByRole('radio', { name: 'Harbour at dawn' }).waitFor({ state: 'attached' });
    // A picture slot offers pictures alone, the newest first.
    expect(await logo.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.closest('label')!.textContent))).toEqual(['None', 'Lighthouse in fog', 'Gulls over the pier', 'Harbour at dawn']);
    expect(await logo.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);

    // One tab stop, the arrows move the choice.
    await logo.getByRole('radio', { name: 'None' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await logo.getByRole('radio', { name: 'Gulls over the pier' }).isChecked()).toBe(true);
    await logo.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page);
    await screenshot(logo, `${SHOTS}/media-picker-320.png`);
    await page.getByText('All changes saved').waitFor();
    const saved = (await account.client.get<DesignState>('/api/design')).body;
    expect(saved.draft.logoId).toBe(pictures[1]!.id);

    // The media section takes a video too.
    await page.getByRole('button', { name: 'Sections', exact: true }).click();
    await page.getByRole('button', { name: 'Add Media' }).click();
    const media = page.getByRole('group', { name: 'Video, audio or picture' });
    await media.getByRole('radio', { name: 'Storm footage' }).waitFor({ state: 'attached' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await media.scrollIntoViewIfNeeded();
    await screenshot(media, `${SHOTS}/media-picker-1280.png`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
