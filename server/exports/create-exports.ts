/**
 * Builds the exports room from the parts the composition root hands in: the
 * service with its signed links (a key from APP_SECRET) and its worker on the
 * shared queue.
 */
import path from 'node:path';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { JobQueue } from '../queue/index.ts';
import type { SecretBox } from '../secrets/index.ts';
import type { Storage } from '../storage/index.ts';
import { createDownloadLinks } from './download-link.ts';
import { EXPORT_JOB, type ExportJobData } from './export-queue.ts';
import { createExportsService } from './exports-service.ts';

export interface ExportsDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  queue: JobQueue;
  storage: Storage;
  secretBox: SecretBox;
  dataDir: string;
}

export function createExports({ db, clock, logger, queue, storage, secretBox, dataDir }: ExportsDeps) {
  const exports = createExportsService({
    db,
    clock,
    logger,
    queue,
    storage,
    links: createDownloadLinks(secretBox.signingKey('export downloads'), clock),
    workDir: path.join(dataDir, 'export-work'),
  });
  void queue.work<ExportJobData>(EXPORT_JOB, (job) => exports.run(job.data.exportId));
  return exports;
}
