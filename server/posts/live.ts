/**
 * The one SQL condition of a "live" post: published, or scheduled and its time
 * has come. The publish job flips scheduled posts to published every few
 * seconds, but readers must see a post at its exact time even on a server
 * whose job has not run yet, so every public channel (pages, RSS, sitemap,
 * API) filters with this instead of `status = 'published'`.
 */
import { and, eq, lte, or, type SQL } from 'drizzle-orm';
import { posts } from '../../db/content-schema.ts';

export function isLivePost(now: Date): SQL {
  return or(eq(posts.status, 'published'), and(eq(posts.status, 'scheduled'), lte(posts.publishedAt, now)))!;
}

/** The same rule for a row already in memory (a post read by id). */
export function isPostLive(post: { status: string; publishedAt: Date | null }, now: Date): boolean {
  if (post.status === 'published') return true;
  return post.status === 'scheduled' && post.publishedAt !== null && post.publishedAt.getTime() <= now.getTime();
}
