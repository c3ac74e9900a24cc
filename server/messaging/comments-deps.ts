/** What the comments' use cases are handed by the composition root (server/services.ts), each taking the part it needs. */
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { MessagingConfig } from '../config/index.ts';
import { AppError } from '../errors.ts';
import type { LivePosts } from '../posts/index.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { RecordActivity } from '../reports/index.ts';
import type { SiteChanged } from '../sites/index.ts';

export interface CommentsDeps {
  db: Database;
  clock: Clock;
  livePosts: LivePosts;
  rateLimiter: Pick<RateLimiter, 'overLimit'>;
  limits: Pick<MessagingConfig, 'commentsPerMinute'>;
  siteChanged: SiteChanged;
  /** Recent Activity (server/reports/activity-service.ts), written in the comment's transaction. */
  recordActivity: RecordActivity;
}

export const notFound = () => new AppError('not-found', 404);
