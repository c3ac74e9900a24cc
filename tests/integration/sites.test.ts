/**
 * The creator's site, onboarding progress and the overview (issue 9 items 1
 * and 2) through the real app on a fresh database: creation with its free
 * tier, the handle rules, one site per creator, who may call, media that is
 * not the site's own, finishing the wizard, and the overview's figures from
 * rows a test writes where the posts, members and public-site features would.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../common/api/dashboard.ts';
import type { HandleAvailability, SiteJson } from '../../common/api/sites.ts';
import type { PublicUser } from '../../common/api-types.ts';
import { media, memberships, pageViews, posts, sites, tiers } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { signUp, signUpVerified } from '../support/accounts.ts';
import type { TestClient, TestResponse } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.handle.db;
interface ErrorBody {
  error: { code: string; field?: string };
}

/** PATCH as the browser sends it: the session cookie and the app's Origin. */
async function patch<Body>(client: TestClient, path: string, body: unknown): Promise<TestResponse<Body>> {
  const response = await fetch(new URL(path, server.url), {
    method: 'PATCH',
    headers: {
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      origin: new URL(server.url).origin,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as Body, text };
}

let handleCounter = 0;
function freshHandle(label = 'site'): string {
  handleCounter += 1;
  return `${label}-${process.pid}-${handleCounter}`;
}

async function creatorWithSite(handle = freshHandle()) {
  const account = await signUpVerified(server);
  const created = await account.client.post<{ site: SiteJson }>('/api/sites', { handle, title: 'Night Owl Radio', tagline: 'Late shows' });
  expect(created.status).toBe(201);
  return { ...account, site: created.body.site };
}

async function insertImage(siteId: string, derived = {}) {
  const id = randomUUID();
  await db().insert(media).values({ id, siteId, kind: 'image', originalName: 'me.jpg', type: 'image/jpeg', bytes: 1000, status: 'ready', storageKey: `media/${siteId}/${id}/original`, derived });
  return id;
}

describe('POST /api/sites', () => {
  it('creates the site with its free tier and answers it', async () => {
    const handle = freshHandle('ada');
    const { client, site } = await creatorWithSite(handle.toUpperCase());
    expect(site).toMatchObject({ handle, title: 'Night Owl Radio', tagline: 'Late shows', about: '', brandColor: '#6d28d9', avatar: null, banner: null, publishedAt: null });
    expect(site.url).toBe(`${server.url}/@${handle}`);
    const siteTiers = await db().select().from(tiers).where(eq(tiers.siteId, site.id));
    expect(siteTiers).toMatchObject([{ type: 'free', name: 'Free', position: 0 }]);
    const mine = await client.get<{ site: SiteJson }>('/api/sites/mine');
    expect(mine.body.site.id).toBe(site.id);
  });

  it('refuses a handle another site has', async () => {
    const { site } = await creatorWithSite();
    const other = await signUpVerified(server);
    const taken = await other.client.post<ErrorBody>('/api/sites', { handle: site.handle, title: 'Copycat' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'handle-taken', field: 'handle' });
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(31)],
    ['bad characters', 'night_owl'],
    ['a leading hyphen', '-owl'],
    ['a double hyphen', 'night--owl'],
    ['reserved', 'admin'],
    ['reserved', 'api'],
  ])('refuses a handle that is %s (%s)', async (_why, handle) => {
    const { client } = await signUpVerified(server);
    const refused = await client.post<ErrorBody>('/api/sites', { handle, title: 'Mine' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid-handle', field: 'handle' });
    expect(await db().select().from(sites).where(eq(sites.handle, handle))).toHaveLength(0);
  });

  it('allows one site per creator', async () => {
    const { client } = await creatorWithSite();
    const second = await client.post<ErrorBody>('/api/sites', { handle: freshHandle(), title: 'Second' });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('site-exists');
  });

  it('makes one site when two requests race, and one handle when two creators race for it', async () => {
    const { client } = await signUpVerified(server);
    const both = await Promise.all([client.post('/api/sites', { handle: freshHandle(), title: 'A' }), client.post('/api/sites', { handle: freshHandle(), title: 'B' })]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);

    const handle = freshHandle('race');
    const [first, second] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const raced = await Promise.all([first.client.post('/api/sites', { handle, title: 'One' }), second.client.post('/api/sites', { handle, title: 'Two' })]);
    expect(raced.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(raced.find((response) => response.status === 409)?.body).toMatchObject({ error: { code: 'handle-taken' } });
    expect(await db().select().from(sites).where(eq(sites.handle, handle))).toHaveLength(1);
  });

  it('keeps the creator area to verified creators', async () => {
    const unverified = await signUp(server);
    const refused = await unverified.client.post<ErrorBody>('/api/sites', { handle: freshHandle(), title: 'Too soon' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('email-not-verified');

    const member = await signUpVerified(server);
    await db().update(users).set({ role: 'member' }).where(eq(users.email, member.email));
    const forbidden = await member.client.get<ErrorBody>('/api/sites/mine');
    expect(forbidden.status).toBe(403);

    const anonymous = await fetch(new URL('/api/sites/mine', server.url));
    expect(anonymous.status).toBe(401);
  });

  it('refuses a write from another origin', async () => {
    const { client } = await signUpVerified(server);
    const forged = await client.post<ErrorBody>('/api/sites', { handle: freshHandle(), title: 'Forged' }, { origin: 'http://evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('forbidden-origin');
  });
});

describe('GET /api/sites/handle-available', () => {
  it('says free, taken, invalid or reserved, and that one\'s own handle is free', async () => {
    const { client, site } = await creatorWithSite();
    const other = await signUpVerified(server);
    const check = async (who: TestClient, handle: string) =>
      (await who.get<HandleAvailability>(`/api/sites/handle-available?handle=${encodeURIComponent(handle)}`)).body;
    expect(await check(other.client, freshHandle())).toEqual({ available: true });
    expect(await check(other.client, site.handle)).toEqual({ available: false, problem: 'taken' });
    expect(await check(client, site.handle)).toEqual({ available: true });
    expect(await check(other.client, 'ab')).toEqual({ available: false, problem: 'too-short' });
    expect(await check(other.client, 'no spaces')).toEqual({ available: false, problem: 'bad-characters' });
    expect(await check(other.client, 'login')).toEqual({ available: false, problem: 'reserved' });
  });

  it('is limited per creator, lightly', async () => {
    const { client } = await signUpVerified(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt += 1) statuses.push((await client.get(`/api/sites/handle-available?handle=probe-${attempt}`)).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another creator is not affected.
    const other = await signUpVerified(server);
    expect((await other.client.get('/api/sites/handle-available?handle=probe')).status).toBe(200);
  });
});

describe('GET and PATCH /api/sites/mine', () => {
  it('answers 404 before the creator has a site', async () => {
    const { client } = await signUpVerified(server);
    const none = await client.get<ErrorBody>('/api/sites/mine');
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('not-found');
  });

  it('updates the fields, the colour and the handle with the same checks', async () => {
    const { client, site } = await creatorWithSite();
    const newHandle = freshHandle('renamed');
    const updated = await patch<{ site: SiteJson }>(client, '/api/sites/mine', { title: 'Dawn Chorus', about: 'Birdsong at five', brandColor: '#0E7490', handle: newHandle });
    expect(updated.status).toBe(200);
    expect(updated.body.site).toMatchObject({ title: 'Dawn Chorus', about: 'Birdsong at five', brandColor: '#0e7490', handle: newHandle });

    const badColour = await patch<ErrorBody>(client, '/api/sites/mine', { brandColor: 'red' });
    expect(badColour.status).toBe(400);
    expect(badColour.body.error).toMatchObject({ code: 'invalid-input', field: 'brandColor' });

    const reserved = await patch<ErrorBody>(client, '/api/sites/mine', { handle: 'settings' });
    expect(reserved.body.error).toMatchObject({ code: 'invalid-handle', field: 'handle' });

    const { site: other } = await creatorWithSite();
    const taken = await patch<ErrorBody>(client, '/api/sites/mine', { handle: other.handle });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('handle-taken');
    expect((await client.get<{ site: SiteJson }>('/api/sites/mine')).body.site.handle).toBe(newHandle);
    expect(site.id).toBe(updated.body.site.id);
  });

  it('takes its own images as avatar and banner, with signed URLs of the fitting variant', async () => {
    const { client, site } = await creatorWithSite();
    const derived = {
      images: [
        { width: 320, height: 320, file: 'w320.webp' },
        { width: 640, height: 640, file: 'w640.webp' },
        { width: 960, height: 960, file: 'w960.webp' },
      ],
    };
    const avatarId = await insertImage(site.id, derived);
    const bannerId = await insertImage(site.id, derived);
    const updated = await patch<{ site: SiteJson }>(client, '/api/sites/mine', { avatarMediaId: avatarId, bannerMediaId: bannerId });
    expect(updated.status).toBe(200);
    expect(updated.body.site.avatar?.id).toBe(avatarId);
    expect(updated.body.site.avatar?.url).toMatch(new RegExp(`^/media/${avatarId}/\\d+-[A-Za-z0-9_-]+/w640\\.webp$`));
    expect(updated.body.site.banner?.url).toMatch(new RegExp(`^/media/${bannerId}/\\d+-[A-Za-z0-9_-]+/w960\\.webp$`));

    const removed = await patch<{ site: SiteJson }>(client, '/api/sites/mine', { avatarMediaId: null });
    expect(removed.body.site.avatar).toBeNull();

    const processing = await insertImage(site.id, {});
    await db().update(media).set({ status: 'processing' }).where(eq(media.id, processing));
    const notYet = await patch<{ site: SiteJson }>(client, '/api/sites/mine', { avatarMediaId: processing });
    expect(notYet.body.site.avatar).toEqual({ id: processing, status: 'processing', url: null });
    expect(removed.body.site.banner?.id).toBe(bannerId);
  });

  it('answers 404 for another creator\'s media, an unknown id, or media that is no image', async () => {
    const { client, site } = await creatorWithSite();
    const { site: stranger } = await creatorWithSite();
    const strangersImage = await insertImage(stranger.id);
    const audioId = randomUUID();
    await db().insert(media).values({ id: audioId, siteId: site.id, kind: 'audio', originalName: 'a.mp3', type: 'audio/mpeg', bytes: 10, storageKey: 'k' });
    for (const mediaId of [strangersImage, randomUUID(), audioId]) {
      const refused = await patch<ErrorBody>(client, '/api/sites/mine', { avatarMediaId: mediaId });
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('not-found');
    }
    const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(row?.avatarMediaId).toBeNull();
  });

  it('publishes once and keeps the first time', async () => {
    const { client } = await creatorWithSite();
    const first = await patch<{ site: SiteJson }>(client, '/api/sites/mine', { publish: true });
    expect(first.body.site.publishedAt).not.toBeNull();
    const again = await patch<{ site: SiteJson }>(client, '/api/sites/mine', { publish: true });
    expect(again.body.site.publishedAt).toBe(first.body.site.publishedAt);
  });
});

describe('onboarding and profile', () => {
  it('keeps the step, edits the niche, and finishing publishes the site', async () => {
    const { client } = await signUpVerified(server);
    const state = await client.get<{ site: SiteJson | null }>('/api/onboarding');
    expect(state.status).toBe(200);
    expect(state.body.site).toBeNull();
    const early = await client.post<ErrorBody>('/api/onboarding/finish');
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('site-required');

    const stepped = await patch<{ user: PublicUser }>(client, '/api/onboarding', { step: 3 });
    expect(stepped.body.user.onboardingStep).toBe(3);
    expect((await patch<ErrorBody>(client, '/api/onboarding', { step: 9 })).status).toBe(400);

    const listed = await patch<{ user: PublicUser }>(client, '/api/profile', { niche: 'fitness' });
    expect(listed.body.user.niche).toBe('fitness');
    const custom = await patch<{ user: PublicUser }>(client, '/api/profile', { niche: 'other', customNiche: 'Bonsai' });
    expect(custom.body.user.niche).toBe('Bonsai');
    const missing = await patch<ErrorBody>(client, '/api/profile', { niche: 'other' });
    expect(missing.body.error).toMatchObject({ code: 'missing-custom-niche', field: 'customNiche' });

    await client.post('/api/sites', { handle: freshHandle(), title: 'Finished' });
    expect((await client.get<{ site: SiteJson | null }>('/api/onboarding')).body.site?.title).toBe('Finished');
    const finished = await client.post<{ user: PublicUser; site: SiteJson }>('/api/onboarding/finish');
    expect(finished.status).toBe(200);
    expect(finished.body.user.hasCompletedSetup).toBe(true);
    expect(finished.body.site.publishedAt).not.toBeNull();
    const me = await client.get<{ user: PublicUser }>('/api/auth/me');
    expect(me.body.user.hasCompletedSetup).toBe(true);
  });
});

describe('GET /api/dashboard/overview', () => {
  it('starts empty for a creator without a site', async () => {
    const { client } = await signUpVerified(server);
    const answer = await client.get<Overview>('/api/dashboard/overview');
    expect(answer.status).toBe(200);
    expect(answer.body.site).toBeNull();
    expect(answer.body.checklist).toEqual({ siteSetUp: false, firstPostPublished: false, firstMember: false, paymentsConnected: false });
    expect(answer.body.views.days).toHaveLength(30);
  });

  it('counts posts, members and the last 30 days of page views of the creator\'s own site only', async () => {
    const { client, site } = await creatorWithSite();
    await client.post('/api/onboarding/finish');
    const { site: stranger } = await creatorWithSite();
    const now = Date.now();
    const body = { type: 'doc' as const, content: [] };
    const post = (siteId: string, slug: string, status: 'draft' | 'scheduled' | 'published', publishedAt: Date | null) => ({ siteId, slug, title: slug, body, status, publishedAt });
    await db().insert(posts).values([
      post(site.id, 'one', 'published', new Date(now - 86_400_000)),
      post(site.id, 'two', 'published', new Date(now - 3_600_000)),
      post(site.id, 'due', 'scheduled', new Date(now - 60_000)),
      post(site.id, 'later', 'scheduled', new Date(now + 86_400_000)),
      post(site.id, 'draft', 'draft', null),
      post(stranger.id, 'theirs', 'published', new Date(now - 1000)),
    ]);

    const [freeTier] = await db().select().from(tiers).where(eq(tiers.siteId, site.id));
    const fans = await Promise.all(['active', 'comped', 'canceled'].map(() => signUpVerified(server)));
    const fanRows = await Promise.all(fans.map(async (fan) => (await db().select().from(users).where(eq(users.email, fan.email)))[0]!));
    await db().insert(memberships).values([
      { siteId: site.id, userId: fanRows[0]!.id, tierId: freeTier!.id, status: 'active', source: 'free' },
      { siteId: site.id, userId: fanRows[1]!.id, tierId: freeTier!.id, status: 'comped', source: 'comp' },
      { siteId: site.id, userId: fanRows[2]!.id, tierId: freeTier!.id, status: 'canceled', source: 'free' },
    ]);

    const day = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await db().insert(pageViews).values([
      { siteId: site.id, day: day(0), path: '/', views: 5 },
      { siteId: site.id, day: day(0), path: '/posts/one', views: 2 },
      { siteId: site.id, day: day(29), path: '/', views: 3 },
      { siteId: site.id, day: day(30), path: '/', views: 100 },
      { siteId: stranger.id, day: day(0), path: '/', views: 50 },
    ]);

    const answer = (await client.get<Overview>('/api/dashboard/overview')).body;
    expect(answer.site?.handle).toBe(site.handle);
    expect(answer.posts).toEqual({ published: 3, drafts: 1, scheduled: 1 });
    expect(answer.members).toBe(2);
    expect(answer.checklist).toEqual({ siteSetUp: true, firstPostPublished: true, firstMember: true, paymentsConnected: false });
    expect(answer.views.total).toBe(10);
    expect(answer.views.days).toHaveLength(30);
    expect(answer.views.days.at(-1)).toEqual({ day: day(0), views: 7 });
    expect(answer.views.days[0]).toEqual({ day: day(29), views: 3 });
  });
});
