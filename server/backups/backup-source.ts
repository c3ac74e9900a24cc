/** What a backup reads and a restore writes, for this configuration: its database, its media store and where the archives go. */
import path from 'node:path';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { appSecretPath } from '../secrets/index.ts';
import { createDiskStorage, createS3Storage, mediaRoot, type Storage } from '../storage/index.ts';
import { bucketKeys, diskKeys } from './media-keys.ts';
import type { BackupSource } from './take-backup.ts';

/** `$DATA_DIR/backups`: where the CLI writes without --out, and scheduled backups go without S3. */
export function backupsDir(config: Config): string {
  return path.join(config.dataDir, 'backups');
}

/** A sortable, readable name: `backup-2026-11-28T03-00-00-000Z.tar`; scheduled ones are prefixed, so pruning never touches the operator's own. */
export function backupFileName(at: Date, kind: 'manual' | 'scheduled'): string {
  return `${kind === 'scheduled' ? 'scheduled-' : ''}backup-${at.toISOString().replace(/[:.]/g, '-')}.tar`;
}

export interface MediaStore {
  storage: Storage;
  /** The bucket's client, when the store is S3 (scheduled backups go there too). */
  bucket: { client: ReturnType<typeof createS3Storage>['client']; name: string } | undefined;
}

export function mediaStore(config: Config): MediaStore {
  if (!config.media.s3) return { storage: createDiskStorage(mediaRoot(config)), bucket: undefined };
  const s3 = createS3Storage(config.media.s3);
  return { storage: s3, bucket: { client: s3.client, name: config.media.s3.bucket } };
}

export function backupSource(config: Config, database: DatabaseHandle, clock: Clock, store = mediaStore(config)): BackupSource {
  return {
    database,
    storage: store.storage,
    mediaKeys: store.bucket ? bucketKeys(store.bucket.client, store.bucket.name) : diskKeys(mediaRoot(config)),
    clock,
    workDir: path.join(backupsDir(config), '.work'),
    appSecretFile: config.appSecret ? undefined : appSecretPath(config.dataDir),
  };
}
