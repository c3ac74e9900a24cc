/**
 * The studio's Import and Export pages in Chromium (issue 30): at 375 px a
 * creator's wrong file is refused under the field, then they drop a small
 * Mailchimp CSV and check it (the dry run's counts), start it, watch it run,
 * see what it made and undo it through the dialog; at
 * 1280 px they export the site and download the zip by its fresh link.
 * Screenshots go to /tmp/shots-import-export/.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { mailchimpCsv } from '../support/import-fixtures.ts';
import { insertTiers } from '../support/members-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-import-export';

async function adoptSession(page: Page, creator: Creator, url: string) {
  const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

async function memberEmails(creator: Creator): Promise<string[]> {
  const answer = await creator.client.get<{ members: { email: string }[] }>('/api/members');
  return answer.body.members.map((member) => member.email).sort();
}

describe.skipIf(!chromiumAvailable)('import and export pages in Chromium', () => {
  const app = useE2eApp();

  it('imports a Mailchimp CSV at 375 px: dry run, start, progress, done, undo', async () => {
    const creator = await creatorWithSite(app.server);
    // Onboarding gives a site its free tier, which imported members join.
    await insertTiers(app.server.handle.db, creator.siteId);
    const { page, errors } = await app.open({ width: 375, height: 800 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/settings/import`);
    await page.getByRole('heading', { name: 'Choose a file' }).waitFor();
    await page.getByText('No imports yet.').waitFor();

    await page.getByLabel('Mailchimp').check();
    // A file that is no audience export: the server's words go under the file field, and nothing is made.
    await page.getByTestId('import-file-input').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('Shopping\nmilk\n') });
    await page.getByRole('button', { name: 'Check the file' }).click();
    const fileButton = page.getByRole('button', { name: /^Export file Choose a file/ });
    await expect.poll(() => fileButton.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.field__error').textContent()).not.toBe('');
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/refused-375.png`, { fullPage: true });
    const csv = mailchimpCsv([{ email: 'ada@fans.example', firstName: 'Ada' }, { email: 'grace@fans.example' }, { email: 'alan@fans.example', tags: ['early'] }]);
    // Dropped on the field this time, as a file dragged from the desktop.
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'subscribed_members.csv', { type: 'text/csv' }));
      return transfer;
    }, csv);
    await page.locator('.import-drop').dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByText('subscribed_members.csv').waitFor();
    await screenshot(page, `${SHOTS}/chosen-375.png`, { fullPage: true });
    await page.getByRole('button', { name: 'Check the file' }).click();

    await page.getByRole('heading', { name: 'What this file holds' }).waitFor();
    expect(await page.locator('.import-counts li').allTextContents()).toEqual(['0 posts', '3 members', '0 paying members', '0 images and files to copy']);
    // The new step has focus, so a keyboard user starts at what the dry run found.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('What this file holds');
    expect(await memberEmails(creator)).toEqual([]);
    await screenshot(page, `${SHOTS}/dry-run-375.png`, { fullPage: true });

    // Held polls keep the run on screen long enough to see its progress bar, whatever the queue's speed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const polls = /\/api\/imports\/[0-9a-f-]{36}$/;
    await page.route(polls, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Start import' }).click();
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/^Copying members…/);
    await screenshot(page, `${SHOTS}/running-375.png`, { fullPage: true });
    release();
    await page.unroute(polls);

    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    await page.getByText('Imported: 3 members.').waitFor();
    expect(await memberEmails(creator)).toEqual(['ada@fans.example', 'alan@fans.example', 'grace@fans.example']);
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/done-375.png`, { fullPage: true });

    // A reload finds nothing running: the form again, with the import among the earlier ones.
    await page.reload();
    await page.getByRole('heading', { name: 'Choose a file' }).waitFor();
    await page.locator('.import-history__item', { hasText: 'subscribed_members.csv' }).getByText('Done').waitFor();

    await page.getByRole('button', { name: 'Undo import: subscribed_members.csv' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Undo this import?' });
    await dialog.getByText('What was already on your site stays.').waitFor();
    await screenshot(page, `${SHOTS}/undo-dialog-375.png`);
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await page.locator('.import-history__item', { hasText: 'subscribed_members.csv' }).getByText('Undone').waitFor();
    expect(await page.getByRole('button', { name: /^Undo import/ }).count()).toBe(0);
    expect(await memberEmails(creator)).toEqual([]);
    await screenshot(page, `${SHOTS}/undone-375.png`, { fullPage: true });

    // The refused file's 400 is the browser's network log, on purpose.
    expect(unexpectedErrors(errors, [400])).toEqual([]);
    await page.close();
  });

  it('exports the site at 1280 px and downloads the zip by a fresh link', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/settings/export`);
    await page.getByText('No exports yet.').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Export', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Export my site' }).click();
    const download = page.getByRole('button', { name: /^Download \(\d/ });
    await download.waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/export-ready-1280.png`, { fullPage: true });

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const bytes = readFileSync((await file.path()));
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(file.suggestedFilename()).toMatch(/\.zip$/);

    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});
