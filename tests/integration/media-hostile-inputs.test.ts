/**
 * Files that try to make ffmpeg read something else than themselves (ISSUE15
 * item 1): an `ID3` tag passes the sniff as MP3, and behind it an HLS playlist
 * or a concat script names another creator's processed audio on the server's
 * disk. Each must fail with a reason for the creator, never retried, and no
 * byte of the other item may reach the attacker's media.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../common/api/media.ts';
import { ffmpegAvailable } from '../../server/media/processing/ffmpeg.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { makeAudio, makeVideo, uploadBytes, waitForMedia } from '../support/media.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const hasFfmpeg = await ffmpegAvailable();
let dataDir: string;
let server: TestServer;
let alice: Creator;
let bob: Creator;
let bobsAudio: MediaItem;
let bobsVideo: MediaItem;

/** Where disk storage keeps an item's files (server/storage/disk-storage.ts under DATA_DIR/media). */
const folderOf = (siteId: string, mediaId: string) => path.join(dataDir, 'media', 'media', siteId, mediaId);

/** An empty ID3v2.3 tag: ten bytes that make the sniffer say MP3 whatever follows. */
const ID3_TAG = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
const behindId3 = (text: string) => Buffer.concat([ID3_TAG, Buffer.from(text)]);
const hlsPlaylist = (uri: string) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:2.0,\n${uri}\n#EXT-X-ENDLIST\n`;

beforeAll(async () => {
  if (!hasFfmpeg) return;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-hostile-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  alice = await creatorWithSite(server);
  bob = await creatorWithSite(server);
  const tone = await makeAudio(dataDir, 2);
  bobsAudio = await waitForMedia(bob.client, await uploadBytes(server.url, bob.client, await readFile(tone), 'secret-episode.mp3', 'audio/mpeg'));
  const clip = await makeVideo(dataDir, { seconds: 1, height: 360 });
  bobsVideo = await waitForMedia(bob.client, await uploadBytes(server.url, bob.client, await readFile(clip), 'secret-clip.mp4', 'video/mp4'));
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function retriesOf(mediaId: string): Promise<number[]> {
  const result: unknown = await server.handle.db.execute(sql`select retry_count from pgboss.job where name = 'media.process' and data->>'mediaId' = ${mediaId}`);
  const rows = Array.isArray(result) ? (result as { retry_count: number }[]) : (result as { rows: { retry_count: number }[] }).rows;
  return rows.map((row) => row.retry_count);
}

/** The attacker's upload fails for what it is, derives nothing, and serves nothing. */
async function expectRefused(bytes: Buffer, filename: string, filetype: string, reason: RegExp) {
  const id = await uploadBytes(server.url, alice.client, bytes, filename, filetype);
  const item = await waitForMedia(alice.client, id);
  expect(item.status, filename).toBe('failed');
  expect(item.failureReason, filename).toMatch(reason);
  expect(item.durationSeconds, filename).toBeNull();
  expect(item.urls.audio, filename).toBeUndefined();
  expect(item.urls.playlist, filename).toBeUndefined();
  expect(await retriesOf(id), filename).toEqual([0]);
  expect((await fetch(new URL(item.urls.original, server.url))).status, filename).toBe(404);
  // Nothing derived was kept beside the original: not even a file the row does not name.
  expect(await readdir(folderOf(alice.siteId, id)), filename).toEqual(['original']);
}

describe.skipIf(!hasFfmpeg)("a file that names another item's files (needs ffmpeg)", () => {
  it('is refused as audio when an HLS playlist behind an ID3 tag points at them by path, file: URL or relative path', async () => {
    const bobsFile = path.join(folderOf(bob.siteId, bobsAudio.id), 'audio.m4a');
    expect(existsSync(bobsFile)).toBe(true);
    const relative = `../../${bob.siteId}/${bobsAudio.id}/audio.m4a`;
    for (const [name, uri] of [
      ['absolute.mp3', bobsFile],
      ['file-url.mp3', `file://${bobsFile}`],
      ['relative.mp3', relative],
    ] as const) {
      await expectRefused(behindId3(hlsPlaylist(uri)), name, 'audio/mpeg', /could not read this audio/);
    }
  });

  it("is refused as audio when the playlist names a video's segments, or a concat script names the audio", async () => {
    const variant = path.join(folderOf(bob.siteId, bobsVideo.id), 'hls', '360p');
    const segments = (await readdir(variant)).filter((file) => file.endsWith('.m4s'));
    const fmp4 = `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-MAP:URI="${path.join(variant, 'init.mp4')}"\n${segments.map((file) => `#EXTINF:1.0,\n${path.join(variant, file)}`).join('\n')}\n#EXT-X-ENDLIST\n`;
    await expectRefused(behindId3(fmp4), 'segments.m4a', 'audio/mp4', /could not read this audio/);
    const concat = `ffconcat version 1.0\nfile '${path.join(folderOf(bob.siteId, bobsAudio.id), 'audio.m4a')}'\n`;
    await expectRefused(behindId3(concat), 'concat.mp3', 'audio/mpeg', /could not read this audio/);
  });

  it("is refused as video by its bytes, whatever the playlist behind the tag names", async () => {
    const variant = path.join(folderOf(bob.siteId, bobsVideo.id), 'hls', '360p', 'index.m3u8');
    await expectRefused(behindId3(hlsPlaylist(variant)), 'playlist.mp4', 'video/mp4', /not a video/);
  });

  it("leaves the other creator's items whole and readable by them", async () => {
    for (const item of [bobsAudio, bobsVideo]) {
      const fresh = (await bob.client.get<{ media: MediaItem }>(`/api/media/${item.id}`)).body.media;
      expect(fresh.status).toBe('ready');
      expect((await fetch(new URL(fresh.urls.audio ?? fresh.urls.playlist!, server.url))).status).toBe(200);
    }
  });
});
