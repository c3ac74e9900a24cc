/**
 * What processing makes of each kind, and what it refuses, through the real
 * app, queue, ffmpeg and sharp; then the library API and the signed file
 * URLs (ranges, tokens) over what it made.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../common/api/media.ts';
import { media, postMedia, posts } from '../../db/content-schema.ts';
import { ffmpegAvailable } from '../../server/media/processing/ffmpeg.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createUpload, makeAudio, makeJpeg, makeVideo, patchUpload, tusRequest, uploadBytes, waitForMedia } from '../support/media.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const hasFfmpeg = await ffmpegAvailable();
let dataDir: string;
let server: TestServer;
let alice: Creator;
const testClock = createTestClock();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-processing-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir }, clock: testClock.clock });
  alice = await creatorWithSite(server);
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

interface JobRow {
  state: string;
  retry_count: number;
}

/** pg-boss's own record of the media's jobs: how they ended and how often they were retried. */
async function jobsOf(mediaId: string): Promise<JobRow[]> {
  const result: unknown = await server.handle.db.execute(sql`select state, retry_count from pgboss.job where name = 'media.process' and data->>'mediaId' = ${mediaId}`);
  // postgres.js answers the rows; PGlite answers { rows }.
  return Array.isArray(result) ? (result as JobRow[]) : (result as { rows: JobRow[] }).rows;
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(new URL(url, server.url), { headers });

describe.skipIf(!hasFfmpeg)('video and audio (needs ffmpeg)', () => {
  it('turns a video into HLS renditions no taller than the source, with a poster, and reports its duration', async () => {
    const clip = await makeVideo(dataDir, { seconds: 2, height: 720 });
    const id = await uploadBytes(server.url, alice.client, await readFile(clip), 'clip.mp4', 'video/mp4');
    const item = await waitForMedia(alice.client, id);
    expect(item).toMatchObject({ status: 'ready', kind: 'video', width: 1280, height: 720 });
    expect(item.durationSeconds).toBeGreaterThan(1.5);
    const master = await get(item.urls.playlist!);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const playlist = await master.text();
    expect(playlist).toContain('RESOLUTION=640x360');
    expect(playlist).toContain('RESOLUTION=1280x720');
    expect(playlist).not.toContain('1920x1080');
    // Relative URIs: the variant playlists and their segments share the signed prefix.
    const variant = playlist.split('\n').find((line) => line.endsWith('.m3u8'))!;
    expect(variant).toBe('360p/index.m3u8');
    const prefix = item.urls.playlist!.replace(/master\.m3u8$/, '');
    const variantText = await (await get(`${prefix}${variant}`)).text();
    const segment = variantText.split('\n').find((line) => line.endsWith('.m4s'))!;
    const initFile = /#EXT-X-MAP:URI="([^"]+)"/.exec(variantText)?.[1];
    const init = await get(`${prefix}360p/${initFile}`);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');
    const segmentAnswer = await get(`${prefix}360p/${segment}`);
    expect(segmentAnswer.status).toBe(200);
    expect((await segmentAnswer.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const poster = await get(item.urls.poster!);
    expect(poster.headers.get('content-type')).toBe('image/webp');
  });

  it('turns audio into AAC in M4A with its duration', async () => {
    const tone = await makeAudio(dataDir, 2);
    const id = await uploadBytes(server.url, alice.client, await readFile(tone), 'tone.mp3', 'audio/mpeg');
    const item = await waitForMedia(alice.client, id);
    expect(item).toMatchObject({ status: 'ready', kind: 'audio' });
    expect(item.durationSeconds).toBeGreaterThan(1.5);
    const audio = await get(item.urls.audio!);
    expect(audio.headers.get('content-type')).toBe('audio/mp4');
  });

  it('fails a video ffmpeg cannot read, with a reason for the creator, and never retries it', async () => {
    // An MP4 box header, then noise: it passes the sniff and fails ffprobe.
    const broken = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4000, 7)]);
    const id = await uploadBytes(server.url, alice.client, broken, 'broken.mp4', 'video/mp4');
    const item = await waitForMedia(alice.client, id);
    expect(item.status).toBe('failed');
    expect(item.failureReason).toMatch(/could not read this video/);
    // The item is marked failed inside the job, a moment before pg-boss marks the job done.
    await expect.poll(() => jobsOf(id)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });
});

describe('what the bytes really are', () => {
  it('fails a ".jpg" that is a PDF, without retrying', async () => {
    const id = await uploadBytes(server.url, alice.client, Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'photo.jpg', 'image/jpeg');
    const item = await waitForMedia(alice.client, id);
    expect(item.status).toBe('failed');
    expect(item.failureReason).toBe('This file is not an image, although its name or type says so. Please upload the real file.');
    await expect.poll(() => jobsOf(id)).toEqual([{ state: 'completed', retry_count: 0 }]);
    // A failed item hands out no file.
    expect((await get(item.urls.original)).status).toBe(404);
  });

  it('takes a PNG declared as JPEG as the image it is, and serves it as PNG', async () => {
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3366ff' } }).png().toBuffer();
    const item = await waitForMedia(alice.client, await uploadBytes(server.url, alice.client, png, 'mislabelled.jpg', 'image/jpeg'));
    expect(item).toMatchObject({ status: 'ready', type: 'image/png', width: 60, height: 40 });
    expect((await get(item.urls.original)).headers.get('content-type')).toBe('image/png');
  });

  it('accepts a real PDF as a file', async () => {
    const id = await uploadBytes(server.url, alice.client, Buffer.from('%PDF-1.7\n%%EOF\n'), 'guide.pdf', 'application/pdf');
    const item = await waitForMedia(alice.client, id);
    expect(item).toMatchObject({ status: 'ready', kind: 'file', type: 'application/pdf' });
  });
});

describe('unfinished uploads', () => {
  it('are removed with their parts by the clean-up job once UPLOAD_EXPIRY_HOURS have passed', async () => {
    const { location, id } = await createUpload(server.url, alice.client, { length: 1000, filename: 'abandoned.png', filetype: 'image/png' });
    await patchUpload(server.url, alice.client, location, 0, Buffer.alloc(100));
    const parts = path.join(dataDir, 'media', 'uploads', id);
    expect(existsSync(parts)).toBe(true);
    testClock.advance(25 * 3600_000);
    try {
      expect(await server.services.jobs.runDue()).toContain('cleanup');
    } finally {
      testClock.advance(-25 * 3600_000);
    }
    expect(existsSync(parts)).toBe(false);
    expect(await server.handle.db.select().from(media).where(eq(media.id, id))).toEqual([]);
    expect((await tusRequest(server.url, alice.client, 'HEAD', location)).status).toBe(404);
  });
});

describe('the library and the file URLs', () => {
  let item: MediaItem;
  let original: Buffer;

  beforeAll(async () => {
    original = await makeJpeg(1000, 500);
    item = await waitForMedia(alice.client, await uploadBytes(server.url, alice.client, original, 'wide.jpg', 'image/jpeg'));
  });

  it('serves a byte range with 206, a whole file with 200, and 416 past the end', async () => {
    const whole = await get(item.urls.original);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('image/jpeg');
    expect(whole.headers.get('referrer-policy')).toBe('no-referrer');
    expect(whole.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);

    const part = await get(item.urls.original, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${original.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(10, 20))).toBe(true);

    const tail = await get(item.urls.original, { range: 'bytes=-5' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(original.subarray(-5))).toBe(true);

    const beyond = await get(item.urls.original, { range: `bytes=${original.length + 10}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${original.length}`);
  });

  it('answers 404 to a wrong token, a file the item does not have, and a climb out of its folder', async () => {
    const [, , id, token] = item.urls.original.split('/');
    expect((await get(`/media/${id}/${token!.slice(0, -1)}x/original`)).status).toBe(404);
    expect((await get(`/media/${id}/nonsense/original`)).status).toBe(404);
    expect((await get(`/media/${id}/${token}/w9999.webp`)).status).toBe(404);
    expect((await get(`/media/${id}/${token}/..%2F..%2Fsecret`)).status).toBe(404);
  });

  it('answers 404 once the token has expired', async () => {
    const url = item.urls.thumbnail!;
    expect((await get(url)).status).toBe(200);
    testClock.advance(24 * 3600_000);
    try {
      expect((await get(url)).status).toBe(404);
    } finally {
      testClock.advance(-24 * 3600_000);
    }
  });

  it('lists with search, kind and status filters, and sets the alternative text', async () => {
    const found = await alice.client.get<{ media: MediaItem[] }>('/api/media?q=wide&kind=image&status=ready');
    expect(found.body.media.map((entry) => entry.id)).toEqual([item.id]);
    const none = await alice.client.get<{ media: MediaItem[] }>('/api/media?q=wide&kind=video');
    expect(none.body.media).toEqual([]);
    // % is a character to search for, not a wildcard.
    expect((await alice.client.get<{ media: MediaItem[] }>('/api/media?q=%25')).body.media).toEqual([]);
    const cookie = [...alice.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const patched = await fetch(new URL(`/api/media/${item.id}`, server.url), {
      method: 'PATCH',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ alt: 'A red rectangle' }),
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { media: MediaItem }).media.alt).toBe('A red rectangle');
  });

  it('refuses to delete what a post uses (409), and deletes the rest with its files', async () => {
    const id = await uploadBytes(server.url, alice.client, await makeJpeg(50, 50), 'used.jpg', 'image/jpeg');
    await waitForMedia(alice.client, id);
    const [post] = await server.handle.db.insert(posts).values({ siteId: alice.siteId, slug: 'p1', title: 'P', body: { type: 'doc', content: [] } }).returning({ id: posts.id });
    await server.handle.db.insert(postMedia).values({ postId: post!.id, mediaId: id, place: 'preview' });
    const cookie = [...alice.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const remove = (mediaId: string) => fetch(new URL(`/api/media/${mediaId}`, server.url), { method: 'DELETE', headers: { cookie, origin: server.url } });

    const refused = await remove(id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'media-in-use', message: 'This file is used by a post. Remove it from the post first.' } });
    expect((await alice.client.get<{ media: MediaItem }>(`/api/media/${id}`)).body.media.usedBy).toBe(1);

    const folder = path.join(dataDir, 'media', 'media', alice.siteId, item.id);
    expect(existsSync(path.join(folder, 'original'))).toBe(true);
    expect((await remove(item.id)).status).toBe(204);
    expect(existsSync(folder)).toBe(false);
    expect(await server.handle.db.select().from(media).where(eq(media.id, item.id))).toEqual([]);
    expect((await get(item.urls.original)).status).toBe(404);
  });
});
