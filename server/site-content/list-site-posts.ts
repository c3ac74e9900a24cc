/**
 * The posts a site's home lists: its live posts a page at a time, newest
 * first, the posts a design features, and when the next scheduled post goes
 * live. Each takes the live condition of the moment (server/posts/live.ts),
 * handed in by the caller.
 */
import { and, desc, eq, gt, inArray, min, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { posts } from '../../db/content-schema.ts';
import type { PostSummary } from '../rendering/index.ts';
import { postSummaryColumns } from './post-columns.ts';

export const POSTS_PER_PAGE = 20;

/** One page of the site's live posts, newest first, and whether an older page exists; a designed home may show fewer than a page first (`firstPage`). */
export async function liveSitePosts(db: Database, siteId: string, live: SQL, page: number, firstPage = POSTS_PER_PAGE): Promise<{ posts: PostSummary[]; hasOlder: boolean }> {
  const rows = await db
    .select(postSummaryColumns)
    .from(posts)
    .where(and(eq(posts.siteId, siteId), live))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(POSTS_PER_PAGE + 1)
    .offset(page === 1 ? 0 : firstPage + (page - 2) * POSTS_PER_PAGE);
  return { posts: rows.slice(0, POSTS_PER_PAGE), hasOlder: rows.length > POSTS_PER_PAGE };
}

/** The live posts among those a design's featured section names. */
export async function featuredPosts(db: Database, siteId: string, live: SQL, ids: string[]): Promise<PostSummary[]> {
  if (ids.length === 0) return [];
  return db
    .select(postSummaryColumns)
    .from(posts)
    .where(and(eq(posts.siteId, siteId), inArray(posts.id, ids), live));
}

/** When the site's next scheduled post goes live, if one is waiting: its pages change then without any write. */
export async function nextScheduledAt(db: Database, siteId: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(posts.publishedAt) })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), eq(posts.status, 'scheduled'), gt(posts.publishedAt, now)));
  return row?.at ?? undefined;
}
