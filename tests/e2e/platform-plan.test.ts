/**
 * The platform plan in Chromium (issue 10 item 7): a creator past the trial
 * is asked to subscribe when publishing, subscribes through the hosted
 * Checkout page of the Stripe-protocol server, comes back and publishes.
 * Screenshots at 375 and 1280 px go to /tmp/shots-plan/.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { PostAnswer } from '../../common/api/posts.ts';
import { posts } from '../../db/content-schema.ts';
import { platformPlans } from '../../db/money-schema.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { startStripeServer } from '../support/stripe-server.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-plan';
const DAY_MS = 24 * 60 * 60 * 1000;
const stripe = await startStripeServer();

async function adoptSession(page: Page, creator: Creator, url: string) {
  const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

describe.skipIf(!chromiumAvailable)('the platform plan in Chromium', () => {
  const app = useE2eApp({ env: stripe.env });
  afterAll(async () => {
    await stripe.close();
  });

  it('asks a creator past the trial to subscribe, takes them through Checkout, and lets them publish', async () => {
    stripe.useApp(app.server.url);
    const creator = await creatorWithSite(app.server);
    const draft = await creator.client.post<PostAnswer>('/api/posts', { title: 'Back from the break', body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'New episode.' }] }] }, status: 'draft' });
    expect(draft.status, draft.text).toBe(201);
    await creator.client.get('/api/platform-plan');
    await app.server.handle.db
      .update(platformPlans)
      .set({ trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(platformPlans.userId, creator.userId));

    for (const width of [375, 1280]) {
      const { page } = await app.open({ width, height: 900 });
      await adoptSession(page, creator, app.server.url);
      await page.goto(`${app.server.url}/dashboard/overview`);
      await page.getByText('publishing is paused').waitFor();
      await page.getByText('No paying members yet').waitFor();
      await screenshot(page, `${SHOTS}/overview-lapsed-${width}.png`, { fullPage: true });
      await page.goto(`${app.server.url}/settings/advanced`);
      await page.getByText('Your free trial has ended').waitFor();
      await screenshot(page, `${SHOTS}/plan-expired-${width}.png`, { fullPage: true });
      await page.close();
    }

    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/upload/posts/${draft.body.post.id}`);
    await page.getByText('publishing is paused').waitFor();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('Subscribe in Settings > Advanced to publish again').waitFor();
    await screenshot(page, `${SHOTS}/editor-asks-1280.png`, { fullPage: true });
    const [held] = await app.server.handle.db.select({ status: posts.status }).from(posts).where(eq(posts.id, draft.body.post.id));
    expect(held!.status).toBe('draft');

    await page.getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL('**/settings/advanced#plan');
    // The plan card, not a button of the page being left: the link's target loads its own chunk first.
    const planCard = page.getByRole('region', { name: 'Your plan' });
    await planCard.getByText('Your free trial has ended').waitFor();
    await planCard.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${stripe.url}/hosted/checkout/**`);
    await screenshot(page, `${SHOTS}/checkout-1280.png`, { fullPage: true });
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/settings/advanced?plan=welcome');
    await stripe.idle();
    await page.getByText('Thank you for subscribing').waitFor();
    await page.reload();
    await page.getByText('Creator plan').waitFor();
    await page.getByRole('button', { name: 'Manage billing' }).waitFor();
    await screenshot(page, `${SHOTS}/plan-active-1280.png`, { fullPage: true });

    await page.goto(`${app.server.url}/upload/posts/${draft.body.post.id}`);
    await page.getByRole('textbox', { name: 'Post body' }).getByText('New episode.').waitFor();
    expect(await page.getByText('publishing is paused').count()).toBe(0);
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('View on your site').waitFor();
    const [published] = await app.server.handle.db.select({ status: posts.status }).from(posts).where(eq(posts.id, draft.body.post.id));
    expect(published!.status).toBe('published');
    expect(unexpectedErrors(errors, [402])).toEqual([]);
  });
});
