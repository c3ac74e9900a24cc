/**
 * Both stores behind one interface, each against the real thing: the local
 * disk, and an S3-protocol server (s3rver). Same contract, same assertions.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load-config.ts';
import { createDiskStorage } from '../../server/storage/disk-storage.ts';
import { createS3Storage } from '../../server/storage/s3-storage.ts';
import type { Storage } from '../../server/storage/storage.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';

let s3: TestS3Server;
let diskRoot: string;
let scratch: string;

beforeAll(async () => {
  s3 = await startS3Server();
  diskRoot = await mkdtemp(path.join(os.tmpdir(), 'disk-storage-'));
  scratch = await mkdtemp(path.join(os.tmpdir(), 'storage-scratch-'));
});

afterAll(async () => {
  await s3?.stop();
  await rm(diskRoot, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

const stores: [string, () => Storage][] = [
  ['disk', () => createDiskStorage(diskRoot)],
  ['s3 (s3rver)', () => createS3Storage(loadConfig(s3.env).media.s3!)],
];

describe.each(stores)('%s storage', (_name, makeStore) => {
  it('stores a stream and a file, reads them whole and by range, knows their size', async () => {
    const store = makeStore();
    const bytes = Buffer.from('0123456789abcdefghij');
    await store.put('media/site-a/item-1/original', Readable.from([bytes]), bytes.length);
    expect(await store.size('media/site-a/item-1/original')).toBe(20);

    const whole = await store.open('media/site-a/item-1/original');
    expect(whole?.size).toBe(20);
    expect(await text(whole!.body)).toBe('0123456789abcdefghij');

    const slice = await store.open('media/site-a/item-1/original', { start: 5, end: 9 });
    expect(slice?.size).toBe(20);
    expect(await text(slice!.body)).toBe('56789');

    const local = path.join(scratch, `${Math.random()}.txt`);
    await writeFile(local, 'poster bytes');
    await store.putFile('media/site-a/item-1/poster.webp', local, { move: true });
    expect(await readFile(local).catch(() => 'gone')).toBe('gone');
    expect(await text((await store.open('media/site-a/item-1/poster.webp'))!.body)).toBe('poster bytes');
  });

  it('answers undefined for a key that is not there', async () => {
    const store = makeStore();
    expect(await store.size('media/site-a/nothing/original')).toBeUndefined();
    expect(await store.open('media/site-a/nothing/original')).toBeUndefined();
  });

  it('deletes a prefix and only that prefix', async () => {
    const store = makeStore();
    for (const key of ['media/site-b/one/original', 'media/site-b/one/hls/master.m3u8', 'media/site-b/onetwo/original']) {
      await store.put(key, Readable.from([Buffer.from(key)]), Buffer.byteLength(key));
    }
    await store.deletePrefix('media/site-b/one/');
    expect(await store.size('media/site-b/one/original')).toBeUndefined();
    expect(await store.size('media/site-b/one/hls/master.m3u8')).toBeUndefined();
    expect(await store.size('media/site-b/onetwo/original')).toBe(Buffer.byteLength('media/site-b/onetwo/original'));
  });

  it('refuses a key that climbs out of its folder', async () => {
    const store = makeStore();
    await expect(store.size('media/../etc/passwd')).rejects.toThrow(/unsafe storage key/);
  });
});
