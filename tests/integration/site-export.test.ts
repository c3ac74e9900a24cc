/**
 * The site export (DESIGN.md "Release 4" > "Move in, move out"): a seeded site
 * (posts of every visibility, an image, a paid tier, a member whose name is a
 * formula, a comment, a message, an old address) exports through the queue; the zip's manifest
 * holds every file's SHA-256 (recomputed here), members.csv has Ghost's columns
 * and the formula neutralised, and our own reader takes the file back. The
 * download is its owner's only: another creator's id, a replayed link, a
 * changed or expired signature are refused. Week-old exports are cleaned.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportView } from '../../common/api/exports.ts';
import { EXPORT_COLUMNS } from '../../common/api/members.ts';
import { posts } from '../../db/content-schema.ts';
import { postRedirects, siteExports } from '../../db/move-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import { comments, conversations, messages } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { createDownloadLinks } from '../../server/exports/download-link.ts';
import type { ExportManifest } from '../../server/exports/index.ts';
import { readPlatformExport } from '../../server/imports/sources/platform.ts';
import { openZip } from '../../server/imports/sources/zip-archive.ts';
import { createSecretBox } from '../../server/secrets/index.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { insertMedia, insertMembership, insertPost, insertTier } from '../support/site-fixtures.ts';
import { startTestServer, testEnvironment, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let creator: Creator;
let other: Creator;
let workDir: string;
let ready: ExportView;
let zipPath: string;
const IMAGE = Buffer.from(`a picture ${randomUUID()}`.repeat(50));
const FORMULA_NAME = '=HYPERLINK("http://evil.example","x")';

async function seed(): Promise<void> {
  const db = server.handle.db;
  const siteId = creator.siteId;
  await insertTier(db, siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
  const gold = await insertTier(db, siteId, { name: 'Gold', stripeProductId: 'prod_gold', stripeMonthlyPriceId: 'price_gold_m' });
  const image = await insertMedia(db, siteId, 'image', { originalName: 'harbour at dawn.jpg', type: 'image/jpeg', bytes: IMAGE.length, alt: 'The harbour' });
  await server.services.media.storage.put(image.storageKey, Readable.from([IMAGE]), IMAGE.length);
  const open = await insertPost(db, siteId, { slug: 'open-letter', visibility: 'public', coverMediaId: image.id });
  await db
    .update(posts)
    .set({ body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }, { type: 'media', attrs: { id: image.id, kind: 'image', caption: '', alt: '' } }] } })
    .where(eq(posts.id, open.id));
  await db.insert(postRedirects).values({ siteId, path: '/p/open-letter', postId: open.id });
  await insertPost(db, siteId, { slug: 'for-members', visibility: 'members', gatedHtml: '<p>Members only.</p>' });
  await insertPost(db, siteId, { slug: 'for-payers', visibility: 'paid', gatedHtml: '<p>Paid only.</p>' });
  const tiersPost = await insertPost(db, siteId, { slug: 'for-gold', visibility: 'tiers', gatedHtml: '<p>Gold only.</p>' });
  await db.insert(postTiers).values({ postId: tiersPost.id, tierId: gold.id });
  const [member] = await db
    .insert(users)
    .values(buildNewUser({ email: `member.${randomUUID()}@example.com`, fullName: FORMULA_NAME, niche: 'music', passwordHash: null, emailVerified: true, now: new Date() }))
    .returning();
  await insertMembership(db, { siteId, userId: member!.id, tierId: gold.id, status: 'active', source: 'stripe', cadence: 'month', stripeCustomerId: 'cus_gold', stripeSubscriptionId: `sub_${randomUUID()}` });
  await db.insert(comments).values({ siteId, postId: open.id, authorId: member!.id, body: 'Lovely light.' });
  const [conversation] = await db.insert(conversations).values({ siteId, memberId: member!.id }).returning();
  await db.insert(messages).values({ conversationId: conversation!.id, siteId, authorId: member!.id, sender: 'member', body: 'Thank you for the recordings.' });
}

async function waitUntilSettled(id: string): Promise<ExportView> {
  for (let tries = 0; tries < 600; tries++) {
    const { body } = await creator.client.get<{ export: ExportView }>(`/api/exports/${id}`);
    if (body.export.status === 'ready' || body.export.status === 'failed') return body.export;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export never settled');
}

beforeAll(async () => {
  server = await startTestServer();
  creator = await creatorWithSite(server);
  other = await creatorWithSite(server);
  workDir = await mkdtemp(path.join(tmpdir(), 'site-export-'));
  await seed();
  const first = await creator.client.post<{ export: ExportView }>('/api/exports');
  expect(first.status).toBe(202);
  expect(first.body.export.status).toBe('queued');
  // One at a time: asking again while it waits or runs answers the same export.
  const again = await creator.client.post<{ export: ExportView }>('/api/exports');
  expect(again.body.export.id).toBe(first.body.export.id);
  ready = await waitUntilSettled(first.body.export.id);
  const download = await fetch(new URL(ready.url!, server.url), { headers: { cookie: [...creator.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
  expect(download.status).toBe(200);
  expect(download.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${creator.handle}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));
  expect(download.headers.get('cache-control')).toBe('no-store');
  zipPath = path.join(workDir, 'export.zip');
  await writeFile(zipPath, Buffer.from(await download.arrayBuffer()));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const cookieOf = (who: Creator) => [...who.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe('the site export', () => {
  it('is ready with its size, listed among the last exports', async () => {
    expect(ready.status).toBe('ready');
    expect(ready.bytes).toBeGreaterThan(IMAGE.length);
    expect(ready.url).toMatch(new RegExp(`^/api/exports/${ready.id}/download\\?expires=\\d+&signature=[\\w-]+$`));
    const listed = await creator.client.get<{ exports: ExportView[] }>('/api/exports');
    expect(listed.body.exports.map((item) => item.id)).toEqual([ready.id]);
  });

  it('holds a manifest whose SHA-256 and length of every file match the bytes, and the site in its documented files', async () => {
    const zip = await openZip(zipPath);
    try {
      const manifest = JSON.parse(await zip.readText('manifest.json')) as ExportManifest;
      expect(manifest.formatVersion).toBe(2);
      expect(manifest.site.handle).toBe(creator.handle);
      expect(manifest.counts).toMatchObject({ posts: 4, media: 1, members: 1, comments: 1, conversations: 1, messages: 1 });
      const names = zip.entries.map((entry) => entry.name).filter((name) => name !== 'manifest.json');
      expect(Object.keys(manifest.files).sort()).toEqual(names.sort());
      for (const name of names) {
        const chunks: Buffer[] = [];
        for await (const chunk of await zip.open(name)) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
        expect({ name, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length }).toEqual({ name, ...manifest.files[name] });
      }
      expect(names).toEqual(expect.arrayContaining(['site.json', 'media.json', 'members.csv', 'comments.json', 'messages.json', 'redirects.json', 'posts/for-gold.json', 'posts/for-gold.html']));
      expect(JSON.parse(await zip.readText('redirects.json'))).toEqual([{ path: '/p/open-letter', post: 'open-letter' }]);
      const original = names.find((name) => name.startsWith('media/'))!;
      expect(original).toMatch(/^media\/[0-9a-f-]{36}\/harbour at dawn\.jpg$/);
      const gold = JSON.parse(await zip.readText('posts/for-gold.json')) as { visibility: string; tierNames: string[] };
      expect(gold).toMatchObject({ visibility: 'tiers', tierNames: ['Gold'] });
      const site = JSON.parse(await zip.readText('site.json')) as { tiers: { name: string; stripeMonthlyPriceId: string | null }[] };
      expect(site.tiers).toContainEqual(expect.objectContaining({ name: 'Gold', stripeMonthlyPriceId: 'price_gold_m' }));
      const csv = await zip.readText('members.csv');
      const [header, row] = csv.split('\n');
      expect(header!.split(',')).toEqual([...EXPORT_COLUMNS, 'status', 'cadence', 'stripe_subscription_id', 'comp_expires_at', 'joined_at']);
      // The formula cell is neutralised as the members export does: a leading apostrophe, quoted for its commas.
      expect(row).toContain(`"'${FORMULA_NAME.replaceAll('"', '""')}"`);
      expect(row).toContain(',active,month,sub_');
      expect(JSON.parse(await zip.readText('messages.json'))).toEqual([expect.objectContaining({ messages: [expect.objectContaining({ sender: 'member', body: 'Thank you for the recordings.' })] })]);
    } finally {
      await zip.close();
    }
  });

  it('reads back as the platform source, and a changed byte is refused naming the file', async () => {
    const bundle = await readPlatformExport({ filePath: zipPath, fileName: 'export.zip' });
    try {
      expect(bundle.posts.map((post) => post.slug).sort()).toEqual(['for-gold', 'for-members', 'for-payers', 'open-letter']);
      expect(bundle.posts.find((post) => post.slug === 'for-gold')).toMatchObject({ visibility: 'tiers', tierNames: ['Gold'], oldPaths: [] });
      expect(bundle.posts.find((post) => post.slug === 'open-letter')!.oldPaths).toEqual(['/p/open-letter']);
      expect(bundle.members).toEqual([expect.objectContaining({ name: FORMULA_NAME, paid: true, stripeCustomerId: 'cus_gold', platform: expect.objectContaining({ tierName: 'Gold', status: 'active' }) })]);
      expect(bundle.platform!.comments).toEqual([expect.objectContaining({ body: 'Lovely light.', postKey: bundle.posts.find((post) => post.slug === 'open-letter')!.key })]);
      const cover = bundle.posts.find((post) => post.slug === 'open-letter')!.cover as { entry: string };
      const chunks: Buffer[] = [];
      for await (const chunk of (await bundle.openEntry(cover.entry))!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(IMAGE)).toBe(true);
    } finally {
      await bundle.close();
    }
  });

  it('answers another creator 404 for its id, its link replayed with their session, and the list holds none of it', async () => {
    expect((await other.client.get(`/api/exports/${ready.id}`)).status).toBe(404);
    const replayed = await fetch(new URL(ready.url!, server.url), { headers: { cookie: cookieOf(other) } });
    expect(replayed.status).toBe(404);
    expect((await other.client.get<{ exports: ExportView[] }>('/api/exports')).body.exports).toEqual([]);
    // Named in the query instead: still nobody's but the owner's.
    expect((await other.client.get<{ exports: ExportView[] }>(`/api/exports?id=${ready.id}&exportId=${ready.id}&siteId=${creator.siteId}`)).body.exports).toEqual([]);
    const theirsInTheQuery = new URL(ready.url!, server.url);
    theirsInTheQuery.searchParams.set('id', ready.id);
    expect((await fetch(theirsInTheQuery, { headers: { cookie: cookieOf(other) } })).status).toBe(404);
    expect((await fetch(new URL(ready.url!, server.url))).status).toBe(401);
  });

  it('refuses a changed signature (404) and an expired one (410)', async () => {
    const changed = ready.url!.replace(/signature=./, (start) => `${start.slice(0, -1)}${start.endsWith('A') ? 'B' : 'A'}`);
    expect((await fetch(new URL(changed, server.url), { headers: { cookie: cookieOf(creator) } })).status).toBe(404);
    const key = createSecretBox(testEnvironment(0, '').APP_SECRET!).signingKey('export downloads');
    const expired = createDownloadLinks(key, () => new Date(Date.now() - 11 * 60_000)).url(ready.id);
    const response = await fetch(new URL(expired, server.url), { headers: { cookie: cookieOf(creator) } });
    expect(response.status).toBe(410);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('expired-token');
  });

  it('gives up on an export still running a day later (it died on every try): asking again starts a new one', async () => {
    const third = await creatorWithSite(server);
    const [stuck] = await server.handle.db.insert(siteExports).values({ siteId: third.siteId, status: 'running', createdAt: new Date(Date.now() - 2 * 24 * 3600_000) }).returning();
    const asked = await third.client.post<{ export: ExportView }>('/api/exports');
    expect(asked.status).toBe(202);
    expect(asked.body.export.id).not.toBe(stuck!.id);
    const [row] = await server.handle.db.select().from(siteExports).where(eq(siteExports.id, stuck!.id));
    expect(row!.status).toBe('failed');
  });

  it('forgets exports older than a week, row and file', async () => {
    const [row] = await server.handle.db.select().from(siteExports).where(eq(siteExports.id, ready.id));
    expect(await server.services.media.storage.size(row!.storageKey!)).toBe(ready.bytes);
    await server.handle.db.update(siteExports).set({ createdAt: new Date(Date.now() - 8 * 24 * 3600_000) }).where(eq(siteExports.id, ready.id));
    expect(await server.services.siteExports.deleteOld()).toBeGreaterThanOrEqual(1);
    expect(await server.handle.db.select().from(siteExports).where(eq(siteExports.id, ready.id))).toEqual([]);
    expect(await server.services.media.storage.size(row!.storageKey!)).toBeUndefined();
  });
});
