/** The periodic jobs of a server, composed from one list; runtime.ts starts and stops them. */
import type { Database } from '../../db/connect.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { Clock } from '../clock.ts';
import type { RetentionConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { endExpiredCompsJob } from '../members/end-expired-comps.ts';
import type { MembersService } from '../members/members-service.ts';
import type { PostsService } from '../posts/posts-service.ts';
import { publishScheduledJob } from '../posts/publish-scheduled.ts';
import { createCleanup, type FeatureCleanup } from './cleanup.ts';
import { createScheduler, type ScheduledJob } from './scheduler.ts';

export const CLEANUP_JOB = 'cleanup';

export interface JobsDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  retention: RetentionConfig;
  rateLimiter: RateLimiter;
  posts: PostsService;
  members: Pick<MembersService, 'endExpiredComps'>;
  /** Features' clean-ups that run with the clean-up job, such as expired uploads. */
  featureCleanups?: Record<string, FeatureCleanup>;
  /** Features' own periodic jobs, such as the reports' daily roll-up, the unread-message notices and the welcome mail. */
  featureJobs?: ScheduledJob[];
}

export function createJobs({ db, clock, logger, retention, rateLimiter, posts, members, featureCleanups = {}, featureJobs = [] }: JobsDeps) {
  return createScheduler({
    db,
    clock,
    logger,
    jobs: [
      { name: CLEANUP_JOB, everyMs: retention.cleanupIntervalSeconds * 1000, run: createCleanup({ db, clock, retention, rateLimiter, featureCleanups }) },
      publishScheduledJob(posts),
      endExpiredCompsJob(members),
      ...featureJobs,
    ],
  });
}

export type Jobs = ReturnType<typeof createJobs>;
