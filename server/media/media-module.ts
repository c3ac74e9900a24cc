/**
 * Everything the media feature runs on, built from real parts for one server:
 * the store, the job queue, the library service, the tus uploads and the
 * processing worker; started and stopped with the server (runtime.ts).
 */
import path from 'node:path';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import type { Logger } from '../logger.ts';
import type { JobQueue } from '../queue/index.ts';
import { createStorage, mediaRoot } from '../storage/index.ts';
import { createFileImport } from './import-file.ts';
import { MEDIA_PROCESS_JOB, type MediaProcessJobData } from './media-jobs.ts';
import { createMediaService } from './media-service.ts';
import { createMediaProcessor } from './processing/media-processing.ts';
import { createUploads } from './tus-uploads.ts';
import { createUploadLocker, type SharedLocker } from './upload-locker.ts';

/**
 * `queue`: the server's one job queue (services.ts), made with mediaQueues()
 * among its definitions; media starts and stops it, as the first feature on
 * it, so every feature's jobs share one pg-boss and its connections.
 */
export function createMedia({ config, database, clock, logger, queue }: { config: Config; database: DatabaseHandle; clock: Clock; logger: Logger; queue: JobQueue }) {
  const { db } = database;
  const storage = createStorage(config);
  let locker: Promise<SharedLocker> | undefined;
  const uploads = createUploads({
    db,
    storage,
    queue,
    clock,
    logger,
    // Parts stay on a (shared) disk even in S3 mode: docs/decisions/034-media-storage-and-shared-uploads.md.
    partsDir: path.join(mediaRoot(config), 'uploads'),
    maxBytes: config.media.uploadMaxBytes,
    siteQuotaBytes: config.media.siteStorageQuotaBytes,
    expiryMs: config.media.uploadExpiryMs,
    appOrigin: config.appUrl.origin,
    locker: () => (locker ??= createUploadLocker(database)),
  });
  const service = createMediaService({ db, storage, clock, discardUpload: (mediaId) => uploads.discard(mediaId) });
  const importFile = createFileImport({ db, storage, queue, clock, maxBytes: config.media.uploadMaxBytes, siteQuotaBytes: config.media.siteStorageQuotaBytes });
  const processMedia = createMediaProcessor({ db, storage, clock, logger, workDir: path.join(config.dataDir, 'media-work') });

  return {
    storage,
    queue,
    service,
    uploads,
    /** A file on this server's disk made into a library item, as an upload would be (import-file.ts). */
    importFile,
    /** Unfinished uploads past UPLOAD_EXPIRY_HOURS, for the clean-up job. */
    deleteExpiredUploads: () => uploads.deleteExpired(),
    async start() {
      await queue.work<MediaProcessJobData>(MEDIA_PROCESS_JOB, (job) => processMedia(job));
      await queue.start();
    },
    async stop() {
      await queue.stop();
      if (locker) await (await locker.catch(() => undefined))?.close();
    },
  };
}

export type Media = ReturnType<typeof createMedia>;
