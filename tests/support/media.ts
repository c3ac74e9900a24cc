/**
 * Helpers for media tests: raw tus requests with a creator's cookies, waiting
 * for processing, and small fixtures made by ffmpeg and sharp at test time.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { MediaItem } from '../../common/api/media.ts';
import type { MediaStatus } from '../../common/media.ts';
import type { TestClient } from './http-client.ts';

const run = promisify(execFile);

export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** One tus request as a browser on the app's origin would send it (cookies, Origin, Tus-Resumable). */
export async function tusRequest(baseUrl: string, client: TestClient, method: string, urlPath: string, headers: Record<string, string> = {}, body?: Uint8Array): Promise<RawResponse> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL(urlPath, baseUrl), {
    method,
    headers: { origin: new URL(baseUrl).origin, 'tus-resumable': '1.0.0', ...(cookie ? { cookie } : {}), ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** POSTs a new upload; answers the response and the upload's path (and media id). */
export async function createUpload(baseUrl: string, client: TestClient, { length, filename, filetype }: { length: number; filename: string; filetype: string }) {
  const response = await tusRequest(baseUrl, client, 'POST', '/api/uploads', {
    'upload-length': String(length),
    'upload-metadata': tusMetadata({ filename, filetype }),
  });
  const location = response.headers.get('location') ?? '';
  return { response, location, id: location.split('/').at(-1) ?? '' };
}

export function patchUpload(baseUrl: string, client: TestClient, location: string, offset: number, bytes: Uint8Array) {
  return tusRequest(baseUrl, client, 'PATCH', location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes);
}

/** A whole upload in one PATCH; answers the media id. */
export async function uploadBytes(baseUrl: string, client: TestClient, bytes: Uint8Array, filename: string, filetype: string): Promise<string> {
  const created = await createUpload(baseUrl, client, { length: bytes.length, filename, filetype });
  expect(created.response.status, created.response.text).toBe(201);
  const patched = await patchUpload(baseUrl, client, created.location, 0, bytes);
  expect(patched.status, patched.text).toBe(204);
  return created.id;
}

export async function getMediaItem(client: TestClient, id: string) {
  return client.get<{ media: MediaItem }>(`/api/media/${id}`);
}

/** Polls the library until the item leaves `uploading`/`processing` (or reaches `status`). */
export async function waitForMedia(client: TestClient, id: string, until: (item: MediaItem) => boolean = (item) => item.status === 'ready' || item.status === 'failed', deadlineMs = 60_000): Promise<MediaItem> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const { status, body } = await getMediaItem(client, id);
    expect(status).toBe(200);
    if (until(body.media)) return body.media;
    if (Date.now() > deadline) throw new Error(`media ${id} still ${body.media.status} (${body.media.progress}%)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const isSettled = (status: MediaStatus) => status === 'ready' || status === 'failed';

export async function makeJpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/** A short clip with sound from ffmpeg's test sources. */
export async function makeVideo(dir: string, { seconds = 2, height = 360, name = 'clip.mp4' } = {}): Promise<string> {
  const file = path.join(dir, name);
  const width = Math.round((height * 16) / 9 / 2) * 2;
  await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=30`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

export async function makeAudio(dir: string, seconds = 2): Promise<string> {
  const file = path.join(dir, 'tone.mp3');
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330', '-t', String(seconds), '-c:a', 'libmp3lame', file]);
  return file;
}
