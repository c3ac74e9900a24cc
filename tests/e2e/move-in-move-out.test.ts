/**
 * Issue 30's "Done when", tried as a new creator would in Chromium, on a fresh
 * install whose only Stripe setting is where Stripe's API is (the creator
 * pastes their own key): at 375 px they import a Substack export whose paying
 * subscriber is linked to their existing subscription on the creator's Stripe
 * account and shows as paying; an old /p/ link lands on the post; at 1280 px a
 * WordPress import is undone; the site is exported, and imported as `platform`
 * into a second, fresh instance, which then shows the same site.
 * Screenshots go to /tmp/shots-move/ with SCREENSHOTS=1.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, memberships, posts } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { sendJson } from '../support/creator-site.ts';
import { CLIENT_DIR, unexpectedErrors, useE2eAppWithOwnKeys } from '../support/e2e-app.ts';
import { startImageHost, wordpressWxr, writeSubstackZip, type ImageHost } from '../support/import-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';
import { payThroughCheckout } from '../support/stripe-checkout.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const SHOTS = '/tmp/shots-move';
const IMPORTS = { IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true' };

interface CreatorOn {
  server: TestServer;
  client: TestClient;
  handle: string;
  siteId: string;
}

/** A verified creator with a published site, their own Stripe key pasted and a paid tier, made through the API. */
async function creatorOn(server: TestServer, handle: string, secretKey: string): Promise<CreatorOn> {
  const account = await signUpVerified(server);
  // As onboarding makes it: the site with its free tier, then published.
  const made = await sendJson<{ site: { id: string } }>(server, account.client, 'POST', '/api/sites', { handle, title: 'Harbour Sounds' });
  expect(made.status).toBe(201);
  expect((await sendJson(server, account.client, 'POST', '/api/onboarding/finish')).status).toBe(200);
  expect((await sendJson(server, account.client, 'PATCH', '/api/payments/key', { secretKey })).status).toBe(200);
  return { server, client: account.client, handle, siteId: made.body.site.id };
}

async function openAs(creator: CreatorOn, open: (options: { width: number; height: number }) => Promise<{ page: Page; errors: string[] }>, width: number, pathName: string) {
  const opened = await open({ width, height: 900 });
  const [name, value] = [...creator.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
  await opened.page.context().addCookies([{ name, value, url: creator.server.url }]);
  await opened.page.goto(`${creator.server.url}${pathName}`);
  return opened;
}

/** The import page from the source to the finished run: choose, upload, read the dry run, start, wait. */
async function importThroughPage(page: Page, source: string, filePath: string, shots: string) {
  await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
  await page.getByLabel(source, { exact: true }).check();
  await page.locator('input[type="file"]').setInputFiles(filePath);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByRole('heading', { name: 'What this file holds' }).waitFor();
  await expectAccessible(page);
  await screenshot(page, `${shots}-1-dry-run.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Start import' }).click();
  const ended = page.getByRole('heading', { name: /^(Import finished|The import stopped)$/ });
  await ended.waitFor({ timeout: 60_000 });
  await screenshot(page, `${shots}-2-done.png`, { fullPage: true });
  if ((await ended.textContent()) !== 'Import finished') throw new Error(`the import stopped: ${await page.locator('main').innerText()}`);
}

/** The post titles a reader sees on a site's home, in order. */
async function homeTitles(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  return (await page.locator('main h2, main h3').allTextContents()).map((title) => title.trim()).filter(Boolean);
}

describe.skipIf(!chromiumAvailable)('moving in and out, in Chromium (issue 30 "Done when")', () => {
  const own = useE2eAppWithOwnKeys(IMPORTS);
  const app = own.app;
  let images: ImageHost;
  let work: string;
  let creator: CreatorOn;
  let secretKey: string;
  let linkedSubscription: string;

  beforeAll(async () => {
    images = await startImageHost();
    work = await mkdtemp(path.join(tmpdir(), 'move-in-'));
    const key = own.stripe.createAccountKey({ name: 'Harbour Sounds' });
    secretKey = key.secretKey;
    creator = await creatorOn(app.server, `harbour-${process.pid}`, secretKey);
    expect((await sendJson(app.server, creator.client, 'POST', '/api/tiers', { name: 'Supporter', monthlyPrice: 600, yearlyPrice: 6000, currency: 'usd' })).status).toBe(201);
    // What Substack left on the creator's own Stripe account: its price, and a subscriber paying it.
    const stripe = new Stripe(secretKey, { host: '127.0.0.1', port: Number(new URL(own.stripe.url).port), protocol: 'http' });
    const substackPrice = await stripe.prices.create({ currency: 'usd', unit_amount: 700, recurring: { interval: 'month' }, product_data: { name: 'Harbour Sounds on Substack' } });
    const paying = await payThroughCheckout(stripe, substackPrice.id, 'ines@fans.example');
    linkedSubscription = paying.subscription;
    await writeSubstackZip(path.join(work, 'substack.zip'), {
      posts: [
        { id: 501, slug: 'harbour-at-dawn', title: 'Harbour at dawn', subtitle: 'The first boats out', date: '2024-04-02T06:00:00.000Z', html: `<p>The water was still and silver.</p><figure><img src="${images.url}/img/dawn.png" alt="Boats at dawn"></figure><p>Then the gulls woke.</p>` },
        { id: 502, slug: 'paid-notes', title: 'Notes for supporters', audience: 'only_paid', date: '2024-04-09T06:00:00.000Z', html: '<p>Only for those who keep the lights on.</p>' },
      ],
      members: [
        { email: 'ines@fans.example', name: 'Inès Moreau', active: true, stripeCustomerId: paying.customer },
        { email: 'tom@fans.example', name: 'Tom Reed' },
        { email: 'quiet@fans.example', emailDisabled: true },
      ],
    });
    await writeFile(
      path.join(work, 'wordpress.xml'),
      wordpressWxr('https://old-harbour.example', [
        { id: 41, slug: 'winter-nets', title: 'Mending winter nets', date: '2019-12-03 10:00:00', html: `Long evenings by the stove.\n\n<img src="${images.url}/img/nets.png" alt="Nets">` },
        { id: 42, slug: 'spring-tide', title: 'The spring tide', date: '2020-03-21 08:00:00', html: 'The highest water of the year.' },
      ]),
    );
  });

  afterAll(async () => {
    await images?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('imports a Substack export at 375 px: the paying subscriber is linked to their subscription and shows as paying; an old /p/ link lands on the post', async () => {
    const requestsBefore = own.stripe.requests.length;
    const { page, errors } = await openAs(creator, (options) => app.open(options), 375, '/settings/import');
    await importThroughPage(page, 'Substack', path.join(work, 'substack.zip'), `${SHOTS}/375-substack`);
    const finished = page.locator('main');
    await finished.getByText('2 posts').first().waitFor();

    const { db } = app.server.handle;
    const [ines] = await db
      .select({ status: memberships.status, source: memberships.source, subscription: memberships.stripeSubscriptionId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.siteId, creator.siteId), eq(users.email, 'ines@fans.example')));
    expect(ines).toEqual({ status: 'active', source: 'stripe', subscription: linkedSubscription });
    // Linked, not remade: no subscription, Checkout or customer was created at Stripe by the import.
    const made = own.stripe.requests.slice(requestsBefore).filter((request) => request.method === 'POST' && /^\/v1\/(subscriptions|checkout|customers)/.test(request.path));
    expect(made).toEqual([]);

    await page.goto(`${app.server.url}/subscribers`);
    // At 375 px the list is a list of cards.
    const row = page.getByRole('listitem').filter({ hasText: 'ines@fans.example' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/Inès Moreau.*Supporter.*Active.*Joined Jun 1, 2023/);
    await screenshot(page, `${SHOTS}/375-substack-3-subscribers.png`, { fullPage: true });

    await expect.poll(async () => (await db.select({ status: media.status }).from(media).where(eq(media.siteId, creator.siteId))).map((row) => row.status), { timeout: 60_000 }).toEqual(['ready']);
    await page.goto(`${app.server.url}/@${creator.handle}/p/harbour-at-dawn`);
    expect(new URL(page.url()).pathname).toBe(`/@${creator.handle}/posts/harbour-at-dawn`);
    await page.getByRole('heading', { name: 'Harbour at dawn', level: 1 }).waitFor();
    const picture = page.locator('article img').first();
    await picture.waitFor();
    expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await picture.getAttribute('src')).not.toContain(images.url);
    await screenshot(page, `${SHOTS}/375-substack-4-old-link.png`, { fullPage: true });
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('undoes a WordPress import at 1280 px: its posts go, the Substack ones stay', async () => {
    const { page, errors } = await openAs(creator, (options) => app.open(options), 1280, '/settings/import');
    await importThroughPage(page, 'WordPress', path.join(work, 'wordpress.xml'), `${SHOTS}/1280-wordpress`);
    const { db } = app.server.handle;
    const titles = async () => (await db.select({ title: posts.title }).from(posts).where(eq(posts.siteId, creator.siteId))).map((post) => post.title).sort();
    expect(await titles()).toEqual(['Harbour at dawn', 'Mending winter nets', 'Notes for supporters', 'The spring tide']);
    expect((await fetch(`${app.server.url}/@${creator.handle}/?p=41`, { redirect: 'manual' })).status).toBe(301);

    await page.getByRole('button', { name: /Undo import/ }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Undo this import?' });
    await dialog.waitFor();
    await screenshot(page, `${SHOTS}/1280-wordpress-3-undo-question.png`);
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await page.getByText('The import was undone.').waitFor();
    await screenshot(page, `${SHOTS}/1280-wordpress-4-undone.png`, { fullPage: true });
    expect(await titles()).toEqual(['Harbour at dawn', 'Notes for supporters']);
    expect((await fetch(`${app.server.url}/@${creator.handle}/?p=41`, { redirect: 'manual' })).status).not.toBe(301);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('exports the site and imports it into a second, fresh instance, which shows the same site', async () => {
    const { page, errors } = await openAs(creator, (options) => app.open(options), 1280, '/settings/export');
    await page.getByRole('heading', { name: 'Export', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Export my site' }).click();
    const download = page.getByRole('button', { name: /^Download \(/ }).first();
    await download.waitFor({ timeout: 60_000 });
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/1280-export-1-ready.png`, { fullPage: true });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const zipPath = path.join(work, 'site-export.zip');
    await file.saveAs(zipPath);
    expect(unexpectedErrors(errors)).toEqual([]);

    const second = await startTestServer({ clientDir: CLIENT_DIR, env: { STRIPE_API_URL: own.stripe.url, ...IMPORTS } });
    try {
      const mover = await creatorOn(second, creator.handle, secretKey);
      const moved = await openAs(mover, (options) => app.open(options), 1280, '/settings/import');
      await importThroughPage(moved.page, 'Another site on this platform', zipPath, `${SHOTS}/1280-platform`);
      expect(unexpectedErrors(moved.errors)).toEqual([]);

      const before = await homeTitles(page, `${app.server.url}/@${creator.handle}`);
      const after = await homeTitles(moved.page, `${second.url}/@${creator.handle}`);
      expect(before.length).toBeGreaterThanOrEqual(2);
      expect(after).toEqual(before);
      await screenshot(page, `${SHOTS}/1280-platform-3-first-instance.png`, { fullPage: true });
      await screenshot(moved.page, `${SHOTS}/1280-platform-4-second-instance.png`, { fullPage: true });

      const count = async (server: TestServer, siteId: string) => ({
        posts: (await server.handle.db.select({ id: posts.id }).from(posts).where(eq(posts.siteId, siteId))).length,
        members: (await server.handle.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.siteId, siteId))).length,
      });
      expect(await count(second, mover.siteId)).toEqual(await count(app.server, creator.siteId));
      const [movedInes] = await second.handle.db
        .select({ subscription: memberships.stripeSubscriptionId, status: memberships.status })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.siteId, mover.siteId), eq(users.email, 'ines@fans.example')));
      expect(movedInes).toEqual({ subscription: linkedSubscription, status: 'active' });

      // The copied image is processed in the background (a post shows it once it is ready), as an upload is.
      await expect.poll(async () => (await second.handle.db.select({ status: media.status }).from(media).where(eq(media.siteId, mover.siteId))).map((row) => row.status), { timeout: 60_000 }).toEqual(['ready']);
      await moved.page.goto(`${second.url}/@${creator.handle}/posts/harbour-at-dawn`);
      await moved.page.getByRole('heading', { name: 'Harbour at dawn', level: 1 }).waitFor();
      const picture = moved.page.locator('article img').first();
      await picture.waitFor();
      expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await screenshot(moved.page, `${SHOTS}/1280-platform-5-post.png`, { fullPage: true });
    } finally {
      await second.stop();
    }
  });
});
