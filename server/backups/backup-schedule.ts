/**
 * BACKUP_SCHEDULE and BACKUP_KEEP: the server takes backups itself, into `$DATA_DIR/backups`
 * or, when media lives in S3, into the bucket under `backups/`, and keeps the newest
 * BACKUP_KEEP scheduled ones. With several servers on one database each tick is taken by
 * one of them: the scheduler's claim on `scheduled_jobs` (server/jobs/scheduler.ts) is one
 * atomic statement.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectsCommand } from '@aws-sdk/client-s3';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import type { Logger } from '../logger.ts';
import type { ScheduledJob } from '../jobs/index.ts';
import { backupFileName, backupsDir, backupSource, mediaStore, type MediaStore } from './backup-source.ts';
import { lastTickAt } from './cron-schedule.ts';
import { bucketKeys } from './media-keys.ts';
import { takeBackup } from './take-backup.ts';

export const BACKUP_JOB = 'backup';
/** Where scheduled backups go in the bucket. */
export const BUCKET_PREFIX = 'backups/';
/** How often a server looks whether a tick has come: cron's finest unit, unless the schedule counts seconds. */
const CHECK_MS = 60_000;

const SCHEDULED = /^scheduled-backup-[0-9TZ-]+\.tar$/;

export interface ScheduledBackupResult {
  file: string;
  bytes: number;
  pruned: number;
}

/** The scheduled job, or undefined when BACKUP_SCHEDULE is unset. */
export function backupJob({ config, database, clock, logger }: { config: Config; database: DatabaseHandle; clock: Clock; logger: Logger }): ScheduledJob | undefined {
  const { schedule, keep } = config.backups;
  if (!schedule) return undefined;
  const store = mediaStore(config);
  const everySecond = schedule.trim().split(/\s+/).length === 6;
  return {
    name: BACKUP_JOB,
    everyMs: everySecond ? 1000 : CHECK_MS,
    lastTickAt: (now) => lastTickAt(schedule, now),
    run: () => takeScheduledBackup({ config, database, clock, logger, store, keep }),
  };
}

async function takeScheduledBackup({ config, database, clock, logger, store, keep }: { config: Config; database: DatabaseHandle; clock: Clock; logger: Logger; store: MediaStore; keep: number }): Promise<ScheduledBackupResult> {
  const name = backupFileName(clock(), 'scheduled');
  const local = path.join(backupsDir(config), name);
  const taken = await takeBackup(backupSource(config, database, clock, store), local);
  if (!store.bucket) {
    const pruned = await pruneFolder(backupsDir(config), keep);
    logger.info({ file: local, bytes: taken.bytes, pruned }, 'scheduled backup taken');
    return { file: local, bytes: taken.bytes, pruned };
  }
  const key = `${BUCKET_PREFIX}${name}`;
  await store.storage.putFile(key, local, { move: true });
  const pruned = await pruneBucket(store.bucket, keep);
  logger.info({ key, bytes: taken.bytes, pruned }, 'scheduled backup taken');
  return { file: key, bytes: taken.bytes, pruned };
}

/** Names past the newest `keep`: the names sort as their times do. */
export function pastTheNewest(names: readonly string[], keep: number): string[] {
  return names
    .filter((name) => SCHEDULED.test(name))
    .sort()
    .reverse()
    .slice(keep);
}

async function pruneFolder(folder: string, keep: number): Promise<number> {
  const old = pastTheNewest(await readdir(folder), keep);
  for (const name of old) await rm(path.join(folder, name), { force: true });
  return old.length;
}

async function pruneBucket(bucket: NonNullable<MediaStore['bucket']>, keep: number): Promise<number> {
  const names: string[] = [];
  for await (const key of bucketKeys(bucket.client, bucket.name, BUCKET_PREFIX)()) names.push(key.slice(BUCKET_PREFIX.length));
  const old = pastTheNewest(names, keep);
  if (old.length > 0) await bucket.client.send(new DeleteObjectsCommand({ Bucket: bucket.name, Delete: { Objects: old.map((name) => ({ Key: `${BUCKET_PREFIX}${name}` })), Quiet: true } }));
  return old.length;
}
