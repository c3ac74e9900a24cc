/**
 * Issue 31's "Done when", tried as new users would in Chromium at 375 and 1280 px, against the local
 * Stripe-protocol server (the creator pastes their own key; every Checkout is on their account, with no
 * application fee): the creator makes a 25%-off-for-3-months offer and a 14-day trial in Earn, and a reader
 * joins through each; someone gifts 3 months to a friend, who redeems it; a reader tips with a message; a
 * buyer downloads a purchased PDF from the receipt mail. The creator then sees all of it in Earn, Reports and
 * Recent Activity. Screenshots go to /tmp/shots-earn-journey/ with SCREENSHOTS=1.
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/content-schema.ts';
import { offers as offersTable, sales, tips } from '../../db/earn-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { sendJson } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eAppWithOwnKeys } from '../support/e2e-app.ts';
import type { TestClient } from '../support/http-client.ts';
import { uploadBytes, waitForMedia } from '../support/media.ts';
import { insertPost } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-earn-journey';
const TITLE = 'Harbour Sounds';

describe.skipIf(!chromiumAvailable)('more ways to be paid, in Chromium (issue 31 "Done when")', () => {
  const own = useE2eAppWithOwnKeys();
  const app = own.app;
  let creator: { client: TestClient; email: string };
  let handle = '';
  let siteId = '';
  let secretKey = '';
  let tierId = '';
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n% A training plan\n'), randomBytes(200_000)]);

  const stripe = () => new Stripe(secretKey, { host: '127.0.0.1', port: Number(new URL(own.stripe.url).port), protocol: 'http' });
  const db = () => app.server.handle.db;

  /** A page of the app, signed in as `client` when given. */
  async function open(width: number, pathName: string, client?: TestClient): Promise<{ page: Page; errors: string[] }> {
    const opened = await app.open({ width, height: 900 });
    if (client) {
      const [name, value] = [...client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
      await opened.page.context().addCookies([{ name, value, url: app.server.url }]);
    }
    await opened.page.goto(`${app.server.url}${pathName}`);
    return opened;
  }

  /** On the Stripe-protocol server's hosted Checkout: the address when it asks, then Pay; back on the site. */
  async function pay(page: Page, email?: string) {
    await page.getByRole('button', { name: 'Pay' }).waitFor();
    if (email && (await page.getByLabel('E-mail').count()) > 0) await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.origin === app.server.url);
    await own.stripe.idle();
  }

  beforeAll(async () => {
    const key = own.stripe.createAccountKey({ name: TITLE });
    secretKey = key.secretKey;
    creator = await signUpVerified(app.server);
    handle = `harbour-${process.pid}`;
    const made = await sendJson<{ site: { id: string } }>(app.server, creator.client, 'POST', '/api/sites', { handle, title: TITLE });
    expect(made.status).toBe(201);
    siteId = made.body.site.id;
    expect((await sendJson(app.server, creator.client, 'POST', '/api/onboarding/finish')).status).toBe(200);
    expect((await sendJson(app.server, creator.client, 'PATCH', '/api/payments/key', { secretKey })).status).toBe(200);
    const tier = await sendJson<{ tier: { id: string } }>(app.server, creator.client, 'POST', '/api/tiers', { name: 'Supporter', monthlyPrice: 800, yearlyPrice: 8000, currency: 'usd' });
    expect(tier.status).toBe(201);
    tierId = tier.body.tier.id;
  });

  it('makes a 25%-off-for-3-months offer and a 14-day trial in Earn at 1280 px, and a reader joins through each at 375 px', async () => {
    const { page, errors } = await open(1280, '/earn', creator.client);
    await page.getByRole('heading', { name: 'Earn', level: 1 }).waitFor();
    const offers = page.getByRole('region', { name: 'Offers' });

    async function makeOffer(fill: () => Promise<void>) {
      await offers.getByRole('button', { name: 'New offer' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await fill();
      await dialog.getByRole('button', { name: 'Make offer' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await makeOffer(async () => {
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Spring quarter');
      await dialog.getByLabel('Code').fill('spring');
      await dialog.getByRole('radio', { name: 'A percentage off' }).check();
      await dialog.getByLabel('Percentage off', { exact: true }).fill('25');
      await dialog.getByLabel('Applies to').selectOption('repeating');
      await dialog.getByLabel('Months').fill('3');
    });
    await makeOffer(async () => {
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Two weeks free');
      await dialog.getByLabel('Code').fill('two-weeks');
      await dialog.getByRole('radio', { name: 'A free trial' }).check();
      await dialog.getByLabel('Free days').fill('14');
    });
    await offers.getByText('Spring quarter').first().waitFor();
    await offers.getByText('Two weeks free').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/1-offers-1280.png`, { fullPage: true });
    expect(unexpectedErrors(errors)).toEqual([]);

    // A reader claims each offer from its link, signed in, on a phone.
    for (const [code, expected] of [
      ['spring', 'active'],
      ['two-weeks', 'trialing'],
    ] as const) {
      const reader = await signUpVerified(app.server);
      const visit = await open(375, `/@${handle}/offers/${code}`, reader.client);
      await visit.page.getByRole('button', { name: 'Claim offer' }).waitFor();
      await screenshot(visit.page, `${SHOTS}/2-offer-${code}-375.png`, { fullPage: true });
      await visit.page.getByRole('button', { name: 'Claim offer' }).click();
      await pay(visit.page);
      const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, reader.email));
      await expect.poll(async () => (await db().select({ status: memberships.status }).from(memberships).where(and(eq(memberships.siteId, siteId), eq(memberships.userId, user!.id))))[0]?.status).toBe(expected);
      const [membership] = await db().select().from(memberships).where(and(eq(memberships.siteId, siteId), eq(memberships.userId, user!.id)));
      expect(membership!.tierId).toBe(tierId);
      const subscription = await stripe().subscriptions.retrieve(membership!.stripeSubscriptionId!);
      if (code === 'spring') expect(subscription.discounts.length).toBe(1);
      else expect(subscription.status).toBe('trialing');
      // The claim is counted on the offer, once.
      await expect.poll(async () => (await db().select({ redemptions: offersTable.redemptions }).from(offersTable).where(and(eq(offersTable.siteId, siteId), eq(offersTable.code, code))))[0]?.redemptions).toBe(1);
      expect(unexpectedErrors(visit.errors)).toEqual([]);
    }
  });

  it('lets someone gift 3 months to a friend, who redeems it, at 375 px', async () => {
    const friend = await signUpVerified(app.server);
    const giver = uniqueEmail('giver.e2e');
    const { page, errors } = await open(375, `/@${handle}/gift`);
    await page.getByRole('heading', { name: `Give ${TITLE}`, level: 1 }).waitFor();
    await page.getByRole('radio', { name: /Supporter/ }).check();
    await page.getByLabel('How long').selectOption('3');
    await page.getByLabel('Their e-mail (optional)').fill(friend.email);
    await page.getByLabel('Message (optional)').fill('Happy birthday <3 — enjoy the <b>harbour</b>!');
    await page.getByLabel('Your e-mail').fill(giver);
    await screenshot(page, `${SHOTS}/3-gift-375.png`, { fullPage: true });
    await page.getByRole('button', { name: 'Buy gift' }).click();
    await pay(page, giver);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, `${SHOTS}/4-gift-bought-375.png`, { fullPage: true });
    await app.server.smtp.waitForMailAbout(giver, 'Your gift receipt');
    const mail = await app.server.smtp.waitForMailAbout(friend.email, 'A gift for you');
    expect(mail.text).toContain('Happy birthday <3 — enjoy the <b>harbour</b>!');
    const redeem = mail.links.find((link) => link.includes('/gift/redeem?code='))!;
    expect(unexpectedErrors(errors)).toEqual([]);

    const friendPage = await open(375, new URL(redeem).pathname + new URL(redeem).search, friend.client);
    await friendPage.page.getByText('Happy birthday <3 — enjoy the <b>harbour</b>!').waitFor();
    await friendPage.page.getByRole('button', { name: 'Redeem' }).click();
    await friendPage.page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(friendPage.page, `${SHOTS}/5-gift-redeemed-375.png`, { fullPage: true });
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, friend.email));
    const [membership] = await db().select().from(memberships).where(and(eq(memberships.siteId, siteId), eq(memberships.userId, user!.id)));
    expect(membership).toMatchObject({ status: 'comped', tierId });
    const months = (membership!.compExpiresAt!.getTime() - Date.now()) / (30.4 * 24 * 3600_000);
    expect(Math.round(months)).toBe(3);
    expect(unexpectedErrors(friendPage.errors)).toEqual([]);
  });

  it('takes a tip with a message from under a post, at 375 px', async () => {
    const jar = await sendJson(app.server, creator.client, 'PATCH', '/api/sites/mine', { tips: { enabled: true, presets: [300, 500, 1000], minimum: 100, maximum: 20_000 } });
    expect(jar.status).toBe(200);
    const tipper = uniqueEmail('tipper.e2e');
    const post = await insertPost(db(), siteId, { title: 'Night tide at the pier', slug: 'night-tide' });
    // From the post: the link under it names the post on the tip page, and the tip carries it.
    const { page, errors } = await open(375, `/@${handle}/posts/night-tide`);
    await page.getByRole('link', { name: `Tip ${TITLE}` }).click();
    await page.getByRole('heading', { name: `Tip ${TITLE}`, level: 1 }).waitFor();
    await page.getByText('For “Night tide at the pier”').waitFor();
    await page.getByRole('radio', { name: '$5' }).check();
    await page.getByLabel('Message (optional)').fill('Thanks for the <i>night</i> recordings!');
    await screenshot(page, `${SHOTS}/6-tip-375.png`, { fullPage: true });
    await page.getByRole('button', { name: 'Tip' }).click();
    await pay(page, tipper);
    await page.getByRole('heading', { name: 'Thank you for your tip' }).waitFor();
    await screenshot(page, `${SHOTS}/7-tipped-375.png`, { fullPage: true });
    const [given] = await db().select({ postId: tips.postId, message: tips.message }).from(tips).where(eq(tips.siteId, siteId));
    expect(given).toEqual({ postId: post.id, message: 'Thanks for the <i>night</i> recordings!' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('sells a PDF whose buyer downloads it from the receipt mail, at 1280 px', async () => {
    const mediaId = await uploadBytes(app.server.url, creator.client, pdf, 'training-plan.pdf', 'application/pdf');
    expect((await waitForMedia(creator.client, mediaId)).status).toBe('ready');
    const product = await sendJson(app.server, creator.client, 'POST', '/api/products', { title: 'Twelve-week training plan', slug: 'training-plan', description: 'Every session, week by week.', price: 1500, currency: 'usd', mediaIds: [mediaId] });
    expect(product.status).toBe(201);

    const buyer = uniqueEmail('buyer.e2e');
    const { page, errors } = await open(1280, `/@${handle}/products/training-plan`);
    await page.getByRole('heading', { name: 'Twelve-week training plan', level: 1 }).waitFor();
    await page.getByLabel('Your e-mail').fill(buyer);
    await screenshot(page, `${SHOTS}/8-product-1280.png`, { fullPage: true });
    await page.getByRole('button', { name: 'Buy' }).click();
    await pay(page, buyer);
    const receipt = await app.server.smtp.waitForMailAbout(buyer, 'Your download');
    const link = receipt.links.find((one) => one.includes('/downloads?token='))!;
    await page.goto(`${app.server.url}${new URL(link).pathname}${new URL(link).search}`);
    await page.getByRole('heading', { name: 'Twelve-week training plan' }).waitFor();
    await screenshot(page, `${SHOTS}/9-downloads-1280.png`, { fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /training-plan\.pdf/ }).click()]);
    expect((await readFile(await download.path())).equals(pdf)).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('shows the creator all of it in Earn, Reports and Recent Activity, at 375 and 1280 px', async () => {
    expect(await db().$count(sales, and(eq(sales.siteId, siteId), eq(sales.status, 'paid')))).toBe(3);
    // No Checkout of the journey asked for an application fee: the 0% cut holds.
    expect(own.stripe.requests.filter((request) => JSON.stringify(request.body).includes('application_fee'))).toEqual([]);
    for (const width of [375, 1280]) {
      const { page, errors } = await open(width, '/earn', creator.client);
      await page.getByRole('heading', { name: 'Earn', level: 1 }).waitFor();
      await page.getByText('Thanks for the <i>night</i> recordings!').first().waitFor();
      await page.getByText('Twelve-week training plan').first().waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `${SHOTS}/10-earn-${width}.png`, { fullPage: true });

      await page.goto(`${app.server.url}/dashboard/activity`);
      await page.getByText('Thanks for the <i>night</i> recordings!').first().waitFor();
      await screenshot(page, `${SHOTS}/11-activity-${width}.png`, { fullPage: true });

      await page.goto(`${app.server.url}/dashboard/reports`);
      await page.getByText(/One-time revenue/).first().waitFor();
      await screenshot(page, `${SHOTS}/12-reports-${width}.png`, { fullPage: true });
      expect(unexpectedErrors(errors)).toEqual([]);
    }
  });
});
