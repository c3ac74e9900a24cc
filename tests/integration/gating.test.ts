/**
 * The access rule with tiers and payment (issue 10, item 4) across every
 * channel, on the real app and a real database: the post page, its head
 * (Open Graph, Twitter, JSON-LD), the site's RSS, the sitemap and the media
 * URLs signed in them. For a `paid` and a `tiers` post and each kind of
 * reader, the gated text and gated media ids appear exactly when the rule
 * opens the post, and never otherwise in any response body.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipStatus } from '../../common/memberships.ts';
import { sites } from '../../db/content-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { sitemapUrls } from '../support/sitemap.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { embed, insertMedia, insertMembership, insertPost, insertSite, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const PAID_SECRET = 'kelp-forest-paid-secret';
const TIERS_SECRET = 'storm-petrel-tiers-secret';
const DAY = 86_400_000;

let server: TestServer;
let owner: TestClient;
let site: Awaited<ReturnType<typeof insertSite>>['site'];
let freeTierId: string;
let supporterId: string;
let patronId: string;
let paidImage: { id: string };
let tiersAudio: { id: string };
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  const creator = await signUpVerified(server);
  owner = creator.client;
  const created = await insertSite(db(), await userIdOf(db(), creator.email));
  site = created.site;
  freeTierId = created.freeTier.id;
  supporterId = (await insertTier(db(), site.id, { name: 'Supporter' })).id;
  patronId = (await insertTier(db(), site.id, { name: 'Patron', monthlyPrice: 2000 })).id;
  paidImage = await insertMedia(db(), site.id, 'image');
  tiersAudio = await insertMedia(db(), site.id, 'audio');
  await insertPost(db(), site.id, {
    slug: 'paid-post',
    title: 'For paying members',
    excerpt: 'A paid teaser',
    visibility: 'paid',
    previewHtml: '<p>Open to all.</p>',
    gatedHtml: `<p>${PAID_SECRET}</p>${embed({ id: paidImage.id, kind: 'image' })}`,
  });
  const tiersPost = await insertPost(db(), site.id, {
    slug: 'patrons-post',
    title: 'For patrons',
    excerpt: 'A patrons teaser',
    visibility: 'tiers',
    previewHtml: '<p>Open to all.</p>',
    gatedHtml: `<p>${TIERS_SECRET}</p>${embed({ id: tiersAudio.id, kind: 'audio' })}`,
  });
  await db().insert(postTiers).values({ postId: tiersPost.id, tierId: patronId });
});

afterAll(async () => {
  await server?.stop();
});

/** A signed-in reader with the given membership. */
async function readerWith(tierId: string, status: MembershipStatus, extra: { compExpiresAt?: Date } = {}): Promise<TestClient> {
  const reader = await signUpVerified(server);
  await insertMembership(db(), { siteId: site.id, userId: await userIdOf(db(), reader.email), tierId, status, source: status === 'comped' ? 'comp' : 'stripe', ...extra });
  return reader.client;
}

/** Every channel's answer for one reader, concatenated per post where the channel is per post. */
async function channels(client: TestClient) {
  const [paidPage, tiersPage, rss] = await Promise.all([
    client.get(`/@${site.handle}/posts/paid-post`),
    client.get(`/@${site.handle}/posts/patrons-post`),
    client.get(`/@${site.handle}/rss.xml`),
  ]);
  for (const answer of [paidPage, tiersPage, rss]) expect(answer.status).toBe(200);
  return { paidPage: paidPage.text, tiersPage: tiersPage.text, rss: rss.text };
}

function expectOpen(body: string, secret: string, mediaId: string, open: boolean, context: string) {
  if (open) {
    expect(body, context).toContain(secret);
    expect(body, context).toContain(`/media/${mediaId}/`);
  } else {
    expect(body, context).not.toContain(secret);
    expect(body, context).not.toContain(mediaId);
  }
}

/** What each reader must get: [paid post open, tiers post open]. */
async function expectAccess(client: TestClient, paidOpen: boolean, tiersOpen: boolean, who: string) {
  const { paidPage, tiersPage, rss } = await channels(client);
  expectOpen(paidPage, PAID_SECRET, paidImage.id, paidOpen, `${who}: paid page`);
  expectOpen(tiersPage, TIERS_SECRET, tiersAudio.id, tiersOpen, `${who}: tiers page`);
  expectOpen(rss.replace(/<item>(?:(?!<\/item>)[\s\S])*patrons-post[\s\S]*?<\/item>/, ''), PAID_SECRET, paidImage.id, paidOpen, `${who}: RSS, paid item`);
  expectOpen(rss.replace(/<item>(?:(?!<\/item>)[\s\S])*paid-post[\s\S]*?<\/item>/, ''), TIERS_SECRET, tiersAudio.id, tiersOpen, `${who}: RSS, tiers item`);
  // The gated text is never in the head (description, Open Graph, Twitter, JSON-LD), whoever reads.
  for (const page of [paidPage, tiersPage]) {
    const head = page.slice(0, page.indexOf('</head>'));
    for (const secret of [PAID_SECRET, TIERS_SECRET, paidImage.id, tiersAudio.id]) expect(head, `${who}: head`).not.toContain(secret);
    expect(head).toContain('"isAccessibleForFree":false');
  }
  // A closed post ends with the call to join (its words depend on the reader: server/rendering/post-page.test.ts).
  expect(paidPage.includes('id="gate-heading"'), `${who}: paid gate`).toBe(!paidOpen);
  expect(tiersPage.includes('id="gate-heading"'), `${who}: tiers gate`).toBe(!tiersOpen);
}

describe('paid and tiers posts on every channel', () => {
  it('an anonymous reader gets the previews only', async () => {
    await expectAccess(createTestClient(server.url), false, false, 'anonymous');
  });

  it('a free member gets the previews only', async () => {
    await expectAccess(await readerWith(freeTierId, 'active'), false, false, 'free member');
  });

  it('a paying member of another tier reads the paid post but not the tiers post', async () => {
    await expectAccess(await readerWith(supporterId, 'active'), true, false, 'supporter');
  });

  it('a paying member of the right tier reads both, trialing too', async () => {
    await expectAccess(await readerWith(patronId, 'active'), true, true, 'patron');
    await expectAccess(await readerWith(patronId, 'trialing'), true, true, 'trialing patron');
  });

  it('past_due keeps access while the site setting is on, and loses it when off', async () => {
    const reader = await readerWith(patronId, 'past_due');
    await expectAccess(reader, true, true, 'past_due, setting on');
    const creator = await signUpVerified(server);
    const other = await insertSite(db(), await userIdOf(db(), creator.email), { pastDueAccess: false });
    // The setting is per site: the same status on a site with it off opens nothing.
    const strictTier = await insertTier(db(), other.site.id);
    await insertPost(db(), other.site.id, { slug: 'strict-paid', visibility: 'paid', previewHtml: '', gatedHtml: `<p>${PAID_SECRET}-strict</p>` });
    const strict = await signUpVerified(server);
    await insertMembership(db(), { siteId: other.site.id, userId: await userIdOf(db(), strict.email), tierId: strictTier.id, status: 'past_due', source: 'stripe' });
    expect((await strict.client.get(`/@${other.site.handle}/posts/strict-paid`)).text).not.toContain(`${PAID_SECRET}-strict`);
    await db().update(sites).set({ pastDueAccess: true }).where(eq(sites.id, other.site.id));
    expect((await strict.client.get(`/@${other.site.handle}/posts/strict-paid`)).text).toContain(`${PAID_SECRET}-strict`);
  });

  it('a comp opens its tier until its date and nothing after', async () => {
    await expectAccess(await readerWith(patronId, 'comped', { compExpiresAt: new Date(Date.now() + DAY) }), true, true, 'comped');
    await expectAccess(await readerWith(patronId, 'comped', { compExpiresAt: new Date(Date.now() - DAY) }), false, false, 'comp expired');
  });

  it('a canceled or expired membership opens nothing', async () => {
    await expectAccess(await readerWith(patronId, 'canceled'), false, false, 'canceled');
    await expectAccess(await readerWith(patronId, 'expired'), false, false, 'expired');
  });

  it('the owner reads both', async () => {
    await expectAccess(owner, true, true, 'owner');
  });

  it('the sitemap lists neither', async () => {
    const urls = await sitemapUrls(server.url);
    expect(urls).toContain(`${server.url}/@${site.handle}`);
    for (const slug of ['paid-post', 'patrons-post']) expect(urls).not.toContain(`${server.url}/@${site.handle}/posts/${slug}`);
  });

  it('a patron’s page signs the tiers post’s audio; a guessed URL of it is 404', async () => {
    const page = await (await readerWith(patronId, 'active')).get(`/@${site.handle}/posts/patrons-post`);
    expect(page.text).toMatch(new RegExp(`/media/${tiersAudio.id}/\\d+-[\\w-]+/`));
    const guessed = await fetch(new URL(`/media/${tiersAudio.id}/9999999999-AAAAAAAAAAAAAAAAAAAAAA/original`, server.url));
    expect(guessed.status).toBe(404);
    await guessed.body?.cancel();
  });
});

describe('posts keep their tiers', () => {
  it('POST and PATCH take tierIds of the creator’s own tiers and answer them with their names; another creator’s tier is 400 tierIds', async () => {
    const created = await owner.post<{ post: { id: string; tierIds: string[]; tierNames: string[] } }>('/api/posts', {
      title: 'Patrons and supporters',
      html: '<p>Hello</p><!--members-only--><p>Inside</p>',
      visibility: 'tiers',
      status: 'published',
      tierIds: [patronId, supporterId],
    });
    expect(created.status).toBe(201);
    expect(new Set(created.body.post.tierIds)).toEqual(new Set([patronId, supporterId]));
    expect(new Set(created.body.post.tierNames)).toEqual(new Set(['Patron', 'Supporter']));
    const list = await owner.get<{ posts: { id: string; tierNames: string[] }[] }>('/api/posts');
    expect(list.body.posts.find((post) => post.id === created.body.post.id)?.tierNames.sort()).toEqual(['Patron', 'Supporter']);

    const stranger = await signUpVerified(server);
    const strangerSite = await insertSite(db(), await userIdOf(db(), stranger.email));
    const foreign = await insertTier(db(), strangerSite.site.id);
    const refused = await owner.post<{ error: { code: string; field: string } }>('/api/posts', { title: 'Sneaky', visibility: 'tiers', status: 'draft', tierIds: [foreign.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid-input', field: 'tierIds' });
    const none = await owner.post<{ error: { field: string } }>('/api/posts', { title: 'For nobody', visibility: 'tiers', status: 'published', tierIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.field).toBe('tierIds');

    const patch = (body: unknown) =>
      fetch(new URL(`/api/posts/${created.body.post.id}`, server.url), {
        method: 'PATCH',
        headers: { cookie: [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { post: { tierIds: string[] } } }));
    expect((await patch({ tierIds: [patronId] })).body.post.tierIds).toEqual([patronId]);
    expect((await patch({ title: 'Renamed' })).body.post.tierIds).toEqual([patronId]);
    expect((await patch({ visibility: 'paid' })).body.post.tierIds).toEqual([]);
  });

  it('the site answers and takes pastDueAccess', async () => {
    const creator = await signUpVerified(server);
    await insertSite(db(), await userIdOf(db(), creator.email));
    const mine = await creator.client.get<{ site: { pastDueAccess: boolean } }>('/api/sites/mine');
    expect(mine.body.site.pastDueAccess).toBe(true);
    const changed = await fetch(new URL('/api/sites/mine', server.url), {
      method: 'PATCH',
      headers: { cookie: [...creator.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ pastDueAccess: false }),
    });
    expect(((await changed.json()) as { site: { pastDueAccess: boolean } }).site.pastDueAccess).toBe(false);
  });
});
