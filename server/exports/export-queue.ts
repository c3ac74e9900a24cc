/**
 * The export's job in the queue: one `site.export` per export asked for. A
 * server that dies mid-export stops beating and another takes the job again
 * (the zip is made afresh); a failure that would fail again is settled as
 * `failed` by the job itself, not retried.
 */
import type { QueueDefinition } from '../queue/index.ts';

export const EXPORT_JOB = 'site.export';

export interface ExportJobData {
  exportId: string;
}

export const exportQueues: QueueDefinition[] = [
  {
    name: EXPORT_JOB,
    options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 6 * 3600, heartbeatSeconds: 60, deleteAfterSeconds: 7 * 24 * 3600 },
  },
];
