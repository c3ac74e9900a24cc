/** The periodic jobs of a server, composed from one list; runtime.ts starts and stops them. */
import type { Database } from '../../db/connect.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { Clock } from '../clock.ts';
import type { RetentionConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createCleanup } from './cleanup.ts';
import { createScheduler } from './scheduler.ts';

export const CLEANUP_JOB = 'cleanup';

export function createJobs({ db, clock, logger, retention, rateLimiter }: { db: Database; clock: Clock; logger: Logger; retention: RetentionConfig; rateLimiter: RateLimiter }) {
  return createScheduler({
    db,
    clock,
    logger,
    jobs: [{ name: CLEANUP_JOB, everyMs: retention.cleanupIntervalSeconds * 1000, run: createCleanup({ db, clock, retention, rateLimiter }) }],
  });
}

export type Jobs = ReturnType<typeof createJobs>;
