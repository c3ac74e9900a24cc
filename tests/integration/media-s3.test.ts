/**
 * S3 mode (S3_BUCKET set) against a real S3-protocol server (s3rver): an
 * upload's original and derived files land in the bucket, are served from it
 * with ranges, and are deleted from it with the item.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load-config.ts';
import { ffmpegAvailable } from '../../server/media/processing/ffmpeg.ts';
import { createS3Storage } from '../../server/storage/s3-storage.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { makeJpeg, makeVideo, uploadBytes, waitForMedia } from '../support/media.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let s3: TestS3Server;
let dataDir: string;
let server: TestServer;
let alice: Creator;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-s3-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir, ...s3.env } });
  alice = await creatorWithSite(server);
});

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function keysUnder(prefix: string): Promise<string[]> {
  const { client } = createS3Storage(loadConfig(s3.env).media.s3!);
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

it('keeps an image and its variants in the bucket, serves them with ranges and deletes them with the item', async () => {
  const jpeg = await makeJpeg(700, 400);
  const id = await uploadBytes(server.url, alice.client, jpeg, 'bucket.jpg', 'image/jpeg');
  const item = await waitForMedia(alice.client, id);
  expect(item.status).toBe('ready');
  const prefix = `media/${alice.siteId}/${id}/`;
  expect(await keysUnder(prefix)).toEqual([`${prefix}original`, `${prefix}thumb.webp`, `${prefix}w320.webp`, `${prefix}w640.webp`]);

  const part = await fetch(new URL(item.urls.original, server.url), { headers: { range: 'bytes=0-99' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 0-99/${jpeg.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(jpeg.subarray(0, 100))).toBe(true);

  const cookie = [...alice.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const removed = await fetch(new URL(`/api/media/${id}`, server.url), { method: 'DELETE', headers: { cookie, origin: server.url } });
  expect(removed.status).toBe(204);
  expect(await keysUnder(prefix)).toEqual([]);
});

it.skipIf(!(await ffmpegAvailable()))('processes a video whose original is only in the bucket', async () => {
  const clip = await makeVideo(dataDir, { seconds: 1, height: 360, name: 's3.mp4' });
  const id = await uploadBytes(server.url, alice.client, await readFile(clip), 's3.mp4', 'video/mp4');
  const item = await waitForMedia(alice.client, id);
  expect(item.status).toBe('ready');
  const keys = await keysUnder(`media/${alice.siteId}/${id}/hls/`);
  expect(keys).toContain(`media/${alice.siteId}/${id}/hls/master.m3u8`);
  expect((await fetch(new URL(item.urls.playlist!, server.url))).status).toBe(200);
});
