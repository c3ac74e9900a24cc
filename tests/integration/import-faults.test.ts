/**
 * An import's faults (issue 30 "Faults and bad input", docs/decisions/160):
 * hostile images (one that hangs, one that redirects to the cloud's metadata
 * address, one missing, one too large, one that is no image) are problems by
 * name with their post, the dry run's already for those a head tells (decision
 * 177), and the import still finishes; a Substack zip whose many bodies of 1 MB of zeros
 * each pass the ratio of one entry is refused at the dry run as a bomb; a second import of the site started while one runs
 * is refused; and a server stopped mid-run leaves its import to another
 * server on the same database, which finishes it with nothing made twice.
 */
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportView } from '../../common/api/imports.ts';
import { media, posts } from '../../db/content-schema.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { createTestClient } from '../support/http-client.ts';
import { startImageHost, wordpressWxr, type ImageHost } from '../support/import-fixtures.ts';
import { dryRun, settledImport, startImport, uploadImport } from '../support/import-runs.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { zipBytes } from '../support/zip-fixtures.ts';

let server: TestServer;
let hostile: Server;
let hostileUrl: string;
let slowImages: ImageHost;
const held = new Set<ServerResponse>();
/** How long one file may take (IMPORT_FETCH_TIMEOUT_MS): short, as the hanging image costs it twice, in the dry run and in the run. */
const FETCH_TIMEOUT_MS = 3000;

/** An old site whose uploads misbehave, each in its own way. */
async function startHostileSite(): Promise<void> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  hostile = createServer((request, response) => {
    const name = request.url?.split('/').at(-1);
    if (name === 'good.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (name === 'hang.png') return void held.add(response);
    if (name === 'metadata.png') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (name === 'text.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end('plain words, not an image');
    if (name === 'declared-huge.png') {
      // Says its size up front, past the 50 MB a file may be, then holds the rest: its head alone refuses it.
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': 60 * 1024 * 1024 }).write(png.subarray(0, 16));
      return void held.add(response);
    }
    if (name === 'huge.png') {
      // A real PNG's first bytes, then more than the 50 MB a file may be, streamed.
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(png.subarray(0, 16));
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 60 && !response.destroyed) {
          sent += 1;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      return more();
    }
    response.writeHead(404).end();
  });
  hostile.listen(0, '127.0.0.1');
  await once(hostile, 'listening');
  hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = await startTestServer({ env: { IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true', IMPORT_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS) } });
  await startHostileSite();
  slowImages = await startImageHost({ delayMs: 200 });
});
afterAll(async () => {
  for (const response of held) response.destroy();
  hostile?.closeAllConnections();
  hostile?.close();
  await slowImages?.close();
  await server?.stop();
});

const upload = (name: string) => `${hostileUrl}/wp-content/uploads/2024/05/${name}`;

it('names each hostile image with its post, in the dry run as far as a head tells and in the run, finishes the import, and refuses a second import of the site while it runs', async () => {
  const creator = await creatorWithSite(server);
  const pictures = (names: string[]) => names.map((name) => `<img src="${upload(name)}">`).join('');
  const wxr = wordpressWxr(hostileUrl, [
    { id: 1, slug: 'hostile', title: 'Hostile pictures', date: '2024-05-01 08:00:00', html: `<p>Pictures:</p>${pictures(['good.png', 'hang.png', 'metadata.png', 'text.png', 'missing.png'])}` },
    { id: 2, slug: 'larger', title: 'Larger pictures', date: '2024-05-02 08:00:00', html: `<p>Larger:</p>${pictures(['huge.png', 'declared-huge.png', 'missing.png'])}` },
  ]);
  const planned = await dryRun(server, creator, 'wordpress', Buffer.from(wxr), { fileName: 'hostile.xml' });
  expect(planned.counts).toMatchObject({ posts: 2, files: 7 });
  // What the answer's head tells, in the run's words, each with the first post that shows it; what only the bytes
  // tell (no image, too large while it streams) is the run's to find. The hang costs the dry run one timeout.
  const hostilePost = 'Post “Hostile pictures”';
  expect(planned.problems).toEqual([
    { where: hostilePost, message: `Image ${upload('hang.png')}: It took longer than 3 seconds.` },
    { where: hostilePost, message: `Image ${upload('metadata.png')}: The address points to a private network.` },
    { where: hostilePost, message: `Image ${upload('missing.png')}: The server answered 404.` },
    { where: 'Post “Larger pictures”', message: `Image ${upload('declared-huge.png')}: It is larger than 50 MB.` },
  ]);

  expect((await startImport(server, creator, planned.id)).status).toBe(200);
  // Planned once the first runs: a new dry run replaces only a planned import (create-import.ts).
  const other = await dryRun(server, creator, 'wordpress', Buffer.from(wordpressWxr(hostileUrl, [])), { fileName: 'other.xml' });
  // The hanging image holds the first run for its timeout: the second is refused meanwhile.
  const refused = await startImport(server, creator, other.id);
  expect([refused.status, (refused.body as unknown as { error: { code: string } }).error.code]).toEqual([409, 'import-running']);
  const again = await startImport(server, creator, planned.id);
  expect(again.status).toBe(409);

  const done = await settledImport(creator, planned.id);
  expect(done.status, done.failure ?? '').toBe('done');
  expect(done.result).toMatchObject({ posts: 2, files: 1 });
  // The run's own findings replace the dry run's, each file once: no line twice.
  expect(done.problems).toEqual([
    { where: hostilePost, message: `Image ${upload('hang.png')}: It took longer than 3 seconds.` },
    { where: hostilePost, message: `Image ${upload('metadata.png')}: The address points to a private network.` },
    { where: hostilePost, message: `Image ${upload('text.png')}: It is not an image.` },
    { where: hostilePost, message: `Image ${upload('missing.png')}: The server answered 404.` },
    { where: 'Post “Larger pictures”', message: `Image ${upload('huge.png')}: It is larger than 50 MB.` },
    { where: 'Post “Larger pictures”', message: `Image ${upload('declared-huge.png')}: It is larger than 50 MB.` },
  ]);
  const [post] = await server.handle.db.select().from(posts).where(and(eq(posts.siteId, creator.siteId), eq(posts.slug, 'hostile')));
  expect(post!.previewHtml).toContain('data-media-id=');
  // Once the first has finished, the other may run.
  expect((await startImport(server, creator, other.id)).status).toBe(200);
  expect((await settledImport(creator, other.id)).status).toBe('done');
});

it('refuses at the dry run a Substack zip of many bodies of 1 MB of zeros, each passing the ratio of one entry', async () => {
  const creator = await creatorWithSite(server);
  const ids = Array.from({ length: 40 }, (_, index) => `${index + 1}.zeros-${index + 1}`);
  const bodies = Object.fromEntries(ids.map((id) => [`posts/${id}.html`, Buffer.alloc(1024 * 1024)]));
  const bomb = await zipBytes({ 'posts.csv': ['post_id,title,is_published,audience', ...ids.map((id) => `${id},Zeros,true,everyone`)].join('\n'), ...bodies });
  expect(bomb.length).toBeLessThan(50 * 1024);
  const refused = await uploadImport(server, creator, 'substack', bomb, { fileName: 'substack-export.zip' });
  expect(refused.status, refused.text).toBe(400);
  expect((refused.body as unknown as { error: { code: string; message: string } }).error).toMatchObject({
    code: 'invalid-import',
    message: "The archive's files inflate to more than 100 times the archive's size, as only a zip bomb does; the archive is refused.",
  });
  expect((await creator.client.get<{ imports: ImportView[] }>('/api/imports')).body.imports).toEqual([]);
});

it('is finished by another server on the same database when the one running it stops, with nothing made twice', async () => {
  // A database of its own: the server that runs the import first is the only one on it until it stops.
  const first = await startTestServer({ env: { IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  const creator = await creatorWithSite(first);
  const count24 = Array.from({ length: 24 }, (_, index) => index + 1);
  const wxr = wordpressWxr(slowImages.url, count24.map((id) => ({ id, slug: `letter-${id}`, title: `Letter ${id}`, date: '2024-05-01 08:00:00', html: `<p>Letter ${id}</p><img src="${slowImages.url}/img/letter-${id}.png">` })));
  const planned = await dryRun(first, creator, 'wordpress', Buffer.from(wxr));
  expect((await startImport(first, creator, planned.id)).status).toBe(200);

  let seen: ImportView;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = (await creator.client.get<{ import: ImportView }>(`/api/imports/${planned.id}`)).body.import;
  } while (seen.status === 'running' && (seen.progress?.done ?? 0) < 8);
  expect(seen.status).toBe('running');
  await first.close();
  const madeBefore = (await first.handle.db.select({ made: count() }).from(posts).where(eq(posts.siteId, creator.siteId)))[0]!.made;
  expect(madeBefore).toBeLessThan(24);

  const second = await startTestServer({ shareWith: first, env: { IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  try {
    // The creator's session is the database's: the same cookies sign them in on the second server.
    const client = createTestClient(second.url);
    for (const [name, value] of creator.client.cookies) client.cookies.set(name, value);
    const done = await settledImport({ ...creator, client }, planned.id);
    expect(done.status, done.failure ?? '').toBe('done');
    expect(done.result).toMatchObject({ posts: 24, files: 24, redirects: expect.any(Number) as number });
    const made = await second.handle.db.select({ slug: posts.slug }).from(posts).where(eq(posts.siteId, creator.siteId));
    expect(made.map((post) => post.slug).sort()).toEqual(count24.map((id) => `letter-${id}`).sort());
    const copied = await second.handle.db.select({ made: count() }).from(media).where(eq(media.siteId, creator.siteId));
    expect(copied[0]!.made).toBe(24);
  } finally {
    await second.stop();
    await first.stop();
  }
});
