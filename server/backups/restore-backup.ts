/**
 * Fills an empty instance from an archive (DESIGN.md "Backups (hardening)"):
 *
 * 1. every checksum first, reading the whole archive: nothing is written for an archive
 *    that was cut short or changed;
 * 2. the new database brought to the archive's migration, and refused if it holds data;
 * 3. the media files put into the store (a key is a media id, so putting one again is
 *    harmless), then every table loaded in one transaction, its foreign keys checked again
 *    over every row and its rows counted against the manifest before it commits: a restore
 *    that fails leaves the database empty, never half filled;
 * 4. the remaining migrations, as at any start.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Storage } from '../storage/index.ts';
import { hashingTap, readArchive, verifyArchive } from './archive.ts';
import { advanceSequences, appTables, setForeignKeysAside, tablesHoldingRows, type TableShape } from './catalog.ts';
import { APP_SECRET_ENTRY, InvalidArchiveError, MANIFEST_NAME, STORE_PREFIX, tableOfEntry, type BackupManifest } from './manifest.ts';
import { migrateTo, shippedMigrations } from './migrate-to.ts';
import { inTransaction, quoteIdentifier, type SqlSession } from './sql-session.ts';

/**
 * Rows a new instance makes for itself: the one settings row (made by a migration with a
 * fresh media URL secret, which the archive's row replaces) and the scheduled jobs' turns
 * (taken by a server that ran on the empty database). They are not data, and a restore
 * replaces them.
 */
const OWN_ROWS = new Set(['settings', 'scheduled_jobs']);

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreTarget {
  database: DatabaseHandle;
  storage: Storage;
  migrationsFolder: string;
  /** Where the archive's made APP_SECRET goes (`$DATA_DIR/app-secret`), so what it sealed opens on this instance. */
  appSecretFile: string;
}

export interface RestoredBackup {
  manifest: BackupManifest;
  rows: number;
  /** The archive carried the APP_SECRET its server made, now in `appSecretFile`. */
  appSecret: boolean;
}

export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoredBackup> {
  const manifest = await verifyArchive(file).catch((error: unknown) => {
    if (error instanceof InvalidArchiveError) throw new RestoreRefusedError(`${file} cannot be restored: ${error.message}; nothing was written`);
    throw error;
  });
  const shipped = await shippedMigrations(target.migrationsFolder);
  if (manifest.migrations > shipped) {
    throw new RestoreRefusedError(`${file} was made by a later version of the platform (${manifest.migrations} migrations; this one has ${shipped}): restore it with that version or a newer one`);
  }
  await migrateTo(target.database, target.migrationsFolder, manifest.migrations);
  await inTransaction(target.database, 'snapshot', async (session) => refuseUnlessEmpty(session, await appTables(session)));

  const rows = await inTransaction(target.database, 'write', async (session) => {
    const tables = new Map((await appTables(session)).map((table) => [table.name, table]));
    // A server of the new instance may be running (as in docker compose): its writes (a scheduled job's turn) wait for the commit.
    await session.query(`lock table ${[...tables.keys()].map((name) => `public.${quoteIdentifier(name)}`).join(', ')} in exclusive mode`);
    for (const name of Object.keys(manifest.tables)) checkShape(name, manifest.columns[name]!, tables.get(name));
    await refuseUnlessEmpty(session, [...tables.values()]);
    for (const name of OWN_ROWS) if (name in manifest.tables && tables.has(name)) await session.query(`delete from public.${quoteIdentifier(name)}`);
    const restoreForeignKeys = await setForeignKeysAside(session);
    await loadArchive(file, manifest, session, target);
    await restoreForeignKeys();
    await advanceSequences(session);
    return countAgainstManifest(session, manifest);
  });
  await migrateTo(target.database, target.migrationsFolder, shipped);
  return { manifest, rows, appSecret: APP_SECRET_ENTRY in manifest.files };
}

async function refuseUnlessEmpty(session: SqlSession, tables: readonly TableShape[]): Promise<void> {
  const holding = await tablesHoldingRows(session, tables.map(({ name }) => name).filter((name) => !OWN_ROWS.has(name)));
  if (holding.length > 0) {
    throw new RestoreRefusedError(`this instance holds data (rows in ${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', ...' : ''}): restore fills an empty instance only; point DATA_DIR or DATABASE_URL at a new one`);
  }
}

/** The archive's columns must be the table's, in the same order: its migration made both. */
function checkShape(name: string, columns: readonly string[], table: TableShape | undefined): void {
  if (!table) throw new RestoreRefusedError(`the archive holds a table ${name} that its migration does not make here`);
  if (table.columns.join(',') !== columns.join(',')) throw new RestoreRefusedError(`the columns of ${name} in the archive differ from those its migration makes here`);
}

/** The second read: media into the store, rows into the tables, each entry hashed again on the way. */
async function loadArchive(file: string, manifest: BackupManifest, session: SqlSession, { storage, appSecretFile }: RestoreTarget): Promise<void> {
  await readArchive(file, async ({ name, size, body }) => {
    if (name === MANIFEST_NAME) {
      await body.toArray();
      return;
    }
    const { tap, digest } = hashingTap();
    const checked = body.pipe(tap);
    body.once('error', (error) => checked.destroy(error));
    const table = tableOfEntry(name);
    if (table) await session.copyIn(table, manifest.columns[table]!, checked.pipe(createGunzip()));
    else if (name.startsWith(`${STORE_PREFIX}media/`)) await storage.put(name.slice(STORE_PREFIX.length), checked, size);
    // Replaces one a new instance's server made for itself: it sealed nothing yet (the instance is empty).
    else if (name === APP_SECRET_ENTRY) await pipeline(checked, createWriteStream(appSecretFile, { mode: 0o600 }));
    else throw new InvalidArchiveError(`it holds ${name}, which is neither rows nor a media file`);
    // The load read it to its end: the same bytes the first read checked, or the transaction goes back.
    if (digest() !== manifest.files[name]) throw new InvalidArchiveError(`${name} changed while it was being restored`);
  });
}

async function countAgainstManifest(session: SqlSession, manifest: BackupManifest): Promise<number> {
  let total = 0;
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const [row] = await session.query<{ count: string | number }>(`select count(*) as count from public.${quoteIdentifier(table)}`);
    const loaded = Number(row?.count ?? 0);
    if (loaded !== expected) throw new InvalidArchiveError(`${table} took ${loaded} rows where the manifest counts ${expected}`);
    total += loaded;
  }
  return total;
}
