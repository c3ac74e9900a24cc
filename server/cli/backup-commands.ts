/**
 * `backup [--out FILE]` and `restore FILE` (DESIGN.md "Backups (hardening)"). On Postgres
 * the CLI reads the database and the store itself, as a running server would; on the
 * embedded database a running server holds the folder, so the archive comes from its
 * admin API, and the CLI checks it whole before it names it.
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import * as adminApi from '../../common/api/admin.ts';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { EmbeddedDatabaseInUseError } from '../../db/embedded-lock.ts';
import { defaultMigrationsFolder } from '../../db/migrate.ts';
import { appSecretPath } from '../secrets/index.ts';
import { backupFileName, backupsDir, backupSource, mediaStore, restoreBackup, takeBackup, verifyArchive, type BackupManifest } from '../backups/index.ts';
import { systemClock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { withAdminSession, type AdminCredentials, type RemoteServer } from './admin-session.ts';

export interface BackupCommandDeps {
  config: Config;
  /** The server on this machine, for when it holds the embedded database. */
  localServer: RemoteServer;
  credentials: () => AdminCredentials;
}

/** Answers what it did, and the archive's path as its last line. */
export async function runBackup(out: string | undefined, { config, localServer, credentials }: BackupCommandDeps): Promise<string> {
  const file = path.resolve(out ?? path.join(backupsDir(config), backupFileName(systemClock(), 'manual')));
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  let database: DatabaseHandle;
  try {
    database = await connectDatabase(config.database);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
    return describeBackup(await backupThroughServer(file, localServer, credentials()), file);
  }
  try {
    const taken = await takeBackup(backupSource(config, database, systemClock), file);
    return describeBackup(taken.manifest, file);
  } finally {
    await database.close();
  }
}

async function backupThroughServer(file: string, server: RemoteServer, credentials: AdminCredentials): Promise<BackupManifest> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    await withAdminSession(server, credentials, (session) => session.download(adminApi.backup.path, partial));
    // Checked here as a restore would check it: what crossed the network is whole and unchanged.
    const manifest = await verifyArchive(partial);
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(partial, { force: true });
  }
}

function describeBackup(manifest: BackupManifest, file: string): string {
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  const missing = manifest.media.missing.length > 0 ? [`warning: ${manifest.media.missing.length} media file(s) named by the database were already missing from the store: ${manifest.media.missing.slice(0, 5).join(', ')}`] : [];
  return [
    `Backed up ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.media.files} media files (${formatBytes(manifest.media.bytes)}), as of ${manifest.createdAt}.`,
    ...missing,
    file,
  ].join('\n');
}

export async function runRestore(file: string, config: Config): Promise<string> {
  const archive = path.resolve(file);
  const where = 'url' in config.database ? `the database at ${new URL(config.database.url).host}` : config.database.pgliteDir;
  if ('pgliteDir' in config.database) await mkdir(config.database.pgliteDir, { recursive: true });
  const database = await connectDatabase(config.database).catch((error: unknown) => {
    if (error instanceof EmbeddedDatabaseInUseError) throw new Error(`a running server holds the embedded database in ${where}: restore fills a stopped, empty instance; stop the server first`);
    throw error;
  });
  try {
    const { manifest, rows, appSecret } = await restoreBackup(archive, { database, storage: mediaStore(config).storage, migrationsFolder: defaultMigrationsFolder(), appSecretFile: appSecretPath(config.dataDir) });
    const secret = appSecret
      ? [config.appSecret ? `warning: the archive's server made its own APP_SECRET, now in ${appSecretPath(config.dataDir)}; this instance sets APP_SECRET, so unset it (or set it to that file's value) for the creators' Stripe keys to open` : `The APP_SECRET the archive's server made is in ${appSecretPath(config.dataDir)}: restart a running server so it reads it.`]
      : [];
    return [`Restored ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.media.files} media files, as of ${manifest.createdAt}, into ${where}.`, ...secret].join('\n');
  } finally {
    await database.close();
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
