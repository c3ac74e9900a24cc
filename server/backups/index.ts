/**
 * Backups of the instance (DESIGN.md "Backups (hardening)", docs/decisions/128-backups.md):
 * one archive of the database and the media store as one point in time, its restore
 * into an empty instance, and the schedule the server follows itself. What other rooms
 * use is here; the rest is this room's own.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import type { Logger } from '../logger.ts';
import { backupFileName, backupSource } from './backup-source.ts';
import { takeBackup, type TakenBackup } from './take-backup.ts';

export { backupJob } from './backup-schedule.ts';
export { sendBackup } from './backup-routes.ts';
export { backupFileName, backupsDir, backupSource, mediaStore } from './backup-source.ts';
export { verifyArchive } from './archive.ts';
export type { BackupManifest } from './manifest.ts';
export { restoreBackup, type RestoredBackup } from './restore-backup.ts';
export { takeBackup, type TakenBackup } from './take-backup.ts';

export interface BackupService {
  /** A backup in a scratch file of the data folder, for the admin API to send; `discard` removes it once sent. */
  takeForDownload: () => Promise<TakenBackup & { name: string; discard: () => Promise<void> }>;
}

export function createBackupService({ config, database, clock, logger }: { config: Config; database: DatabaseHandle; clock: Clock; logger: Logger }): BackupService {
  return {
    async takeForDownload() {
      const name = backupFileName(clock(), 'manual');
      const source = backupSource(config, database, clock);
      const file = path.join(source.workDir, `download-${randomBytes(8).toString('hex')}.tar`);
      const taken = await takeBackup(source, file);
      logger.info({ bytes: taken.bytes, tables: Object.keys(taken.manifest.tables).length, mediaFiles: taken.manifest.media.files }, 'backup taken for the admin API');
      return { ...taken, name, discard: () => rm(file, { force: true }) };
    },
  };
}
