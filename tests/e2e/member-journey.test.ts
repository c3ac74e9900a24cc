/**
 * Issue 10's "Done when", in Chromium, as people would do it: a creator
 * connects Stripe (the Stripe-protocol server's hosted pages stand in for
 * Stripe's) and makes a paid tier; a fan joins it on the site, pays through
 * Checkout, confirms their e-mail, reads the paid post and its private feed,
 * cancels in the billing portal, keeps access to the end of the period and
 * loses it after; the creator exports the members and imports the file again.
 * Screenshots at 1280 px (creator) and 375 px (fan) go to /tmp/shots-members/.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { memberships, tiers } from '../../db/content-schema.ts';
import { mediaPrefix } from '../../server/media/media-service.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { unexpectedErrors, useE2eAppWithStripe } from '../support/e2e-app.ts';
import { joinLinkFrom } from '../support/join-by-email.ts';
import { embed, insertMedia, insertPost, linkMedia, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const run = promisify(execFile);
const SHOTS = '/tmp/shots-members';
const SECRET = 'The whole session: forty minutes on breathing under load.';

describe.skipIf(!chromiumAvailable)('a fan pays, reads, cancels and lapses; the creator exports and re-imports (Chromium)', () => {
  const e2e = useE2eAppWithStripe();
  const { app } = e2e;

  /** Three seconds of tone as a real MP3, so the post's player and the feed's enclosure serve a file Chromium can read. */
  async function spokenSession(): Promise<Buffer> {
    const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330', '-t', '3', '-f', 'mp3', 'pipe:1'], { encoding: 'buffer' });
    return stdout;
  }

  async function shot(page: Page, name: string) {
    await screenshot(page, `${SHOTS}/${name}.png`, { fullPage: true });
  }

  async function openAsCreator(creator: Creator) {
    const opened = await app.open({ width: 1280, height: 900 });
    const [name, value] = [...creator.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await opened.page.context().addCookies([{ name, value, url: app.server.url }]);
    return opened;
  }

  it('goes from Connect Stripe to a lapsed membership and back through the CSV', async () => {
    const db = app.server.handle.db;
    const creator = await creatorWithSite(app.server, `fit-${process.pid}`);
    // Onboarding gives every site its free tier; the fixture writes the site row alone.
    await db.insert(tiers).values({ siteId: creator.siteId, name: 'Free', type: 'free', position: 0 });
    const mp3 = await spokenSession();
    const audio = await insertMedia(db, creator.siteId, 'audio', { type: 'audio/mpeg', bytes: mp3.length, derived: { durationSeconds: 3 } });
    await app.server.services.media.storage.put(`${mediaPrefix(creator.siteId, audio.id)}original`, Readable.from(mp3), mp3.length);
    const post = await insertPost(db, creator.siteId, {
      slug: 'breathing-under-load',
      title: 'Breathing under load',
      visibility: 'paid',
      previewHtml: '<p>Most lifters hold their breath. Here is why that fails.</p>',
      gatedHtml: `<p>${SECRET}</p>${embed(audio)}`,
    });
    await linkMedia(db, post.id, audio.id, 'gated');

    // The creator connects Stripe and makes a paid tier.
    const studio = await openAsCreator(creator);
    await studio.page.goto(`${app.server.url}/settings/advanced`);
    await studio.page.getByRole('button', { name: 'Connect Stripe' }).click();
    await studio.page.waitForURL(`${e2e.stripe.url}/hosted/onboarding/**`);
    await studio.page.getByRole('button', { name: 'Complete onboarding' }).click();
    await studio.page.waitForURL(`${app.server.url}/settings/advanced?stripe=return`);
    await studio.page.getByText('Ready: your Stripe account takes payments').waitFor();
    await studio.page.getByRole('button', { name: 'Add a paid tier' }).click();
    await studio.page.getByLabel('Name').fill('Inner Circle');
    await studio.page.getByLabel('Benefits').fill('Every session in full\nA private podcast feed');
    await studio.page.getByLabel('Monthly price').fill('9.00');
    await studio.page.getByLabel('Yearly price').fill('90.00');
    await studio.page.getByRole('button', { name: 'Save tier' }).click();
    await studio.page.getByText('$9 a month').first().waitFor();
    await expectAccessible(studio.page);
    await shot(studio.page, '1-creator-tiers-1280');

    // A fan on a phone finds the post, joins the paid tier and signs up on the way.
    const fanEmail = uniqueEmail('fan');
    const fan = await app.open({ width: 375, height: 800 });
    const { page } = fan;
    await page.goto(`${app.server.url}/@${creator.handle}/posts/breathing-under-load`);
    await page.getByRole('heading', { name: 'This post is for paying members' }).waitFor();
    expect(await page.content()).not.toContain(SECRET);
    await shot(page, '2-fan-paywall-375');
    await page.goto(`${app.server.url}/@${creator.handle}/join`);
    await page.getByRole('heading', { name: 'Inner Circle' }).waitFor();
    await expectAccessible(page);
    await shot(page, '3-fan-join-375');
    await page.getByRole('link', { name: 'Choose monthly' }).click();
    expect(await page.getByLabel('Inner Circle: $9 a month').isChecked()).toBe(true);
    // The address alone: Checkout asks the rest (docs/decisions/145).
    await page.getByRole('textbox', { name: 'Your e-mail' }).fill(fanEmail);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Stripe Checkout on the creator's own account, with no application fee.
    await page.waitForURL(`${e2e.stripe.url}/hosted/checkout/**`);
    expect(await page.getByTestId('amount').textContent()).toBe('9.00 USD / month');
    await shot(page, '4-fan-checkout-375');
    const checkout = e2e.stripe.requests.find((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST')!;
    expect(checkout.account).toMatch(/^acct_/);
    expect(JSON.stringify(checkout.body)).not.toContain('application_fee');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${app.server.url}/@${creator.handle}?joined=1`);
    await e2e.stripe.idle();

    const fanId = await userIdOf(db, fanEmail);
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.siteId, creator.siteId), eq(memberships.userId, fanId)));
    expect(membership).toMatchObject({ status: 'active', source: 'stripe', cadence: 'month', cancelAtPeriodEnd: false });
    const subscriptionId = membership!.stripeSubscriptionId!;

    // The join link from the mail, opened on the same phone, signs the payer in on the creator's site.
    await page.goto(await joinLinkFrom(app.server.smtp, fanEmail));
    // The link's page waits for Continue (docs/decisions/152).
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === `/@${creator.handle}`);

    // The paid post, whole, and the private feed with its audio.
    await page.goto(`${app.server.url}/@${creator.handle}/posts/breathing-under-load`);
    await page.getByText(SECRET).waitFor();
    await shot(page, '5-fan-reads-375');
    await page.goto(`${app.server.url}/@${creator.handle}/account`);
    await page.getByRole('button', { name: 'Get my feed link' }).click();
    const feedUrl = await page.getByLabel(/Feed link/).inputValue();
    await expectAccessible(page);
    await shot(page, '6-fan-account-375');
    const feed = await (await fetch(feedUrl)).text();
    expect(feed).toContain('Breathing under load');
    expect(feed).toContain(SECRET);
    expect(feed).toMatch(/<enclosure url="[^"]+" length="\d+" type="audio\/mpeg"/);

    // Cancels in the portal: access stays until the period ends.
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(`${e2e.stripe.url}/hosted/portal/**`);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByTestId('subscription-state').filter({ hasText: 'cancels at the end of the period' }).waitFor();
    await shot(page, '7-fan-portal-375');
    await e2e.stripe.idle();
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL(`${app.server.url}/@${creator.handle}/account`);
    await expect.poll(async () => (await page.locator('.account__facts').innerText()).toLowerCase()).toContain('ends');
    await shot(page, '8-fan-canceled-375');
    await page.goto(`${app.server.url}/@${creator.handle}/posts/breathing-under-load`);
    await page.getByText(SECRET).waitFor();
    expect((await fetch(feedUrl)).status).toBe(200);

    // The period ends: Stripe deletes the subscription; the post and the feed close.
    await e2e.stripe.setSubscriptionStatus(subscriptionId, 'canceled', { account: checkout.account! });
    await e2e.stripe.idle();
    await page.reload();
    await page.getByRole('heading', { name: 'Your membership has ended' }).waitFor();
    expect(await page.content()).not.toContain(SECRET);
    await shot(page, '9-fan-lapsed-375');
    expect((await fetch(feedUrl)).status).toBe(404);
    expect(unexpectedErrors(fan.errors)).toEqual([]);

    // The creator sees the fan, exports everyone and imports the file again: nothing is doubled.
    await studio.page.goto(`${app.server.url}/subscribers`);
    // No name given yet: the studio shows the address.
    await studio.page.getByRole('link', { name: fanEmail }).waitFor();
    await shot(studio.page, '10-creator-subscribers-1280');
    const [download] = await Promise.all([studio.page.waitForEvent('download'), studio.page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csvPath = (await download.path());
    const rows: Record<string, string>[] = parse(readFileSync(csvPath, 'utf8'), { columns: true });
    const exported = rows.find((row) => row.email === fanEmail);
    expect(exported).toMatchObject({ name: '', stripe_customer_id: membership!.stripeCustomerId });
    expect(exported!.tiers).toContain('Inner Circle');

    await studio.page.getByRole('button', { name: 'Import CSV' }).click();
    await studio.page.getByLabel('CSV file').setInputFiles(csvPath);
    await studio.page.getByRole('button', { name: 'Check the file' }).click();
    await studio.page.getByText(`${rows.length} rows read: 0 would be imported, ${rows.length} would be left out.`).waitFor();
    const refused = studio.page.getByRole('table', { name: 'Rows that would be left out' });
    expect(await refused.locator('tbody tr').allInnerTexts()).toEqual(rows.map((row, index) => `${index + 2}\t${row.email}\tAlready a member of your site.`));
    await shot(studio.page, '11-creator-reimport-1280');
    expect(await studio.page.getByRole('button', { name: 'Import 0 members' }).isDisabled()).toBe(true);
    expect(unexpectedErrors(studio.errors)).toEqual([]);
  });
});
