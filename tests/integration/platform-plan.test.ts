/**
 * The creator's platform plan without a payment (issue 10 item 7,
 * docs/decisions/057): the trial starts with the site, counts down on the
 * test clock, and once over the studio asks for a plan before publishing,
 * while drafts still save and the public site stays readable. With the fee
 * off, or no Stripe to charge it, nothing is ever asked. Paying is tested in
 * platform-plan-billing.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformPlanView } from '../../common/api/platform-plan.ts';
import type { PostAnswer } from '../../common/api/posts.ts';
import { posts, sites } from '../../db/content-schema.ts';
import { platformPlans } from '../../db/money-schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe is configured but never called here: nothing in these tests pays. */
const BILLING = { STRIPE_SECRET_KEY: 'sk_test_plan', STRIPE_API_URL: 'http://127.0.0.1:9', PLATFORM_TRIAL_DAYS: '30' };
const EMPTY_BODY = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] };

type ErrorBody = { error: { code: string; message: string } };

async function planOf(creator: { client: Creator['client'] }): Promise<PlatformPlanView> {
  const response = await creator.client.get<{ plan: PlatformPlanView }>('/api/platform-plan');
  expect(response.status, response.text).toBe(200);
  return response.body.plan;
}

function write(creator: Creator, status: 'draft' | 'published' | 'scheduled', extra: Record<string, unknown> = {}) {
  return creator.client.post<PostAnswer & ErrorBody>('/api/posts', { title: `A ${status} post`, body: EMPTY_BODY, visibility: 'public', status, ...extra });
}

describe('the trial', () => {
  const time = createTestClock(new Date());
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: time.clock, env: BILLING });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('starts with the site and counts its days down on the clock', async () => {
    const account = await signUpVerified(server);
    const before = await planOf(account);
    expect(before).toMatchObject({ feeEnabled: true, stripeConfigured: true, status: 'trialing', daysLeft: 30, canPublish: true, price: { amount: 1900, currency: 'usd' } });

    const made = await account.client.post('/api/sites', { handle: `trial-${process.pid}`, title: 'Trial site' });
    expect(made.status, made.text).toBe(201);
    const [row] = await server.handle.db.select().from(platformPlans);
    expect(row).toMatchObject({ status: 'trialing', trialEndsAt: new Date(time.clock().getTime() + 30 * DAY_MS) });

    time.advance(23 * DAY_MS + 1000);
    expect(await planOf(account)).toMatchObject({ status: 'trialing', daysLeft: 7, canPublish: true, trialEndsAt: row!.trialEndsAt.toISOString() });
    time.advance(7 * DAY_MS);
    expect(await planOf(account)).toMatchObject({ status: 'expired', daysLeft: 0, canPublish: false });
  });
});

describe('with the platform fee on and Stripe configured', () => {
  const time = createTestClock(new Date());
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: time.clock, env: BILLING });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The trial ended a day ago, as the clock would have it after 31 days. */
  async function lapse(creator: Creator) {
    await planOf(creator);
    await server.handle.db
      .update(platformPlans)
      .set({ trialEndsAt: new Date(time.clock().getTime() - DAY_MS) })
      .where(eq(platformPlans.userId, creator.userId));
  }

  it('gives a site made before plans existed its trial from the site’s own start', async () => {
    const creator = await creatorWithSite(server);
    const [before] = await server.handle.db.select().from(platformPlans).where(eq(platformPlans.userId, creator.userId));
    expect(before).toBeUndefined();
    const plan = await planOf(creator);
    expect(plan).toMatchObject({ status: 'trialing', canPublish: true });
    const [row] = await server.handle.db.select().from(platformPlans).where(eq(platformPlans.userId, creator.userId));
    const [site] = await server.handle.db.select({ createdAt: sites.createdAt }).from(sites).where(eq(sites.id, creator.siteId));
    expect(plan.trialEndsAt).toBe(new Date(site!.createdAt.getTime() + 30 * DAY_MS).toISOString());
    expect(row!.trialEndsAt.toISOString()).toBe(plan.trialEndsAt);
  });

  it('answers 402 plan-required to publishing or scheduling once the trial is over, pointing to Settings > Advanced', async () => {
    const creator = await creatorWithSite(server);
    await lapse(creator);
    const published = await write(creator, 'published');
    expect(published.status).toBe(402);
    expect(published.body.error.code).toBe('plan-required');
    expect(published.body.error.message).toContain('Settings > Advanced');
    const scheduled = await write(creator, 'scheduled', { publishAt: new Date(time.clock().getTime() + DAY_MS).toISOString() });
    expect(scheduled.status).toBe(402);
  });

  it('still saves drafts once the trial is over, but does not publish them', async () => {
    const creator = await creatorWithSite(server);
    await lapse(creator);
    const draft = await write(creator, 'draft');
    expect(draft.status, draft.text).toBe(201);
    const edited = await creator.patch<PostAnswer>(`/api/posts/${draft.body.post.id}`, { title: 'Still writing' });
    expect(edited.status, edited.text).toBe(200);
    const publish = await creator.patch<ErrorBody>(`/api/posts/${draft.body.post.id}`, { status: 'published' });
    expect(publish.status).toBe(402);
    expect(publish.body.error.code).toBe('plan-required');
  });

  it('keeps the public site and its posts readable once the trial is over', async () => {
    const creator = await creatorWithSite(server);
    const live = await write(creator, 'published');
    expect(live.status, live.text).toBe(201);
    await lapse(creator);
    const visitor = createTestClient(server.url);
    expect((await visitor.get(`/@${creator.handle}`)).status).toBe(200);
    expect((await visitor.get(`/@${creator.handle}/posts/${live.body.post.slug}`)).status).toBe(200);
  });

  it('holds a scheduled post whose time came under a lapsed plan, then publishes it once when the plan is paid', async () => {
    const creator = await creatorWithSite(server);
    const scheduled = await write(creator, 'scheduled', { publishAt: new Date(time.clock().getTime() + 60_000).toISOString() });
    expect(scheduled.status, scheduled.text).toBe(201);
    const id = scheduled.body.post.id;
    await lapse(creator);
    time.advance(120_000);

    expect(await server.services.posts.publishDue()).not.toContain(id);
    const [held] = await server.handle.db.select({ status: posts.status }).from(posts).where(eq(posts.id, id));
    expect(held!.status).toBe('scheduled');

    // What the webhooks do when the creator pays (platform-plan-billing.test.ts drives it through Stripe).
    await server.handle.db
      .update(platformPlans)
      .set({ status: 'active', currentPeriodEnd: new Date(time.clock().getTime() + 30 * DAY_MS) })
      .where(eq(platformPlans.userId, creator.userId));
    const first = await server.services.posts.publishDue();
    expect(first).toContain(id);
    expect(await server.services.posts.publishDue()).not.toContain(id);
    expect((await write(creator, 'published')).status).toBe(201);
  });

  it('keeps a canceled plan publishing until its period ends, then asks', async () => {
    const creator = await creatorWithSite(server);
    await lapse(creator);
    const periodEnd = new Date(time.clock().getTime() + 60_000);
    await server.handle.db.update(platformPlans).set({ status: 'canceled', currentPeriodEnd: periodEnd }).where(eq(platformPlans.userId, creator.userId));
    expect(await planOf(creator)).toMatchObject({ status: 'canceled', canPublish: true });
    expect((await write(creator, 'published')).status).toBe(201);
    await server.handle.db
      .update(platformPlans)
      .set({ currentPeriodEnd: new Date(time.clock().getTime() - 1) })
      .where(eq(platformPlans.userId, creator.userId));
    expect(await planOf(creator)).toMatchObject({ status: 'expired', canPublish: false });
    expect((await write(creator, 'published')).status).toBe(402);
  });
});

describe.each([
  ['the platform fee off', { PLATFORM_FEE: 'off', STRIPE_SECRET_KEY: 'sk_test_plan', STRIPE_API_URL: 'http://127.0.0.1:9' }, { feeEnabled: false, stripeConfigured: true }],
  ['no Stripe configured', {}, { feeEnabled: true, stripeConfigured: false }],
])('with %s', (_name, env: Record<string, string>, flags) => {
  const time = createTestClock(new Date());
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: time.clock, env });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('never blocks publishing, long after any trial, and says why', async () => {
    const creator = await creatorWithSite(server);
    await planOf(creator);
    const scheduled = await write(creator, 'scheduled', { publishAt: new Date(time.clock().getTime() + 40 * DAY_MS).toISOString() });
    expect(scheduled.status, scheduled.text).toBe(201);
    // Past the trial and the schedule; the session renews on the way.
    time.advance(20 * DAY_MS);
    await planOf(creator);
    time.advance(21 * DAY_MS);
    expect(await planOf(creator)).toMatchObject({ ...flags, canPublish: true });
    expect((await write(creator, 'published')).status).toBe(201);
    expect(await server.services.posts.publishDue()).toEqual([scheduled.body.post.id]);
    const checkout = await creator.client.post<ErrorBody>('/api/platform-plan/checkout');
    expect(checkout.status).toBe(409);
    expect(checkout.body.error.code).toBe('billing-not-configured');
  });
});
