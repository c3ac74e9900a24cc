/**
 * The storage quota of a site (SITE_STORAGE_QUOTA_BYTES, ISSUE15 item 5):
 * checked when an upload is created, against the originals the site holds
 * (ready, failed or still uploading at their declared length) plus the new
 * upload's declared length; refused with 413 `storage-quota-exceeded` before a
 * byte is stored; other sites are not affected; 0 is no limit.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { media } from '../../db/content-schema.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createUpload, tusRequest, uploadBytes, waitForMedia } from '../support/media.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const QUOTA = 10_000;
let dataDir: string;
let server: TestServer;
let alice: Creator;
let bob: Creator;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-quota-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir, SITE_STORAGE_QUOTA_BYTES: String(QUOTA) } });
  alice = await creatorWithSite(server);
  bob = await creatorWithSite(server);
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const partsDir = () => path.join(dataDir, 'media', 'uploads');
const rowsOf = (siteId: string) => server.handle.db.select().from(media).where(eq(media.siteId, siteId));
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, 0x20)]);
const declare = (creator: Creator, length: number, filename = 'declared.png', on = server) => createUpload(on.url, creator.client, { length, filename, filetype: 'image/png' });

describe('the storage quota of a site', () => {
  it('refuses an upload that would pass it, counting ready files and unfinished uploads, and frees room as they go', async () => {
    const pdf = await waitForMedia(alice.client, await uploadBytes(server.url, alice.client, pdfOf(4000), 'guide.pdf', 'application/pdf'));
    expect(pdf.status).toBe('ready');
    const unfinished = await declare(alice, 3000, 'unfinished.png');
    expect(unfinished.response.status).toBe(201);

    const partsBefore = await readdir(partsDir());
    const refused = await declare(alice, 3001, 'one-byte-too-many.png');
    expect(refused.response.status).toBe(413);
    expect(JSON.parse(refused.response.text)).toEqual({ error: { code: 'storage-quota-exceeded', message: SERVER_MESSAGES['storage-quota-exceeded'] } });
    // Refused before a byte was stored: no parts, no row.
    expect(await readdir(partsDir())).toEqual(partsBefore);
    expect((await rowsOf(alice.siteId)).map((row) => row.originalName).sort()).toEqual(['guide.pdf', 'unfinished.png']);

    // Up to the quota exactly is within it; another site has its own.
    const last = await declare(alice, 3000, 'last.png');
    expect(last.response.status).toBe(201);
    expect((await declare(alice, 1)).response.status).toBe(413);
    expect((await declare(bob, QUOTA, 'bobs.png')).response.status).toBe(201);

    // A cancelled upload gives its room back, and so does a file deleted from the library.
    expect((await tusRequest(server.url, alice.client, 'DELETE', unfinished.location)).status).toBe(204);
    await expect.poll(async () => (await rowsOf(alice.siteId)).some((row) => row.id === unfinished.id)).toBe(false);
    expect((await declare(alice, 3000, 'again.png')).response.status).toBe(201);
    expect((await declare(alice, 1)).response.status).toBe(413);
    expect((await alice.delete(`/api/media/${pdf.id}`)).status).toBe(204);
    expect((await declare(alice, 4000, 'room-of-the-pdf.png')).response.status).toBe(201);
    expect((await declare(alice, 1)).response.status).toBe(413);
  });

  it('counts a failed file until it is deleted', async () => {
    const carol = await creatorWithSite(server);
    // A "JPEG" that is a PDF fails processing; its original still takes room.
    const failed = await waitForMedia(carol.client, await uploadBytes(server.url, carol.client, pdfOf(6000), 'photo.jpg', 'image/jpeg'));
    expect(failed.status).toBe('failed');
    expect((await declare(carol, QUOTA - 6000 + 1)).response.status).toBe(413);
    expect((await carol.delete(`/api/media/${failed.id}`)).status).toBe(204);
    expect((await declare(carol, QUOTA)).response.status).toBe(201);
  });

  it('lets through only the uploads that fit when several are created at once', async () => {
    const dave = await creatorWithSite(server);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => declare(dave, 3000, `burst-${index}.png`)));
    const statuses = answers.map((answer) => answer.response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
    const rows = await rowsOf(dave.siteId);
    expect(rows.reduce((total, row) => total + row.bytes, 0)).toBe(9000);
    expect(rows.map((row) => row.id).sort()).toEqual(answers.filter((answer) => answer.response.status === 201).map((answer) => answer.id).sort());
    for (const row of rows) expect(existsSync(path.join(partsDir(), row.id))).toBe(true);
  });

  it('has no limit at 0', async () => {
    const unlimited = await startTestServer({ env: { DATA_DIR: dataDir, SITE_STORAGE_QUOTA_BYTES: '0', UPLOAD_MAX_BYTES: String(2 ** 40) }, shareWith: server });
    try {
      const erin = await creatorWithSite(unlimited);
      // Declared, never sent: 60 GiB, past the default quota of 50 GiB.
      const huge = await declare(erin, 60 * 1024 ** 3, 'huge.png', unlimited);
      expect(huge.response.status).toBe(201);
      expect((await declare(erin, 60 * 1024 ** 3, 'huge2.png', unlimited)).response.status).toBe(201);
      for (const row of await rowsOf(erin.siteId)) expect((await tusRequest(unlimited.url, erin.client, 'DELETE', `/api/uploads/${row.id}`)).status).toBe(204);
    } finally {
      await unlimited.stop();
    }
  });
});
