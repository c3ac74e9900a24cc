/**
 * One archive of the instance as one point in time, taken while it runs and takes writes
 * (docs/decisions/128-backups.md):
 *
 * 1. the database in one REPEATABLE READ transaction, whose first statement reads the
 *    media rows and locks them against deletion (FOR KEY SHARE: uploads, processing and
 *    every other write go on; only deleting one of these items waits), then every table
 *    by COPY;
 * 2. every media object of the store. A file the snapshot names was stored before its row
 *    named it, and cannot be deleted before the backup lets its row go, so it is copied; a
 *    file written after the snapshot is a harmless extra. On Postgres the copy runs inside
 *    the transaction. PGlite is one connection that the transaction holds alone, so there
 *    the named files are set aside first (hard links, or copies from a bucket), the
 *    transaction ends and the server goes on, and the copy reads the set-aside files;
 * 3. the manifest last, then the archive is renamed to its name: a file at that name is
 *    always a whole archive.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { MediaDerived } from '../../common/media.ts';
import type { Clock } from '../clock.ts';
import { filesOf, mediaPrefix } from '../media/index.ts';
import type { OpenedFile, Storage } from '../storage/index.ts';
import { writeArchive, type ArchiveWriter } from './archive.ts';
import { appliedMigrations, appTables, type TableShape } from './catalog.ts';
import { APP_SECRET_ENTRY, BACKUP_FORMAT, databaseEntryName, storeEntryName, type BackupManifest } from './manifest.ts';
import type { KeyLister } from './media-keys.ts';
import { inTransaction, type SqlSession } from './sql-session.ts';

export interface BackupSource {
  database: DatabaseHandle;
  storage: Storage;
  mediaKeys: KeyLister;
  clock: Clock;
  /** Scratch space for the database's copy (and, on PGlite, the set-aside media) while the archive is written. */
  workDir: string;
  /** `$DATA_DIR/app-secret` when APP_SECRET is unset (the server made one): it travels in the archive. Undefined: the operator keeps theirs. */
  appSecretFile: string | undefined;
}

export interface TakenBackup {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** A delete already under way when the snapshot locks its row ends the attempt (Postgres's serialization failure); the next one starts after it. */
const ATTEMPTS = 3;
const SERIALIZATION_FAILURE = '40001';

export async function takeBackup(source: BackupSource, file: string): Promise<TakenBackup> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await mkdir(source.workDir, { recursive: true, mode: 0o700 });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptBackup(source, file);
    } catch (error) {
      if ((error as { code?: string }).code !== SERIALIZATION_FAILURE || attempt === ATTEMPTS) throw error;
    }
  }
}

interface DatabaseCopy {
  migrations: number;
  tables: (TableShape & { rows: number; file: string; bytes: number })[];
}

interface MediaCopy {
  files: Record<string, string>;
  count: number;
  bytes: number;
  /** Keys the snapshot names that the store did not hold. */
  missing: string[];
}

async function attemptBackup(source: BackupSource, file: string): Promise<TakenBackup> {
  const scratch = await mkdtemp(path.join(source.workDir, 'backup-'));
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  const createdAt = source.clock();
  const archive = writeArchive(partial, createdAt);
  try {
    const { database, media } = await copyDatabaseAndMedia(source, scratch, archive);
    const files: Record<string, string> = { ...media.files };
    for (const table of database.tables) files[databaseEntryName(table.name)] = await archive.add(databaseEntryName(table.name), table.bytes, createReadStream(table.file));
    const appSecret = source.appSecretFile ? await readFile(source.appSecretFile).catch(() => undefined) : undefined;
    if (appSecret) files[APP_SECRET_ENTRY] = await archive.add(APP_SECRET_ENTRY, appSecret.length, Readable.from([appSecret]));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: createdAt.toISOString(),
      engine: source.database.kind,
      migrations: database.migrations,
      tables: Object.fromEntries(database.tables.map((table) => [table.name, table.rows])),
      columns: Object.fromEntries(database.tables.map((table) => [table.name, table.columns])),
      files,
      media: { files: media.count, bytes: media.bytes, missing: media.missing },
    };
    await archive.finish(manifest);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest };
  } catch (error) {
    await archive.abort(error as Error);
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function copyDatabaseAndMedia(source: BackupSource, scratch: string, archive: ArchiveWriter): Promise<{ database: DatabaseCopy; media: MediaCopy }> {
  if (source.database.kind === 'postgres') {
    return inTransaction(source.database, 'snapshot', async (session) => {
      const named = await lockNamedMedia(session);
      const database = await copyTables(session, scratch);
      return { database, media: await copyMedia(source, archive, named, new Map()) };
    });
  }
  const { database, named, setAside } = await inTransaction(source.database, 'snapshot', async (session) => {
    const namedKeys = await lockNamedMedia(session);
    const tables = await copyTables(session, scratch);
    return { database: tables, named: namedKeys, setAside: await setNamedFilesAside(source.storage, namedKeys, path.join(scratch, 'media')) };
  });
  return { database, media: await copyMedia(source, archive, named, setAside) };
}

/** Every storage key the media rows name; the first statement of the snapshot, so the rows it locks are the snapshot's. */
async function lockNamedMedia(session: SqlSession): Promise<Set<string>> {
  const rows = await session.query<{ id: string; site_id: string; storage_key: string; status: string; derived: MediaDerived | string }>(
    `select id, site_id, storage_key, status, derived from public.media where status <> 'uploading' for key share`,
  );
  const keys = new Set<string>();
  for (const row of rows) {
    keys.add(row.storage_key);
    if (row.status !== 'ready') continue;
    const derived: MediaDerived = typeof row.derived === 'string' ? (JSON.parse(row.derived) as MediaDerived) : row.derived;
    for (const name of filesOf(derived)) keys.add(`${mediaPrefix(row.site_id, row.id)}${name}`);
  }
  return keys;
}

/** Every table, each gzipped to a scratch file, its rows counted as they pass. */
async function copyTables(session: SqlSession, scratch: string): Promise<DatabaseCopy> {
  const tables: DatabaseCopy['tables'] = [];
  for (const shape of await appTables(session)) {
    const target = path.join(scratch, `${shape.name}.copy.gz`);
    let rows = 0;
    // COPY's text format writes one line per row and escapes the line breaks inside values.
    const countRows = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
        done(null, chunk);
      },
    });
    await pipeline(await session.copyOut(shape.name, shape.columns), countRows, createGzip(), createWriteStream(target, { mode: 0o600 }));
    tables.push({ ...shape, rows, file: target, bytes: (await stat(target)).size });
  }
  return { migrations: await appliedMigrations(session), tables };
}

/**
 * PGlite only, inside the snapshot: each named file linked (on the disk) or copied (from a
 * bucket) into `folder`, so a delete after the snapshot cannot take it from the backup.
 */
async function setNamedFilesAside(storage: Storage, keys: ReadonlySet<string>, folder: string): Promise<Map<string, string>> {
  const setAside = new Map<string, string>();
  for (const key of keys) {
    const target = path.join(folder, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    const onDisk = storage.localPath(key);
    if (onDisk) {
      const linked = await link(onDisk, target).then(
        () => true,
        async (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          // Another file system than the media's: a copy does what the link would.
          if (error.code !== 'EXDEV') throw error;
          await copyFile(onDisk, target);
          return true;
        },
      );
      if (linked) setAside.set(key, target);
      continue;
    }
    const opened = await storage.open(key);
    if (!opened) continue;
    await pipeline(opened.body, createWriteStream(target, { mode: 0o600 }));
    setAside.set(key, target);
  }
  return setAside;
}

async function openSetAside(file: string): Promise<OpenedFile> {
  return (await openLocal(file))!;
}

/**
 * A file of the disk by one descriptor, so its size and its bytes are of the same file even if
 * a new version is renamed over its name meanwhile; undefined when there is none.
 */
async function openLocal(file: string): Promise<OpenedFile | undefined> {
  const handle = await open(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!handle) return undefined;
  try {
    return { size: (await handle.stat()).size, body: handle.createReadStream() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function openStored(storage: Storage, key: string): Promise<OpenedFile | undefined> {
  const onDisk = storage.localPath(key);
  return onDisk ? openLocal(onDisk) : storage.open(key);
}

async function copyMedia(source: BackupSource, archive: ArchiveWriter, named: ReadonlySet<string>, setAside: ReadonlyMap<string, string>): Promise<MediaCopy> {
  const files: Record<string, string> = {};
  let bytes = 0;
  const add = async (key: string, opened: OpenedFile) => {
    files[storeEntryName(key)] = await archive.add(storeEntryName(key), opened.size, opened.body);
    bytes += opened.size;
  };
  for (const [key, file] of setAside) await add(key, await openSetAside(file));
  for await (const key of source.mediaKeys()) {
    if (setAside.has(key)) continue;
    const opened = await openStored(source.storage, key);
    // Listed, then deleted before it was read: no row of the snapshot names it (those are locked or set aside).
    if (opened) await add(key, opened);
  }
  const missing = [...named].filter((key) => !(storeEntryName(key) in files)).sort();
  return { files, count: Object.keys(files).length, bytes, missing };
}
