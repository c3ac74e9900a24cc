/**
 * The import's job of the queue: one `import.run` per started import. A server
 * that dies or stops mid-run stops beating; pg-boss hands the job to another
 * server, which skips what the import's items say is done. Retried a few times
 * for what may pass (the database, storage); a file that cannot be read is
 * settled as failed at once (run/run-import.ts).
 */
import type { QueueDefinition } from '../queue/index.ts';

export const IMPORT_RUN_JOB = 'import.run';
export const IMPORT_RUN_RETRY_LIMIT = 5;

export interface ImportRunJobData {
  importId: string;
}

export function importsQueues({ heartbeatSeconds }: { heartbeatSeconds: number }): QueueDefinition[] {
  return [
    {
      name: IMPORT_RUN_JOB,
      options: {
        retryLimit: IMPORT_RUN_RETRY_LIMIT,
        retryDelay: 2,
        retryBackoff: true,
        retryDelayMax: 120,
        // 1,000 posts with 2,000 images take minutes; the heartbeat, not the expiry, finds a dead server.
        expireInSeconds: 6 * 3600,
        heartbeatSeconds,
        deleteAfterSeconds: 7 * 24 * 3600,
      },
    },
  ];
}
