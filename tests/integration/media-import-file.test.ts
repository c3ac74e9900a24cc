/**
 * The media room's importFile (docs/decisions/154): a file on the server's
 * disk, with no declared type, becomes a library item told by its bytes and
 * processed like an upload; what the library takes no upload of is refused
 * with the upload's own error, and so is a file past the site's storage quota,
 * which counts imported files as it counts uploads. A refused file stays
 * where it was, for its caller to remove.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/content-schema.ts';
import { AppError } from '../../server/errors.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { waitForMedia } from '../support/media.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const QUOTA = 100_000;
let dataDir: string;
let server: TestServer;
let files = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-import-file-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir, SITE_STORAGE_QUOTA_BYTES: String(QUOTA) } });
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A file in the test's scratch folder, as an import leaves what it fetched or unpacked. */
async function scratchFile(bytes: Buffer): Promise<string> {
  const file = path.join(dataDir, `scratch-${(files += 1)}`);
  await writeFile(file, bytes);
  return file;
}

const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, 0x20)]);
const rowsOf = (siteId: string) => server.handle.db.select().from(media).where(eq(media.siteId, siteId));

async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, status: error.status };
}

describe('importFile', () => {
  it('makes a PNG, named by nothing but its bytes, a ready image of the library with its variants', async () => {
    const alice = await creatorWithSite(server);
    const png = await sharp({ create: { width: 700, height: 400, channels: 3, background: { r: 240, g: 140, b: 60 } } })
      .png()
      .toBuffer();
    const filePath = await scratchFile(png);

    const imported = await server.services.media.importFile({ siteId: alice.siteId, filePath, originalName: 'folder/../sunrise-from-substack', alt: '  The sun over the bay  ' });
    expect(imported).toEqual({ id: expect.any(String), kind: 'image', type: 'image/png', bytes: png.length });
    // Moved into storage, not copied.
    expect(existsSync(filePath)).toBe(false);

    const item = await waitForMedia(alice.client, imported.id, undefined, 150_000);
    expect(item).toMatchObject({ status: 'ready', kind: 'image', type: 'image/png', bytes: png.length, originalName: 'sunrise-from-substack', alt: 'The sun over the bay', width: 700, height: 400 });
    expect(item.urls.thumbnail).toBeDefined();
    const original = await fetch(new URL(item.urls.original, server.url));
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(png);
  });

  it('refuses what the library takes no upload of, with the upload error, and leaves the file', async () => {
    const bob = await creatorWithSite(server);
    const filePath = await scratchFile(Buffer.from('<html><body>Not a picture, though it was linked as one.</body></html>'));
    expect(await refusal(server.services.media.importFile({ siteId: bob.siteId, filePath, originalName: 'photo.jpg' }))).toEqual({ code: 'unsupported-media-type', status: 415 });
    expect(existsSync(filePath)).toBe(true);
    expect(await rowsOf(bob.siteId)).toEqual([]);
  });

  it("keeps the site's storage quota, counting what was imported before", async () => {
    const carol = await creatorWithSite(server);
    const first = await server.services.media.importFile({ siteId: carol.siteId, filePath: await scratchFile(pdfOf(60_000)), originalName: 'guide.pdf' });
    expect(first).toMatchObject({ kind: 'file', type: 'application/pdf', bytes: 60_000 });

    const tooMuch = await scratchFile(pdfOf(40_001));
    expect(await refusal(server.services.media.importFile({ siteId: carol.siteId, filePath: tooMuch, originalName: 'one-byte-too-many.pdf' }))).toEqual({ code: 'storage-quota-exceeded', status: 413 });
    expect(existsSync(tooMuch)).toBe(true);
    expect((await rowsOf(carol.siteId)).map((row) => row.originalName)).toEqual(['guide.pdf']);

    // Up to the quota exactly is within it.
    const last = await server.services.media.importFile({ siteId: carol.siteId, filePath: await scratchFile(pdfOf(40_000)), originalName: 'last.pdf' });
    expect(last.bytes).toBe(40_000);
    expect((await waitForMedia(carol.client, last.id, undefined, 150_000)).status).toBe('ready');
  });
});
