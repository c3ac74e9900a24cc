/**
 * Uploads through tus at /api/uploads against the real app: who may upload,
 * what is refused before a byte is stored, cut-off uploads resumed (also on a
 * second server sharing the database and DATA_DIR), and the library's view.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../common/api/media.ts';
import type { PublicConfig } from '../../common/api-types.ts';
import { MEDIA_NAME_MAX_LENGTH } from '../../common/media.ts';
import { media } from '../../db/content-schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createUpload, makeJpeg, patchUpload, tusRequest, uploadBytes, waitForMedia } from '../support/media.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const MAX_BYTES = 1_000_000;
let dataDir: string;
let server: TestServer;
let other: TestServer;
let alice: Creator;
let bob: Creator;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-uploads-'));
  const env = { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX_BYTES) };
  server = await startTestServer({ env });
  other = await startTestServer({ env, shareWith: server });
  alice = await creatorWithSite(server);
  bob = await creatorWithSite(server);
});

afterAll(async () => {
  await other?.stop();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const partsDir = () => path.join(dataDir, 'media', 'uploads');
const rowOf = async (id: string) => (await server.handle.db.select().from(media).where(eq(media.id, id)))[0];

describe('creating an upload', () => {
  it('takes an image in two parts and processes it into WebP variants and a thumbnail', async () => {
    const jpeg = await makeJpeg(800, 600);
    const { response, location, id } = await createUpload(server.url, alice.client, { length: jpeg.length, filename: 'sunset.jpg', filetype: 'image/jpeg' });
    expect(response.status).toBe(201);
    expect(location).toBe(`/api/uploads/${id}`);
    expect((await rowOf(id))?.status).toBe('uploading');

    const half = Math.floor(jpeg.length / 2);
    expect((await patchUpload(server.url, alice.client, location, 0, jpeg.subarray(0, half))).status).toBe(204);
    const head = await tusRequest(server.url, alice.client, 'HEAD', location);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect((await patchUpload(server.url, alice.client, location, half, jpeg.subarray(half))).status).toBe(204);

    const item = await waitForMedia(alice.client, id);
    expect(item).toMatchObject({ status: 'ready', kind: 'image', originalName: 'sunset.jpg', width: 800, height: 600, bytes: jpeg.length, progress: 100 });
    expect(item.urls.images?.map((image) => image.width)).toEqual([320, 640]);
    expect(item.urls.thumbnail).toMatch(new RegExp(`^/media/${id}/[^/]+/thumb\\.webp$`));
    const thumbnail = await fetch(new URL(item.urls.thumbnail!, server.url));
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    // The parts are gone once the original is in storage.
    expect(existsSync(path.join(partsDir(), id))).toBe(false);
  });

  it('is cut off halfway on one server and finished on the other', async () => {
    const jpeg = await makeJpeg(400, 300);
    const { location, id } = await createUpload(server.url, alice.client, { length: jpeg.length, filename: 'moved.jpg', filetype: 'image/jpeg' });
    const half = Math.floor(jpeg.length / 2);
    // The connection drops after half the bytes: what arrived is kept.
    const controller = new AbortController();
    const partial = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(jpeg.subarray(0, half));
        setTimeout(() => controller.abort(), 300);
      },
    });
    const cookie = [...alice.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    await fetch(new URL(location, server.url), {
      method: 'PATCH',
      headers: { origin: server.url, cookie, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: partial,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit).catch(() => undefined);

    let offset = '';
    for (let attempt = 0; attempt < 50 && offset !== String(half); attempt += 1) {
      offset = (await tusRequest(other.url, alice.client, 'HEAD', location)).headers.get('upload-offset') ?? '';
      if (offset !== String(half)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe(String(half));
    const rest = await patchUpload(other.url, alice.client, location, half, jpeg.subarray(half));
    expect(rest.status, rest.text).toBe(204);
    expect((await waitForMedia(alice.client, id)).status).toBe('ready');
  });

  it('takes an upload from tus-js-client, which resumes on the other server after an abort', async () => {
    const jpeg = await makeJpeg(640, 480);
    const cookie = [...alice.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const options = (endpoint: string) => ({
      endpoint: `${endpoint}/api/uploads`,
      chunkSize: 4096,
      retryDelays: [],
      metadata: { filename: 'client.jpg', filetype: 'image/jpeg' },
      headers: { cookie, origin: server.url },
    });
    // Both servers take the first server's origin here: they share one APP_URL behind a proxy in production.
    let uploadUrl = '';
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(jpeg, {
        ...options(server.url),
        onChunkComplete(_size, sent) {
          if (sent >= jpeg.length / 2) {
            uploadUrl = upload.url!;
            void upload.abort().then(resolve, reject);
          }
        },
        onError: reject,
      });
      upload.start();
    });
    const resumedAt = uploadUrl.replace(server.url, other.url);
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(jpeg, { ...options(other.url), headers: { cookie, origin: other.url }, uploadUrl: resumedAt, onSuccess: () => resolve(), onError: reject }).start();
    });
    const id = uploadUrl.split('/').at(-1)!;
    const item = await waitForMedia(alice.client, id);
    expect(item).toMatchObject({ status: 'ready', originalName: 'client.jpg', bytes: jpeg.length });
  });

  it('lets a second server take an upload whose first request still holds it, by asking the holder to let go', async () => {
    const jpeg = await makeJpeg(300, 300);
    const { location, id } = await createUpload(server.url, alice.client, { length: jpeg.length, filename: 'stalled.jpg', filetype: 'image/jpeg' });
    const half = Math.floor(jpeg.length / 2);
    // A PATCH that sends half and then stalls without closing: its request holds the upload's lock.
    let stall: ReadableStreamDefaultController<Uint8Array> | undefined;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        stall = controller;
        controller.enqueue(jpeg.subarray(0, half));
      },
    });
    const cookie = [...alice.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const first = fetch(new URL(location, server.url), {
      method: 'PATCH',
      headers: { origin: server.url, cookie, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: stalled,
      duplex: 'half',
    } as RequestInit).catch(() => undefined);
    await expect.poll(() => stat(path.join(partsDir(), id)).then((file) => file.size), { timeout: 30_000 }).toBe(half);

    const started = Date.now();
    const head = await tusRequest(other.url, alice.client, 'HEAD', location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(half);
    const rest = await patchUpload(other.url, alice.client, location, offset, jpeg.subarray(offset));
    expect(rest.status, rest.text).toBe(204);
    // Far below tus's 30-second lock timeout: the holder let go when asked.
    expect(Date.now() - started).toBeLessThan(10_000);
    stall?.close();
    await first;
    expect((await waitForMedia(alice.client, id)).status).toBe('ready');
  });

  it('tells every visitor UPLOAD_MAX_BYTES in the public config, so the uploader refuses a larger file before sending it', async () => {
    const answer = await createTestClient(server.url).get<PublicConfig>('/api/config');
    expect(answer.status).toBe(200);
    expect(answer.body.uploadMaxBytes).toBe(MAX_BYTES);
  });

  it('refuses a declared length over UPLOAD_MAX_BYTES with 413 before storing anything', async () => {
    const before = await readdir(partsDir()).catch(() => []);
    const { response } = await createUpload(server.url, alice.client, { length: MAX_BYTES + 1, filename: 'huge.mp4', filetype: 'video/mp4' });
    expect(response.status).toBe(413);
    expect(await readdir(partsDir()).catch(() => [])).toEqual(before);
    expect(await server.handle.db.select().from(media).where(eq(media.originalName, 'huge.mp4'))).toEqual([]);
  });

  it('refuses a type that is not accepted with 415, and an upload without a length with 400', async () => {
    const html = await createUpload(server.url, alice.client, { length: 10, filename: 'page.html', filetype: 'text/html' });
    expect(html.response.status).toBe(415);
    expect(JSON.parse(html.response.text)).toMatchObject({ error: { code: 'unsupported-media-type' } });
    const deferred = await tusRequest(server.url, alice.client, 'POST', '/api/uploads', {
      'upload-defer-length': '1',
      'upload-metadata': `filetype ${Buffer.from('image/png').toString('base64')}`,
    });
    expect(deferred.status).toBe(400);
  });

  it('keeps no more bytes than the upload declared, whether the excess is announced or streamed', async () => {
    const tooMany = Buffer.from('%PDF-1.4 and then far more bytes than declared');
    const announced = await createUpload(server.url, alice.client, { length: 10, filename: 'liar.pdf', filetype: 'application/pdf' });
    const answer = await patchUpload(server.url, alice.client, announced.location, 0, tooMany);
    expect(answer.status).toBe(413);

    const streamed = await createUpload(server.url, alice.client, { length: 10, filename: 'liar2.pdf', filetype: 'application/pdf' });
    const cookie = [...alice.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    // No Content-Length: the server cannot know in advance and must stop at the declared size.
    const chunked = await fetch(new URL(streamed.location, server.url), {
      method: 'PATCH',
      headers: { origin: server.url, cookie, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(tooMany));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBeGreaterThanOrEqual(400);

    for (const { id, location } of [announced, streamed]) {
      const head = await tusRequest(server.url, alice.client, 'HEAD', location).catch(() => undefined);
      if (head?.status === 200) expect(Number(head.headers.get('upload-offset'))).toBeLessThanOrEqual(10);
      const row = await rowOf(id);
      expect(row?.status).toBe('uploading');
      expect(existsSync(path.join(partsDir(), id)) ? (await stat(path.join(partsDir(), id))).size : 0).toBeLessThanOrEqual(10);
    }
  });

  it('cleans file names: no folders, no control characters, at most the limit with the extension kept', async () => {
    const names: [string, (name: string) => void][] = [
      ['../../etc/passwd.png', (name) => expect(name).toBe('passwd.png')],
      ['bad\u0000\u001b[31mname\r\n.png', (name) => expect(name).toBe('bad[31mname.png')],
      [`${'x'.repeat(300)}.png`, (name) => expect(name).toBe(`${'x'.repeat(MEDIA_NAME_MAX_LENGTH - 4)}.png`)],
    ];
    for (const [raw, check] of names) {
      const { response, id } = await createUpload(server.url, alice.client, { length: 5, filename: raw, filetype: 'image/png' });
      expect(response.status).toBe(201);
      check((await rowOf(id))!.originalName);
      // The parts are named by the id, never by the name.
      expect(existsSync(path.join(partsDir(), id))).toBe(true);
    }
  });

  it('terminates an upload: parts and row are gone', async () => {
    const { location, id } = await createUpload(server.url, alice.client, { length: 100, filename: 'cancel.png', filetype: 'image/png' });
    await patchUpload(server.url, alice.client, location, 0, Buffer.alloc(50));
    const deleted = await tusRequest(server.url, alice.client, 'DELETE', location);
    expect(deleted.status).toBe(204);
    expect(existsSync(path.join(partsDir(), id))).toBe(false);
    await expect.poll(() => rowOf(id)).toBeUndefined();
  });
  it('drops the parts of an unfinished upload deleted from the library', async () => {
    const { location, id } = await createUpload(server.url, alice.client, { length: 100, filename: 'half.png', filetype: 'image/png' });
    await patchUpload(server.url, alice.client, location, 0, Buffer.alloc(40));
    expect(existsSync(path.join(partsDir(), id))).toBe(true);
    const cookie = [...alice.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const removed = await fetch(new URL(`/api/media/${id}`, server.url), { method: 'DELETE', headers: { cookie, origin: server.url } });
    expect(removed.status).toBe(204);
    expect(existsSync(path.join(partsDir(), id))).toBe(false);
    expect(await rowOf(id)).toBeUndefined();
  });
});

describe('who may upload', () => {
  it('answers 401 signed out, 403 from another origin, 409 without a site', async () => {
    const signedOut = await fetch(new URL('/api/uploads', server.url), { method: 'POST', headers: { origin: server.url, 'tus-resumable': '1.0.0', 'upload-length': '5' } });
    expect(signedOut.status).toBe(401);
    const foreign = await tusRequest(server.url, alice.client, 'POST', '/api/uploads', { origin: 'https://evil.example', 'upload-length': '5' });
    expect(foreign.status).toBe(403);
    const { client } = await signUpVerified(server);
    const noSite = await tusRequest(server.url, client, 'POST', '/api/uploads', { 'upload-length': '5', 'upload-metadata': `filetype ${Buffer.from('image/png').toString('base64')}` });
    expect(noSite.status).toBe(409);
    expect(JSON.parse(noSite.text)).toMatchObject({ error: { code: 'site-required' } });
  });

  it("answers 404 to another creator's upload and media, on tus, the API and /media", async () => {
    const jpeg = await makeJpeg(200, 100);
    const { location, id } = await createUpload(server.url, alice.client, { length: jpeg.length, filename: 'mine.jpg', filetype: 'image/jpeg' });
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const answer = await tusRequest(server.url, bob.client, method, location, method === 'PATCH' ? { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } : {}, method === 'PATCH' ? jpeg : undefined);
      expect(answer.status, method).toBe(404);
    }
    expect((await patchUpload(server.url, alice.client, location, 0, jpeg)).status).toBe(204);
    const item = await waitForMedia(alice.client, id);

    expect((await bob.client.get(`/api/media/${id}`)).status).toBe(404);
    const bobList = await bob.client.get<{ media: MediaItem[] }>('/api/media');
    expect(bobList.body.media.map((entry) => entry.id)).not.toContain(id);
    // Bob's own item's token does not open Alice's item.
    const bobsId = await uploadBytes(server.url, bob.client, await makeJpeg(100, 100), 'bob.jpg', 'image/jpeg');
    const bobsItem = await waitForMedia(bob.client, bobsId);
    const bobsToken = bobsItem.urls.original.split('/')[3];
    expect((await fetch(new URL(`/media/${id}/${bobsToken}/original`, server.url))).status).toBe(404);
    expect((await fetch(new URL(item.urls.original, server.url))).status).toBe(200);
  });
});
