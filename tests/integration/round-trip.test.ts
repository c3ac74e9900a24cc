/**
 * Move out, move in (issue 30 item 7): a seeded site exported from one
 * instance and imported as `platform` into a second, fresh one gives the same
 * site back: posts (slugs, text, dates, visibility, tiers), the cover image,
 * the tier with its prices, the member on it, the comment, and the profile.
 * Both instances are driven over HTTP as the studio drives them.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportView } from '../../common/api/exports.ts';
import type { ImportView } from '../../common/api/imports.ts';
import { media, memberships, posts, sites, tiers } from '../../db/content-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import { comments } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { importToDone } from '../support/import-runs.ts';
import { makeJpeg } from '../support/media.ts';
import { insertMedia, insertMembership, insertPost, insertTier } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let from: TestServer;
let to: TestServer;
let leaving: Creator;
let arriving: Creator;
let imported: ImportView;
const MEMBER_EMAIL = `reader.${randomUUID()}@example.com`;
const PUBLISHED_AT = new Date('2025-05-01T10:00:00.000Z');

const paragraph = (text: string) => ({ type: 'doc' as const, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

async function seedLeavingSite(): Promise<void> {
  const db = from.handle.db;
  const siteId = leaving.siteId;
  await db.update(sites).set({ title: 'Harbour Sounds', tagline: 'Field recordings from the coast', brandColor: '#224466' }).where(eq(sites.id, siteId));
  await insertTier(db, siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
  const gold = await insertTier(db, siteId, { name: 'Gold', monthlyPrice: 700, yearlyPrice: 7000, position: 1 });
  const jpeg = await makeJpeg(320, 200);
  const cover = await insertMedia(db, siteId, 'image', { originalName: 'dawn.jpg', type: 'image/jpeg', bytes: jpeg.length, alt: 'Dawn over the harbour' });
  await from.services.media.storage.put(cover.storageKey, Readable.from([jpeg]), jpeg.length);
  const open = await insertPost(db, siteId, { slug: 'open-letter', title: 'An open letter', previewHtml: '<p>Hello harbour</p>', coverMediaId: cover.id, publishedAt: PUBLISHED_AT });
  await db.update(posts).set({ body: paragraph('Hello harbour') }).where(eq(posts.id, open.id));
  const gated = await insertPost(db, siteId, { slug: 'gold-notes', title: 'Gold notes', previewHtml: '', gatedHtml: '<p>Only for Gold</p>', visibility: 'tiers', publishedAt: PUBLISHED_AT });
  await db.update(posts).set({ body: paragraph('Only for Gold') }).where(eq(posts.id, gated.id));
  await db.insert(postTiers).values({ postId: gated.id, tierId: gold.id });
  const [member] = await db
    .insert(users)
    .values(buildNewUser({ email: MEMBER_EMAIL, fullName: 'Rita Reader', niche: 'music', passwordHash: null, emailVerified: true, now: new Date() }))
    .returning();
  await insertMembership(db, { siteId, userId: member!.id, tierId: gold.id, status: 'comped', source: 'comp', compExpiresAt: new Date('2030-01-01T00:00:00.000Z') });
  await db.insert(comments).values({ siteId, postId: open.id, authorId: member!.id, body: 'Lovely light.' });
}

async function exportZip(): Promise<Buffer> {
  const started = await leaving.client.post<{ export: ExportView }>('/api/exports');
  expect(started.status).toBe(202);
  let view = started.body.export;
  for (let tries = 0; view.status !== 'ready' && view.status !== 'failed' && tries < 600; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    view = (await leaving.client.get<{ export: ExportView }>(`/api/exports/${view.id}`)).body.export;
  }
  expect(view.status).toBe('ready');
  const cookie = [...leaving.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const download = await fetch(new URL(view.url!, from.url), { headers: { cookie } });
  expect(download.status).toBe(200);
  return Buffer.from(await download.arrayBuffer());
}

beforeAll(async () => {
  [from, to] = await Promise.all([startTestServer(), startTestServer()]);
  [leaving, arriving] = await Promise.all([creatorWithSite(from), creatorWithSite(to)]);
  await seedLeavingSite();
  imported = await importToDone(to, arriving, 'platform', await exportZip());
}, 240_000);

afterAll(async () => {
  await Promise.all([from?.stop(), to?.stop()]);
});

async function siteRows(server: TestServer, siteId: string) {
  const db = server.handle.db;
  const postRows = await db.select().from(posts).where(eq(posts.siteId, siteId)).orderBy(asc(posts.slug));
  const tierRows = await db.select().from(tiers).where(eq(tiers.siteId, siteId)).orderBy(asc(tiers.position), asc(tiers.name));
  const members = await db
    .select({ email: users.email, tier: tiers.name, status: memberships.status, compExpiresAt: memberships.compExpiresAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(tiers, eq(tiers.id, memberships.tierId))
    .where(eq(memberships.siteId, siteId));
  const commentRows = await db.select({ body: comments.body, author: users.email }).from(comments).leftJoin(users, eq(users.id, comments.authorId)).where(eq(comments.siteId, siteId));
  const mediaRows = await db.select({ originalName: media.originalName, alt: media.alt }).from(media).where(eq(media.siteId, siteId));
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  return { postRows, tierRows, members, commentRows, mediaRows, site: site! };
}

describe('an export imported into a fresh instance', () => {
  it('ran as a platform import and counted what it made', () => {
    expect(imported.status).toBe('done');
    expect(imported.result).toMatchObject({ posts: 2, members: 1, comments: 1 });
  });

  it('gives the same posts, tiers, members, comments, media and profile', async () => {
    const before = await siteRows(from, leaving.siteId);
    const after = await siteRows(to, arriving.siteId);
    const postFacts = (rows: typeof before.postRows) => rows.map((row) => ({ slug: row.slug, title: row.title, visibility: row.visibility, status: row.status, publishedAt: row.publishedAt, body: row.body }));
    expect(postFacts(after.postRows)).toEqual(postFacts(before.postRows));
    const tierFacts = (rows: typeof before.tierRows) => rows.filter((row) => row.type === 'paid').map((row) => ({ name: row.name, monthlyPrice: row.monthlyPrice, yearlyPrice: row.yearlyPrice, currency: row.currency }));
    expect(tierFacts(after.tierRows)).toEqual(tierFacts(before.tierRows));
    expect(after.members).toEqual(before.members);
    expect(after.commentRows).toEqual(before.commentRows);
    expect(after.mediaRows).toEqual(before.mediaRows);
    expect({ title: after.site.title, tagline: after.site.tagline, brandColor: after.site.brandColor }).toEqual({ title: before.site.title, tagline: before.site.tagline, brandColor: before.site.brandColor });
    const [coverBefore, coverAfter] = [before, after].map((rows) => rows.postRows.find((row) => row.slug === 'open-letter')!.coverMediaId);
    expect(coverAfter).not.toBeNull();
    expect(coverAfter).not.toBe(coverBefore);
  });

  it('shows the same public post page text and keeps the tiers post behind its tier', async () => {
    const page = (server: TestServer, handle: string, slug: string) => fetch(new URL(`/@${handle}/posts/${slug}`, server.url)).then(async (response) => ({ status: response.status, text: await response.text() }));
    const [before, after] = await Promise.all([page(from, leaving.handle, 'open-letter'), page(to, arriving.handle, 'open-letter')]);
    expect(after.status).toBe(before.status);
    expect(after.text).toContain('Hello harbour');
    expect(after.text).toContain('An open letter');
    const gated = await page(to, arriving.handle, 'gold-notes');
    expect(gated.status).toBe(200);
    expect(gated.text).not.toContain('Only for Gold');
  });
});
