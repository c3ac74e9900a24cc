/** The studio's posts list: one page, newest first (posts-list-cursor.ts), with the counts by status and each post's comments. */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { POSTS_PAGE_SIZE, type PostCounts, type PostsAnswer } from '../../common/api/posts.ts';
import type { PostStatus } from '../../common/posts.ts';
import { posts } from '../../db/content-schema.ts';
import { findSiteByOwner } from '../sites/index.ts';
import { countComments } from './comment-counts.ts';
import { escapeLike } from '../../db/transaction.ts';
import type { PostsDeps } from './posts-deps.ts';
import { afterCursor, decodeListCursor, encodeListCursor, LIST_ORDER_KEYS } from './posts-list-cursor.ts';
import { SUMMARY_COLUMNS, toSummary } from './post-summary.ts';
import { tiersOfPosts } from './post-tiers.ts';

export type ListPostsQuery = { status?: PostStatus | undefined; q?: string | undefined; cursor?: string | undefined };

export async function listPosts({ db }: Pick<PostsDeps, 'db'>, ownerId: string, query: ListPostsQuery): Promise<PostsAnswer> {
  // Read before the site: a mangled cursor is the caller's mistake whoever asks.
  const cursor = query.cursor ? decodeListCursor(query.cursor) : undefined;
  const site = await findSiteByOwner(db, ownerId);
  const counts: PostCounts = { all: 0, draft: 0, scheduled: 0, published: 0 };
  if (!site) return { posts: [], counts, handle: null };
  const matching: SQL[] = [eq(posts.siteId, site.id)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    matching.push(or(ilike(posts.title, pattern), ilike(posts.excerpt, pattern))!);
  }
  const byStatus = await db
    .select({ status: posts.status, count: count() })
    .from(posts)
    .where(and(...matching))
    .groupBy(posts.status);
  for (const row of byStatus) {
    counts[row.status] = row.count;
    counts.all += row.count;
  }
  // One row more than a page says whether another page follows.
  const found = await db
    .select({ ...SUMMARY_COLUMNS, shownAtKey: LIST_ORDER_KEYS.shownAt, createdAtKey: LIST_ORDER_KEYS.createdAt })
    .from(posts)
    .where(and(...matching, ...(query.status ? [eq(posts.status, query.status)] : []), ...(cursor ? [afterCursor(cursor)] : [])))
    .orderBy(desc(LIST_ORDER_KEYS.shownAt), desc(LIST_ORDER_KEYS.createdAt), desc(posts.id))
    .limit(POSTS_PAGE_SIZE + 1);
  const rows = found.slice(0, POSTS_PAGE_SIZE);
  const last = rows.at(-1);
  const nextCursor = found.length > POSTS_PAGE_SIZE && last ? encodeListCursor({ shownAt: String(last.shownAtKey), createdAt: String(last.createdAtKey), id: last.id }) : undefined;
  const [tiersById, commentCounts] = await Promise.all([tiersOfPosts(db, rows.filter((row) => row.visibility === 'tiers').map((row) => row.id)), countComments(db, rows.map((row) => row.id))]);
  return { posts: rows.map((row) => ({ ...toSummary(row, tiersById.get(row.id)), commentCount: commentCounts.get(row.id) ?? 0 })), counts, handle: site.handle, ...(nextCursor ? { nextCursor } : {}) };
}
