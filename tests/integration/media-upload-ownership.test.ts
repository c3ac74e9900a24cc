/**
 * An unfinished upload belongs to its creator on every path (ISSUE15 item 2):
 * tus must act on the id our ownership check read, never on one it finds
 * elsewhere in the URL (a query string, a trailing slash, an encoded slash).
 * Bob tries every method on Alice's upload through every such URL; each
 * answer is 404 or 405, and Alice's upload keeps its bytes and resumes.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/content-schema.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createUpload, makeJpeg, patchUpload, tusMetadata, tusRequest, waitForMedia } from '../support/media.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let dataDir: string;
let server: TestServer;
let alice: Creator;
let bob: Creator;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-ownership-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  alice = await creatorWithSite(server);
  bob = await creatorWithSite(server);
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const partsOf = (id: string) => path.join(dataDir, 'media', 'uploads', id);
const rowOf = async (id: string) => (await server.handle.db.select().from(media).where(eq(media.id, id)))[0];

/** Every way a URL can carry an id besides its one path segment after /api/uploads. */
const HOSTILE_URLS: ((victim: string, own: string) => string)[] = [
  (victim) => `/api/uploads/${victim}`,
  (victim) => `/api/uploads/${victim}/`,
  (victim) => `/api/uploads?x=/${victim}`,
  (victim) => `/api/uploads/?x=/${victim}`,
  (victim) => `/api/uploads?/${victim}`,
  (victim, own) => `/api/uploads/${own}?x=/${victim}`,
  (victim, own) => `/api/uploads/${own}/?x=/${victim}/`,
  (victim, own) => `/api/uploads/${own}/${victim}`,
  (victim, own) => `/api/uploads/${victim}/${own}`,
  (victim, own) => `/api/uploads/${own}%2F${victim}`,
  (victim, own) => `/api/uploads/${own}/..%2F${victim}`,
];

/** What tus may do at Bob's own upload's path, whatever the query names: act on his upload, the one whose ownership was checked. */
const AT_OWN_UPLOAD: Record<string, number> = { HEAD: 200, GET: 405, PATCH: 409, DELETE: 204, POST: 405 };

describe("another creator's unfinished upload", () => {
  it('is reached by no tus method through any URL, and stays whole and resumable by its owner', async () => {
    const jpeg = await makeJpeg(320, 240);
    const half = Math.floor(jpeg.length / 2);
    const victim = await createUpload(server.url, alice.client, { length: jpeg.length, filename: 'alice.jpg', filetype: 'image/jpeg' });
    expect((await patchUpload(server.url, alice.client, victim.location, 0, jpeg.subarray(0, half))).status).toBe(204);

    for (const hostile of HOSTILE_URLS) {
      // Bob's own unfinished upload, whose id passes the ownership check in the path.
      const own = await createUpload(server.url, bob.client, { length: 100, filename: 'bob.png', filetype: 'image/png' });
      expect(own.response.status).toBe(201);
      const url = hostile(victim.id, own.id);
      const pathname = new URL(url, server.url).pathname.replace(/\/$/, '');
      const attempts: { method: string; headers?: Record<string, string>; body?: Uint8Array }[] = [
        { method: 'HEAD' },
        { method: 'GET' },
        // At the victim's offset, so that a PATCH reaching it would be taken.
        { method: 'PATCH', headers: { 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }, body: Buffer.alloc(16, 0x41) },
        { method: 'DELETE' },
        { method: 'POST', headers: { 'upload-length': '10', 'upload-metadata': tusMetadata({ filename: 'x.png', filetype: 'image/png' }) } },
      ];
      for (const { method, headers, body } of attempts) {
        const answer = await tusRequest(server.url, bob.client, method, url, headers, body);
        const said = `${method} ${url} answered ${answer.status} ${answer.text}`;
        if (pathname === '/api/uploads') {
          // Creation at the root (a query string changes nothing there) makes Bob a new upload of his own.
          expect(answer.status, said).toBe(method === 'POST' ? 201 : 405);
        } else if (pathname === `/api/uploads/${own.id}`) {
          expect(answer.status, said).toBe(AT_OWN_UPLOAD[method]);
          if (method === 'HEAD') expect(answer.headers.get('upload-length'), said).toBe('100');
        } else {
          expect([404, 405], said).toContain(answer.status);
        }
        // Nothing any answer did touched the victim, checked after each try so the failing one is named.
        expect((await rowOf(victim.id))?.status, said).toBe('uploading');
        expect((await stat(partsOf(victim.id))).size, said).toBe(half);
      }
    }

    const head = await tusRequest(server.url, alice.client, 'HEAD', victim.location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect((await patchUpload(server.url, alice.client, victim.location, half, jpeg.subarray(half))).status).toBe(204);
    const item = await waitForMedia(alice.client, victim.id);
    expect(item).toMatchObject({ status: 'ready', bytes: jpeg.length, width: 320, height: 240 });
    const original = await fetch(new URL(item.urls.original, server.url));
    expect(Buffer.from(await original.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(existsSync(partsOf(victim.id))).toBe(false);
  });

  it('answers only creation at the root, and only HEAD, PATCH and DELETE at an upload', async () => {
    for (const method of ['HEAD', 'GET', 'PATCH', 'DELETE', 'PUT']) {
      const root = await tusRequest(server.url, alice.client, method, '/api/uploads');
      expect(root.status, `${method} /api/uploads`).toBe(405);
      expect(root.headers.get('allow')).toBe('POST, OPTIONS');
    }
    const { location } = await createUpload(server.url, alice.client, { length: 10, filename: 'own.png', filetype: 'image/png' });
    for (const method of ['GET', 'POST', 'PUT']) {
      const answer = await tusRequest(server.url, alice.client, method, location);
      expect(answer.status, `${method} ${location}`).toBe(405);
      expect(answer.headers.get('allow')).toBe('HEAD, PATCH, DELETE, OPTIONS');
    }
    expect((await tusRequest(server.url, alice.client, 'HEAD', location)).status).toBe(200);
  });
});
