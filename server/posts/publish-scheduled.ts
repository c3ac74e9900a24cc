/**
 * The job that publishes scheduled posts when their time comes, on whichever
 * server is up. The scheduler (server/jobs/scheduler.ts) lets one server take
 * each period; the one UPDATE in publishDue (publish-due-posts.ts) makes a
 * post published exactly once even if two ran. Readers see a post at its
 * exact time anyway: the public site filters with live.ts, not with this
 * job's work.
 */
import type { ScheduledJob } from '../jobs/index.ts';
import type { PostsService } from './posts-service.ts';

export const PUBLISH_SCHEDULED_JOB = 'publish-scheduled-posts';
/** Short, so the studio's list and the status of a post catch up soon after its time. */
export const PUBLISH_SCHEDULED_EVERY_MS = 15_000;

export function publishScheduledJob(posts: PostsService): ScheduledJob {
  return {
    name: PUBLISH_SCHEDULED_JOB,
    everyMs: PUBLISH_SCHEDULED_EVERY_MS,
    run: async () => ({ published: (await posts.publishDue()).length }),
  };
}
