/**
 * The media job of the queue: one `media.process` per finished upload.
 * Retries with backoff for what may pass (storage or database hiccups, a
 * server that died mid-job, told by its missing heartbeat); input that cannot
 * be processed is never retried (media-processing.ts settles it as failed).
 */
import type { MediaConfig } from '../config/index.ts';
import type { QueueDefinition } from '../queue/index.ts';

export const MEDIA_PROCESS_JOB = 'media.process';
export const MEDIA_PROCESS_RETRY_LIMIT = 3;

export interface MediaProcessJobData {
  mediaId: string;
}

export function mediaQueues(media: MediaConfig): QueueDefinition[] {
  return [
    {
      name: MEDIA_PROCESS_JOB,
      options: {
        retryLimit: MEDIA_PROCESS_RETRY_LIMIT,
        retryDelay: 5,
        retryBackoff: true,
        retryDelayMax: 300,
        // A long video may take hours on a small machine; the heartbeat, not the expiry, finds dead workers.
        expireInSeconds: 6 * 3600,
        heartbeatSeconds: media.jobHeartbeatSeconds,
        deleteAfterSeconds: 7 * 24 * 3600,
      },
    },
  ];
}
