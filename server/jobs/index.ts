/**
 * The periodic jobs of a server, composed from one list; runtime.ts starts and stops them.
 * The room knows no feature: each feature exports its job (posts' publishing of scheduled
 * posts, members' end of expired comps, ...) and the composition root (server/services.ts)
 * hands them in, so the features import the scheduler and never the other way.
 */
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { RetentionConfig } from '../config/index.ts';
import type { Logger } from '../logger.ts';
import { createCleanup, type ExpiringWindows, type FeatureCleanup } from './cleanup.ts';
import { createScheduler, type ScheduledJob } from './scheduler.ts';

export { createScheduler, type ScheduledJob, type Scheduler } from './scheduler.ts';

export const CLEANUP_JOB = 'cleanup';

export interface JobsDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  retention: RetentionConfig;
  rateLimiter: ExpiringWindows;
  /** Features' clean-ups that run with the clean-up job, such as expired uploads. */
  featureCleanups?: Record<string, FeatureCleanup>;
  /**
   * Features' own periodic jobs, run after the clean-up in this order, such as the publishing of
   * scheduled posts, the end of expired comps, the reports' daily roll-up, the unread-message
   * notices and the welcome mail.
   */
  featureJobs?: ScheduledJob[];
}

export function createJobs({ db, clock, logger, retention, rateLimiter, featureCleanups = {}, featureJobs = [] }: JobsDeps) {
  return createScheduler({
    db,
    clock,
    logger,
    jobs: [
      { name: CLEANUP_JOB, everyMs: retention.cleanupIntervalSeconds * 1000, run: createCleanup({ db, clock, retention, rateLimiter, featureCleanups }) },
      ...featureJobs,
    ],
  });
}

export type Jobs = ReturnType<typeof createJobs>;
