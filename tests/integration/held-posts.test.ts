/**
 * A scheduled post the platform plan holds is not live for any reader
 * (docs/decisions/057 and 061): once a creator's trial is over, a post whose
 * time has come stays off the site's page, its own page, RSS, the sitemap
 * and a member's private feed, as the publish job leaves it scheduled; the
 * owner can still preview it. When the creator pays, every channel shows it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPlans } from '../../db/money-schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertMembership, insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { SITEMAP_TTL_MS } from '../../server/public-site/sitemap.ts';
import { sitemapUrls } from '../support/sitemap.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe is configured, so the fee is charged, but never called: nobody pays through it here. */
const BILLING = { STRIPE_SECRET_KEY: 'sk_test_plan', STRIPE_API_URL: 'http://127.0.0.1:9', PLATFORM_TRIAL_DAYS: '30' };

const time = createTestClock(new Date());
let server: TestServer;
let owner: TestClient;
let ownerId: string;
let handle: string;
let siteId: string;
let memberFeedUrl: string;
const visitor = () => createTestClient(server.url);

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock, env: BILLING });
  const creator = await signUpVerified(server);
  owner = creator.client;
  ownerId = await userIdOf(server.handle.db, creator.email);
  const { site, freeTier } = await insertSite(server.handle.db, ownerId);
  handle = site.handle;
  siteId = site.id;
  const minuteAgo = new Date(time.clock().getTime() - 60_000);
  await insertPost(server.handle.db, site.id, { slug: 'already-out', title: 'Already out', publishedAt: new Date(time.clock().getTime() - DAY_MS) });
  await insertPost(server.handle.db, site.id, { slug: 'held-back', title: 'Held back', status: 'scheduled', publishedAt: minuteAgo });

  const fan = await signUpVerified(server);
  await insertMembership(server.handle.db, { siteId: site.id, userId: await userIdOf(server.handle.db, fan.email), tierId: freeTier.id });
  const feed = await fan.client.post<{ url: string }>(`/api/sites/${handle}/feed-token`);
  expect(feed.status, feed.text).toBe(200);
  memberFeedUrl = feed.body.url;

  // The trial ended a day ago: the plan row is made on first read, then moved back.
  expect((await owner.get('/api/platform-plan')).status).toBe(200);
  await server.handle.db
    .update(platformPlans)
    .set({ trialEndsAt: new Date(time.clock().getTime() - DAY_MS) })
    .where(eq(platformPlans.userId, ownerId));
});

afterAll(async () => {
  await server?.stop();
});

/** What each reader channel says about the held post, beside the published one that must always be there. */
async function channels() {
  const anyone = visitor();
  const [home, postPage, rss, sitemap, feed] = await Promise.all([
    anyone.get(`/@${handle}`),
    anyone.get(`/@${handle}/posts/held-back`),
    anyone.get(`/@${handle}/rss.xml`),
    sitemapUrls(server.url),
    fetch(memberFeedUrl).then(async (response) => ({ status: response.status, text: await response.text() })),
  ]);
  for (const page of [home, rss, feed]) {
    expect(page.status).toBe(200);
  }
  expect(home.text).toContain('Already out');
  expect(rss.text).toContain('Already out');
  expect(sitemap).toContain(`${server.url}/@${handle}/posts/already-out`);
  expect(feed.text).toContain('Already out');
  return {
    home: home.text.includes('Held back'),
    postPage: postPage.status,
    rss: rss.text.includes('Held back'),
    sitemap: sitemap.includes(`${server.url}/@${handle}/posts/held-back`),
    feed: feed.text.includes('Held back'),
  };
}

describe('a scheduled post held by a lapsed plan', () => {
  it('is absent from the page, its own page, RSS, the sitemap and the member feed', async () => {
    expect(await channels()).toEqual({ home: false, postPage: 404, rss: false, sitemap: false, feed: false });
    expect(await server.services.posts.publishDue()).toEqual([]);
    // The overview counts it as the studio shows it: waiting, not published.
    expect((await owner.get<{ posts: unknown }>('/api/dashboard/overview')).body.posts).toEqual({ published: 1, drafts: 0, scheduled: 1 });
  });

  it('stays in the owner’s preview list and opens in preview', async () => {
    const list = await owner.get<{ posts: { title: string; status: string }[] }>('/api/site-preview');
    expect(list.status, list.text).toBe(200);
    expect(list.body.posts).toContainEqual(expect.objectContaining({ title: 'Held back', status: 'scheduled' }));
    expect((await owner.get(`/@${handle}/posts/held-back?preview=1`)).status).toBe(200);
    expect((await owner.get(`/@${handle}/posts/held-back`)).status).toBe(404);
  });

  it('appears on every channel once the creator pays, before the job has run', async () => {
    // What the webhooks write when the plan's checkout completes, and tell the site's pages (platform-plan-billing.test.ts drives it through Stripe).
    await server.handle.db
      .update(platformPlans)
      .set({ status: 'active', currentPeriodEnd: new Date(time.clock().getTime() + 30 * DAY_MS) })
      .where(eq(platformPlans.userId, ownerId));
    await server.services.siteChanges.siteChanged(siteId);
    // The sitemap is kept in memory a few minutes (server/public-site/sitemap.ts).
    time.advance(SITEMAP_TTL_MS);
    expect(await channels()).toEqual({ home: true, postPage: 200, rss: true, sitemap: true, feed: true });
    const list = await owner.get<{ posts: { title: string }[] }>('/api/site-preview');
    expect(list.body.posts.map((post) => post.title)).not.toContain('Held back');
    expect((await owner.get<{ posts: unknown }>('/api/dashboard/overview')).body.posts).toEqual({ published: 2, drafts: 0, scheduled: 0 });
  });
});
