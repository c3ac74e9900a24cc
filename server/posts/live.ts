/**
 * The one rule of a "live" post, the posts readers see: published, or
 * scheduled and its time has come, unless the platform plan holds it. The
 * publish job flips scheduled posts to published every few seconds, but
 * readers must see a post at its exact time even on a server whose job has not
 * run yet, so every public channel (pages, RSS, sitemap, member feeds and
 * their media) filters with this instead of `status = 'published'`. A
 * scheduled post the job holds because its creator's plan lapsed
 * (docs/decisions/057) is not live either, so readers never see what the
 * studio says is waiting; a post already published stays live.
 */
import { and, eq, lte, not, or, type SQL } from 'drizzle-orm';
import { posts } from '../../db/content-schema.ts';

/** The live posts at `now`, as SQL over `posts`. */
export type LivePosts = (now: Date) => SQL;

/** `heldPosts` is the platform plan's own condition, the one the publish job leaves waiting. */
export function createLivePosts(heldPosts: (now: Date) => SQL | undefined): LivePosts {
  return function livePosts(now) {
    const held = heldPosts(now);
    const due = and(eq(posts.status, 'scheduled'), lte(posts.publishedAt, now), ...(held ? [not(held)] : []));
    return or(eq(posts.status, 'published'), due)!;
  };
}
