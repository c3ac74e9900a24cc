/** The scheduled posts whose time has come, published (the job in publish-scheduled.ts runs it). */
import { and, eq, lte, not } from 'drizzle-orm';
import { posts } from '../../db/content-schema.ts';
import type { PostsDeps } from './posts-deps.ts';

/**
 * Publishes every scheduled post whose time has come, in one statement:
 * of two servers running it at once, each post is returned to exactly one.
 * A post whose creator's plan has lapsed waits, scheduled, until it is paid.
 */
export async function publishDuePosts({ db, clock, publishing, recordActivity, mail }: Omit<PostsDeps, 'siteChanged'>): Promise<string[]> {
  const now = clock();
  const held = publishing.heldPosts(now);
  return db.transaction(async (tx) => {
    const published = await tx
      .update(posts)
      .set({ status: 'published', updatedAt: now })
      .where(and(eq(posts.status, 'scheduled'), lte(posts.publishedAt, now), ...(held ? [not(held)] : [])))
      .returning({ id: posts.id, siteId: posts.siteId, publishedAt: posts.publishedAt });
    for (const row of published) await recordActivity(tx, { siteId: row.siteId, type: 'post-published', postId: row.id, occurredAt: row.publishedAt ?? now });
    const ids = published.map((row) => row.id);
    await mail?.published(tx, ids);
    return ids;
  });
}
