/**
 * Imports over the HTTP API (issue 30, docs/decisions/160), on one server with
 * IMPORT_ALLOW_PRIVATE_ADDRESSES so a local host can play the old site: a
 * Substack zip in its real format runs dry (counts, problems), runs to done
 * (posts with slugs, audiences and dates; members), its `/p/{slug}` answers
 * 301 (under `/@{handle}` and on the site's domain), the same file again adds
 * nothing, and the undo removes what it made but not the member who was there
 * before; a WordPress file's images are copied
 * into the media library once each and the posts show ours; another creator's
 * import id answers 404 everywhere.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '../../common/api/imports.ts';
import { media, memberships, posts } from '../../db/content-schema.ts';
import { imports } from '../../db/move-schema.ts';
import { users } from '../../db/schema.ts';
import { activateDomain } from '../support/active-domain.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { requestWithHost } from '../support/host-request.ts';
import { startImageHost, wordpressWxr, writeSubstackZip, type ImageHost } from '../support/import-fixtures.ts';
import { dryRun, importToDone, settledImport, startImport } from '../support/import-runs.ts';
import { insertTiers, seedMembers } from '../support/members-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { uploadsFolder } from '../support/zip-fixtures.ts';

const DOMAIN_TARGET = 'sites.platform.test';
let server: TestServer;
let dns: TestDnsServer;
let images: ImageHost;
let folder: Awaited<ReturnType<typeof uploadsFolder>>;

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ env: { IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true', DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: DOMAIN_TARGET, DNS_TIMEOUT_MS: '200' } });
  images = await startImageHost();
  folder = await uploadsFolder();
});
afterAll(async () => {
  await server?.stop();
  await images?.close();
  await folder?.remove();
  await dns?.close();
});

const postsOf = (siteId: string) => server.handle.db.select().from(posts).where(eq(posts.siteId, siteId)).orderBy(posts.slug);
const membersOf = async (siteId: string) =>
  (await server.handle.db.select({ email: users.email }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(memberships.siteId, siteId))).map((row) => row.email).sort();

async function substackZip(label: string, existingEmail: string): Promise<string> {
  const file = await folder.write(`${label}.zip`, '');
  await writeSubstackZip(file, {
    posts: [
      { id: 101, slug: 'hello-harbour', title: 'Hello, harbour', subtitle: 'The first letter', date: '2024-03-01T09:00:00.000Z', html: '<p>The <strong>tide</strong> came in.</p>' },
      { id: 102, slug: 'paid-notes', title: 'Paid notes', audience: 'only_paid', date: '2024-04-02T10:00:00.000Z', html: '<p>For those who pay.</p><p>Second paragraph.</p>' },
      { id: 103, slug: 'draft-idea', title: 'A draft idea', published: false, html: '<p>Not yet.</p>' },
      { id: 104, slug: 'empty', title: 'Empty', html: '' },
    ],
    members: [{ email: `reader.one@${label}.example` }, { email: `reader.two@${label}.example`, emailDisabled: true }, { email: existingEmail }, { email: 'not-an-address' }],
  });
  return file;
}

/** A creator with tiers and one member of their own, before any import. */
async function siteWithMember(): Promise<{ creator: Creator; existingEmail: string }> {
  const creator = await creatorWithSite(server);
  const tiers = await insertTiers(server.handle.db, creator.siteId);
  const [member] = await seedMembers(server.handle.db, creator.siteId, tiers, 1);
  return { creator, existingEmail: member!.email };
}

describe('a Substack export', () => {
  it('runs dry: counts of posts and new members, and the problems named', async () => {
    const { creator, existingEmail } = await siteWithMember();
    const planned = await dryRun(server, creator, 'substack', await substackZip('dry', existingEmail));
    expect(planned).toMatchObject({ status: 'planned', source: 'substack', fileName: 'dry.zip', progress: null, result: null, undoUntil: null });
    // The empty post is left out; the member already on the site is matched, not counted; the bad address is a problem.
    expect(planned.counts).toMatchObject({ posts: 3, members: 2, paidMembers: 0 });
    expect(planned.problems.map((problem) => problem.where)).toContain('Post “Empty”');
    expect(planned.problems.some((problem) => problem.message.includes('not-an-address') || problem.where.includes('line'))).toBe(true);
    expect(await postsOf(creator.siteId)).toHaveLength(0);
  });

  it('runs to done: posts keep slug, audience, date and status, members come in, old addresses answer 301 under /@handle and on the domain', async () => {
    const { creator, existingEmail } = await siteWithMember();
    const done = await importToDone(server, creator, 'substack', await substackZip('run', existingEmail));
    expect(done.result).toMatchObject({ posts: 3, members: 2, redirects: 3 });
    expect(done.undoUntil).not.toBeNull();
    const made = await postsOf(creator.siteId);
    expect(made.map((post) => [post.slug, post.visibility, post.status])).toEqual([
      ['draft-idea', 'public', 'draft'],
      ['hello-harbour', 'public', 'published'],
      ['paid-notes', 'paid', 'published'],
    ]);
    const hello = made.find((post) => post.slug === 'hello-harbour')!;
    expect(hello).toMatchObject({ title: 'Hello, harbour', excerpt: 'The first letter' });
    expect(hello.publishedAt?.toISOString()).toBe('2024-03-01T09:00:00.000Z');
    expect(hello.previewHtml).toContain('<strong>tide</strong>');
    expect(await membersOf(creator.siteId)).toEqual([existingEmail, 'reader.one@run.example', 'reader.two@run.example'].sort());

    for (const path of [`/@${creator.handle}/p/hello-harbour`, `/@${creator.handle}/p/hello-harbour/`, `/@${creator.handle}/p/hello-harbour?utm_source=mail`]) {
      const moved = await fetch(new URL(path, server.url), { redirect: 'manual' });
      expect(moved.status, path).toBe(301);
      expect(moved.headers.get('location')).toBe(`/@${creator.handle}/posts/hello-harbour`);
    }
    // A draft is nobody's to read: its old address stays a 404.
    expect((await fetch(new URL(`/@${creator.handle}/p/draft-idea`, server.url), { redirect: 'manual' })).status).toBe(404);

    const domain = `${creator.handle}.harbour.test`;
    await activateDomain(server, dns, creator, domain, DOMAIN_TARGET);
    const onDomain = await requestWithHost(server, '/p/paid-notes', { host: domain });
    expect([onDomain.status, onDomain.headers.location]).toEqual([301, '/posts/paid-notes']);
  });

  it('adds nothing the second time the same file is imported', async () => {
    const { creator, existingEmail } = await siteWithMember();
    const file = await substackZip('twice', existingEmail);
    await importToDone(server, creator, 'substack', file);
    const before = await postsOf(creator.siteId);
    const again = await importToDone(server, creator, 'substack', file);
    expect(again.result).toMatchObject({ posts: 0, members: 0, redirects: 0, files: 0 });
    expect((await postsOf(creator.siteId)).map((post) => post.id).sort()).toEqual(before.map((post) => post.id).sort());
    expect(await membersOf(creator.siteId)).toHaveLength(3);
  });

  it('can be undone for 30 days after it ended, and not after', async () => {
    const { creator, existingEmail } = await siteWithMember();
    const done = await importToDone(server, creator, 'substack', await substackZip('old', existingEmail));
    expect(done.undoUntil).not.toBeNull();
    await server.handle.db
      .update(imports)
      .set({ finishedAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(imports.id, done.id));
    expect((await creator.client.get<{ import: ImportView }>(`/api/imports/${done.id}`)).body.import.undoUntil).toBeNull();
    const late = await sendJson<{ error: { code: string } }>(server, creator.client, 'POST', `/api/imports/${done.id}/undo`);
    expect([late.status, late.body.error.code]).toEqual([409, 'import-not-undoable']);
    expect(await postsOf(creator.siteId)).toHaveLength(3);
  });

  it('undoes what the import made, keeps the member who was there before, and refuses a second undo', async () => {
    const { creator, existingEmail } = await siteWithMember();
    const done = await importToDone(server, creator, 'substack', await substackZip('undo', existingEmail));
    const undone = await sendJson<{ import: ImportView }>(server, creator.client, 'POST', `/api/imports/${done.id}/undo`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.import).toMatchObject({ status: 'undone', undoUntil: null });
    expect(await postsOf(creator.siteId)).toHaveLength(0);
    expect(await membersOf(creator.siteId)).toEqual([existingEmail]);
    const madeUsers = await server.handle.db.select({ id: users.id }).from(users).where(inArray(users.email, ['reader.one@undo.example', 'reader.two@undo.example']));
    expect(madeUsers).toHaveLength(0);
    expect((await fetch(new URL(`/@${creator.handle}/p/hello-harbour`, server.url), { redirect: 'manual' })).status).toBe(404);
    const twice = await sendJson<{ error: { code: string } }>(server, creator.client, 'POST', `/api/imports/${done.id}/undo`);
    expect([twice.status, twice.body.error.code]).toEqual([409, 'import-not-undoable']);
    // The items went with it: the same file comes in again.
    expect((await importToDone(server, creator, 'substack', await substackZip('undo', existingEmail))).result).toMatchObject({ posts: 3, members: 2 });
  });

  it("answers 404 for another creator's import, in the path, for reading, running and undoing; and for an id that is no uuid", async () => {
    const { creator, existingEmail } = await siteWithMember();
    const stranger = await creatorWithSite(server);
    const done = await importToDone(server, creator, 'substack', await substackZip('theirs', existingEmail));
    const planned = await dryRun(server, creator, 'substack', await substackZip('foreign', existingEmail));
    expect((await stranger.client.get(`/api/imports/${planned.id}`)).status).toBe(404);
    expect((await startImport(server, stranger, planned.id)).status).toBe(404);
    expect((await sendJson(server, stranger.client, 'POST', `/api/imports/${done.id}/undo`)).status).toBe(404);
    expect((await creator.client.get('/api/imports/not-a-uuid')).status).toBe(404);
    expect((await stranger.client.get<{ imports: ImportView[] }>('/api/imports')).body.imports).toEqual([]);
    // Named in the query instead, the creator's import and site are nobody's to list either.
    expect((await stranger.client.get<{ imports: ImportView[] }>(`/api/imports?id=${planned.id}&importId=${done.id}&siteId=${creator.siteId}`)).body.imports).toEqual([]);
    expect((await stranger.client.get(`/api/imports/${planned.id}?siteId=${stranger.siteId}`)).status).toBe(404);
    // Untouched: the planned one is still planned, the done one still done.
    const mine = await creator.client.get<{ imports: ImportView[] }>('/api/imports');
    expect(mine.body.imports.map((view) => [view.fileName, view.status])).toEqual([
      ['foreign.zip', 'planned'],
      ['theirs.zip', 'done'],
    ]);
  });
});

describe('the clean-up', () => {
  it('deletes the uploads of imports older than 30 days, and such an import asks for its file again', async () => {
    const creator = await creatorWithSite(server);
    const planned = await dryRun(server, creator, 'wordpress', Buffer.from(wordpressWxr(images.url, [])), { fileName: 'old.xml' });
    const [row] = await server.handle.db.select().from(imports).where(eq(imports.id, planned.id));
    expect(await server.services.media.storage.size(row!.storageKey)).toBeGreaterThan(0);
    await server.handle.db.update(imports).set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) }).where(eq(imports.id, planned.id));
    expect(await server.services.imports.forgetOldUploads()).toBeGreaterThanOrEqual(1);
    expect(await server.services.media.storage.size(row!.storageKey)).toBeUndefined();
    expect((await startImport(server, creator, planned.id)).status).toBe(200);
    expect(await settledImport(creator, planned.id)).toMatchObject({ status: 'failed', failure: 'The uploaded file is no longer kept. Upload it again to import it.' });
  });
});

describe("a WordPress export's images", () => {
  it('are copied into the media library once each, and the posts show ours; /?p= answers 301', async () => {
    const creator = await creatorWithSite(server);
    const one = `${images.url}/img/one.png`;
    const wxr = wordpressWxr(images.url, [
      { id: 7, slug: 'with-pictures', title: 'With pictures', date: '2024-05-01 08:00:00', html: `<p>Look:</p><figure><img src="${one}" alt="One"><figcaption>The first</figcaption></figure><p><img src="${images.url}/img/two.png"></p>` },
      { id: 8, slug: 'same-picture', title: 'Same picture', date: '2024-05-02 08:00:00', html: `<p>Again:</p><img src="${one}">` },
    ]);
    const requestsBefore = images.requests();
    const done = await importToDone(server, creator, 'wordpress', Buffer.from(wxr), {});
    expect(done.result).toMatchObject({ posts: 2, files: 2 });
    expect(images.requests() - requestsBefore).toBe(2);
    const copied = await server.handle.db.select().from(media).where(eq(media.siteId, creator.siteId));
    expect(copied.map((item) => item.kind)).toEqual(['image', 'image']);
    const [withPictures] = await server.handle.db.select().from(posts).where(and(eq(posts.siteId, creator.siteId), eq(posts.slug, 'with-pictures')));
    const html = withPictures!.previewHtml + withPictures!.gatedHtml;
    expect(html).not.toContain(images.url);
    for (const item of copied) expect(html).toContain(`data-media-id="${item.id}"`);
    expect(html).toContain('The first');

    const moved = await fetch(new URL(`/@${creator.handle}?p=7`, server.url), { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/@${creator.handle}/posts/with-pictures`);
    expect((await settledImport(creator, done.id)).problems).toEqual([]);
  });
});
