/**
 * BACKUP_SCHEDULE and BACKUP_KEEP (issue 27 item 7): the servers take backups themselves,
 * one per tick however many servers share the database, into $DATA_DIR/backups or the S3
 * bucket under backups/, and keep the newest BACKUP_KEEP. The clock is the test's: a tick
 * comes when the test moves it, not after a wait. Last, the backup of an embedded database
 * whose media lives in a bucket, which the scheduled and the admin API's backups share.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { copyFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchive } from '../../server/backups/index.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { makeJpeg, uploadBytes, waitForMedia } from '../support/media.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY = 24 * 3600_000;
const scheduledIn = async (folder: string) => (await readdir(folder).catch(() => [] as string[])).filter((name) => name.startsWith('scheduled-backup-')).sort();

describe('scheduled backups into the data folder', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-schedule-'));
  const backups = path.join(dataDir, 'backups');
  const time = createTestClock(new Date('2026-11-28T02:59:30Z'));
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const env = { DATA_DIR: dataDir, BACKUP_SCHEDULE: '0 3 * * *', BACKUP_KEEP: '2' };
    first = await startTestServer({ env, clock: time.clock });
    second = await startTestServer({ env, clock: time.clock, shareWith: first });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Both servers look at once, as their timers would; answers how many took the backup. */
  async function bothLook(): Promise<number> {
    const ran = await Promise.all([first.backups.runDue(), second.backups.runDue()]);
    return ran.filter((names) => names.includes('backup')).length;
  }

  it('takes none before the first tick after start', async () => {
    expect(await bothLook()).toBe(0);
    expect(await scheduledIn(backups)).toEqual([]);
  });

  it('takes one backup per tick with two servers, and keeps the newest BACKUP_KEEP, never an operator\'s own', async () => {
    time.advance(40_000);
    expect(await bothLook()).toBe(1);
    expect(await bothLook()).toBe(0);
    const [firstBackup] = await scheduledIn(backups);
    expect(firstBackup).toBe('scheduled-backup-2026-11-28T03-00-10-000Z.tar');
    const own = path.join(backups, 'backup-2026-11-01T00-00-00-000Z.tar');
    await copyFile(path.join(backups, firstBackup!), own);
    await writeFile(path.join(backups, 'notes.txt'), 'kept');

    for (let day = 1; day <= 3; day += 1) {
      time.advance(DAY);
      expect(await bothLook()).toBe(1);
    }
    expect(await scheduledIn(backups)).toEqual(['scheduled-backup-2026-11-30T03-00-10-000Z.tar', 'scheduled-backup-2026-12-01T03-00-10-000Z.tar']);
    expect((await readdir(backups)).filter((name) => !name.startsWith('.')).sort()).toEqual([
      'backup-2026-11-01T00-00-00-000Z.tar',
      'notes.txt',
      'scheduled-backup-2026-11-30T03-00-10-000Z.tar',
      'scheduled-backup-2026-12-01T03-00-10-000Z.tar',
    ]);
    const manifest = await verifyArchive(path.join(backups, 'scheduled-backup-2026-12-01T03-00-10-000Z.tar'));
    expect(manifest.createdAt).toBe('2026-12-01T03:00:10.000Z');
    expect(manifest.tables.scheduled_jobs).toBeGreaterThan(0);
  });
});

describe('scheduled backups into the S3 bucket', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-schedule-s3-'));
  const time = createTestClock(new Date('2026-11-28T02:59:30Z'));
  let s3: TestS3Server;
  let server: TestServer;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3Server('backups-test');
    server = await startTestServer({ env: { ...s3.env, DATA_DIR: dataDir, BACKUP_SCHEDULE: '0 3 * * *', BACKUP_KEEP: '1' }, clock: time.clock });
    client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const keysUnder = async (prefix: string) => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map((object) => object.Key!).sort();

  it('puts each backup under backups/ with the media of the bucket in it, and keeps the newest BACKUP_KEEP', async () => {
    const creator = await creatorWithSite(server);
    const id = await uploadBytes(server.url, creator.client, await makeJpeg(120, 90), 'kept.jpg', 'image/jpeg');
    await waitForMedia(creator.client, id);
    expect((await server.backups.runDue())).toEqual([]);

    time.advance(40_000);
    expect(await server.backups.runDue()).toEqual(['backup']);
    time.advance(DAY);
    expect(await server.backups.runDue()).toEqual(['backup']);
    expect(await keysUnder('backups/')).toEqual(['backups/scheduled-backup-2026-11-29T03-00-10-000Z.tar']);
    // Moved to the bucket, not kept on the disk as well.
    expect(await scheduledIn(path.join(dataDir, 'backups'))).toEqual([]);

    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'backups/scheduled-backup-2026-11-29T03-00-10-000Z.tar' }));
    const local = path.join(dataDir, 'downloaded.tar');
    await writeFile(local, await object.Body!.transformToByteArray());
    const manifest = await verifyArchive(local);
    const mediaKeys = await keysUnder('media/');
    expect(mediaKeys.length).toBeGreaterThan(1);
    for (const key of mediaKeys) expect(manifest.files[`store/${key}`], key).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(manifest.files).some((name) => name.startsWith('store/backups/'))).toBe(false);
  });
});

describe('the embedded database with media in the S3 bucket', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-embedded-s3-'));
  let s3: TestS3Server;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3Server('embedded-media');
    server = await startTestServer({ embeddedDatabase: true, env: { ...s3.env, DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets the named objects aside inside the snapshot and puts every object of the bucket in the archive', async () => {
    const creator = await creatorWithSite(server);
    const id = await uploadBytes(server.url, creator.client, await makeJpeg(120, 90), 'kept.jpg', 'image/jpeg');
    await waitForMedia(creator.client, id);
    const taken = await server.services.operator.takeBackup();
    try {
      const manifest = await verifyArchive(taken.file);
      expect(manifest.engine).toBe('pglite');
      const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      const keys = ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'media/' }))).Contents ?? []).map((object) => object.Key!);
      expect(keys.length).toBeGreaterThan(1);
      expect(Object.keys(manifest.files).filter((name) => name.startsWith('store/')).sort()).toEqual(keys.map((key) => `store/${key}`).sort());
      expect(manifest.media.missing).toEqual([]);
    } finally {
      await taken.discard();
    }
    // Nothing of the set-aside copies is left in the data folder.
    expect((await readdir(path.join(dataDir, 'backups', '.work'))).filter((name) => !name.startsWith('download-'))).toEqual([]);
  });
});
