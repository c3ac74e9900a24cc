/**
 * Issue 27 item 7 on Postgres: `npm run cli -- backup` and `restore` as an operator runs
 * them (the CLI bundle in a child process) beside a running server that takes writes the
 * whole time, and a restore into a fresh database and a fresh data folder that loses
 * nothing the archive counted and holds nothing half-written. A signed media link made
 * before the backup still opens on the restored instance: the secret that signed it
 * (settings.media_url_secret, made by the database) travels in the archive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { copyFile, open, readFile, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../common/api/media.ts';
import { Readable } from 'node:stream';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { defaultMigrationsFolder } from '../../db/migrate.ts';
import { readArchive, writeArchive } from '../../server/backups/archive.ts';
import { diskKeys } from '../../server/backups/media-keys.ts';
import { migrateTo, shippedMigrations } from '../../server/backups/migrate-to.ts';
import { restoreBackup, takeBackup, verifyArchive, type BackupManifest } from '../../server/backups/index.ts';
import { createDiskStorage } from '../../server/storage/disk-storage.ts';
import { loadConfig } from '../../server/config/load-config.ts';
import { startServer, type RunningServer } from '../../server/runtime.ts';
import { expectRestoredWhole, startWriteLoop } from '../support/backups.ts';
import { runCli } from '../support/cli.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { createTestClient } from '../support/http-client.ts';
import { makeJpeg, uploadBytes, waitForMedia } from '../support/media.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startTestServer, testEnvironment, testLogger, type TestServer } from '../support/test-server.ts';
import { freePort } from '../support/free-port.ts';

const sourceDir = mkdtempSync(path.join(tmpdir(), 'backup-source-'));
const restoredDir = mkdtempSync(path.join(tmpdir(), 'backup-restored-'));
const archive = path.join(sourceDir, 'operator-chose-this.tar');
let server: TestServer;
let creator: Creator;
let embedded: string[];
let fresh: TestDatabase;
let manifest: BackupManifest;
let signedBefore: MediaItem;

beforeAll(async () => {
  server = await startTestServer({ env: { DATA_DIR: sourceDir } });
  creator = await creatorWithSite(server);
  const jpeg = await makeJpeg(320, 240);
  embedded = [];
  for (const name of ['one.jpg', 'two.jpg']) {
    const id = await uploadBytes(server.url, creator.client, jpeg, name, 'image/jpeg');
    await waitForMedia(creator.client, id);
    embedded.push(id);
  }
  signedBefore = (await creator.client.get<{ media: MediaItem }>(`/api/media/${embedded[0]}`)).body.media;
  fresh = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await server?.stop();
  await fresh?.drop();
  rmSync(sourceDir, { recursive: true, force: true });
  rmSync(restoredDir, { recursive: true, force: true });
});

const sourceEnv = () => ({ DATABASE_URL: server.testDatabase.url!, DATA_DIR: sourceDir });

describe('backup while the server takes writes, restore into a fresh instance', () => {
  it('writes the archive at --out exactly, printing its path last, while posts, uploads and deletes go on', async () => {
    const loop = startWriteLoop(server.url, creator.client, embedded, async (id) => (await creator.delete(`/api/media/${id}`)).status);
    await loop.passes(2);
    const backup = runCli(['backup', '--out', archive], sourceEnv());
    // The writes go on during the backup: the loop keeps making posts until the archive is there.
    const [result] = await Promise.all([backup, loop.passes(3)]);
    const made = await loop.stop();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toBe(archive);
    manifest = await verifyArchive(archive);
    expect(manifest.engine).toBe('postgres');
    expect(manifest.tables.posts).toBeGreaterThan(0);
    expect(manifest.tables.posts).toBeLessThanOrEqual(made);
    expect(manifest.media.missing).toEqual([]);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
  });

  it('restores into an empty database and data folder, with every counted row and every named file', async () => {
    const restored = await runCli(['restore', archive], { DATABASE_URL: fresh.url!, DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ rows in \d+ tables and \d+ media files/);
    const handle = await connectDatabase({ url: fresh.url! });
    try {
      await expectRestoredWhole({ db: handle.db, manifest, mediaRoot: path.join(restoredDir, 'media'), embedded: embedded.length });
    } finally {
      await handle.close();
    }
  });

  it('serves the restored instance: the creator signs in, and a media link signed before the backup opens with the same bytes', async () => {
    const port = await freePort();
    const config = loadConfig(testEnvironment(port, server.smtp.url, { DATABASE_URL: fresh.url!, DATA_DIR: restoredDir }));
    const restored: RunningServer = await startServer({ config, logger: testLogger(config.logLevel) });
    try {
      const original = new URL(signedBefore.urls.original, server.url);
      const before = await fetch(new URL(`${original.pathname}${original.search}`, server.url));
      const after = await fetch(new URL(`${original.pathname}${original.search}`, restored.url));
      expect(after.status).toBe(200);
      expect(Buffer.from(await after.arrayBuffer()).equals(Buffer.from(await before.arrayBuffer()))).toBe(true);
      const client = createTestClient(restored.url);
      expect((await client.post('/api/auth/login', { email: creator.email, password: 'violet-harbour-71' })).status).toBe(200);
      expect((await client.get<{ media: MediaItem[] }>('/api/media')).body.media.map((item) => item.id)).toEqual(expect.arrayContaining(embedded));
    } finally {
      await restored.close();
    }
  });

  it('restores beside a running server of a new, empty instance (as in docker compose)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backup-beside-'));
    const target = await startTestServer({ env: { DATA_DIR: dir } });
    try {
      const restored = await runCli(['restore', archive], { DATABASE_URL: target.testDatabase.url!, DATA_DIR: dir });
      expect(restored.code, restored.stderr).toBe(0);
      expect(await rowsOf(target.handle, 'posts')).toBe(manifest.tables.posts);
    } finally {
      await target.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to restore into an instance that holds data, in one line, changing nothing', async () => {
    const handle = await connectDatabase({ url: fresh.url! });
    const before = await rowsOf(handle, 'posts');
    const again = await runCli(['restore', archive], { DATABASE_URL: fresh.url!, DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: this instance holds data \(rows in [a-z_, .]+\): restore fills an empty instance only; point DATA_DIR or DATABASE_URL at a new one\n$/);
    expect(await rowsOf(handle, 'posts')).toBe(before);
    await handle.close();
  });
});

describe('a damaged archive is refused before anything is written', () => {
  let target: TestDatabase;
  const targetDir = mkdtempSync(path.join(tmpdir(), 'backup-refused-'));
  beforeAll(async () => {
    target = await createTestDatabase({ empty: true });
  });
  afterAll(async () => {
    await target?.drop();
    rmSync(targetDir, { recursive: true, force: true });
  });

  async function expectNothingWritten() {
    const handle = await connectDatabase({ url: target.url! });
    try {
      const [row] = await handle.db.select({ present: sql<boolean>`to_regclass('public.users') is not null` }).from(sql`(select 1) as one`);
      expect(row?.present).toBe(false);
    } finally {
      await handle.close();
    }
    await expect(stat(path.join(targetDir, 'media'))).rejects.toThrow();
  }

  it('refuses an archive with one byte changed, naming the file whose checksum differs', async () => {
    const tampered = path.join(targetDir, 'tampered.tar');
    await copyFile(archive, tampered);
    const bytes = await readFile(tampered);
    // A byte inside the first media file's data (its header is the first 512 bytes).
    const handle = await open(tampered, 'r+');
    await handle.write(Buffer.from([bytes[600]! ^ 0xff]), 0, 1, 600);
    await handle.close();
    const result = await runCli(['restore', tampered], { DATABASE_URL: target.url!, DATA_DIR: targetDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .*tampered\.tar cannot be restored: store\/media\/.+ does not match its checksum: it was changed or damaged after it was made; nothing was written\n$/);
    await expectNothingWritten();
  });

  it('refuses an archive cut short', async () => {
    const cut = path.join(targetDir, 'cut.tar');
    await copyFile(archive, cut);
    await truncate(cut, Math.floor((await stat(cut)).size / 2));
    const result = await runCli(['restore', cut], { DATABASE_URL: target.url!, DATA_DIR: targetDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cut\.tar cannot be restored: .*; nothing was written\n$/);
    await expectNothingWritten();
  });
});

describe('usage', () => {
  it.each([
    [['restore'], "restore needs the archive's path, and nothing else: restore <file>"],
    [['restore', 'a.tar', 'b.tar'], "restore needs the archive's path, and nothing else: restore <file>"],
    [['backup', '--out'], 'Unexpected arguments: --out (backup takes --out <file>)'],
    [['backup', 'somewhere.tar'], 'Unexpected arguments: somewhere.tar (backup takes --out <file>)'],
  ])('refuses %j with exit 2 before it needs the database, and shows the usage', async (args, message) => {
    const result = await runCli(args, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(message);
    expect(result.stderr).toContain('backup [--out <file>]');
    expect(result.stderr).toContain('restore <file>');
  });
});

describe('an archive of an earlier version', () => {
  it('is loaded at its own migration, then carried forward by the later ones, keeping the secret that signs media links', async () => {
    const folder = defaultMigrationsFolder();
    const shipped = await shippedMigrations(folder);
    const dir = mkdtempSync(path.join(tmpdir(), 'backup-older-'));
    const [older, newer] = [await createTestDatabase({ empty: true }), await createTestDatabase({ empty: true })];
    const [source, target] = [await connectDatabase({ url: older.url! }), await connectDatabase({ url: newer.url! })];
    try {
      await migrateTo(source, folder, shipped - 1);
      await source.db.execute(sql`update settings set media_url_secret = 'made-by-the-older-version'`);
      const store = createDiskStorage(path.join(dir, 'media'));
      const file = path.join(dir, 'older.tar');
      const taken = await takeBackup({ database: source, storage: store, mediaKeys: diskKeys(path.join(dir, 'media')), clock: () => new Date(), workDir: path.join(dir, 'work'), appSecretFile: undefined }, file);
      expect(taken.manifest.migrations).toBe(shipped - 1);

      await restoreBackup(file, { database: target, storage: store, migrationsFolder: folder, appSecretFile: path.join(dir, 'app-secret') });
      const [journal] = await target.db.select({ count: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
      expect(journal!.count).toBe(shipped);
      const [settings] = await target.db.select({ secret: sql<string>`media_url_secret` }).from(sql`settings`);
      expect(settings!.secret).toBe('made-by-the-older-version');
    } finally {
      await source.close();
      await target.close();
      await older.drop();
      await newer.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused when a later version made it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backup-later-'));
    const later = path.join(dir, 'later.tar');
    const target = await createTestDatabase({ empty: true });
    try {
      // The archive of the first test with its manifest claiming one migration more than this version ships.
      const { manifest: claimed, entries } = await readEntries(archive);
      claimed.migrations = (await shippedMigrations(defaultMigrationsFolder())) + 1;
      await writeEntries(later, entries, claimed);
      const result = await runCli(['restore', later], { DATABASE_URL: target.url!, DATA_DIR: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/later\.tar was made by a later version of the platform \(\d+ migrations; this one has \d+\): restore it with that version or a newer one\n$/);
    } finally {
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** An archive's entries and manifest, to write a variant of it. */
async function readEntries(file: string): Promise<{ manifest: BackupManifest; entries: { name: string; bytes: Buffer }[] }> {
  const entries: { name: string; bytes: Buffer }[] = [];
  let text = '';
  await readArchive(file, async ({ name, body }) => {
    const bytes = Buffer.concat((await body.toArray()) as Buffer[]);
    if (name === 'manifest.json') text = bytes.toString('utf8');
    else entries.push({ name, bytes });
  });
  return { manifest: JSON.parse(text) as BackupManifest, entries };
}

async function writeEntries(file: string, entries: { name: string; bytes: Buffer }[], manifest: BackupManifest): Promise<void> {
  const writer = writeArchive(file, new Date());
  for (const { name, bytes } of entries) await writer.add(name, bytes.length, Readable.from([bytes]));
  await writer.finish(manifest);
}

async function rowsOf(handle: DatabaseHandle, table: string): Promise<number> {
  const [row] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(sql`public.${sql.identifier(table)}`);
  return row!.count;
}
