/** The studio's preview list: what of the site readers do not see yet. */
import { and, desc, eq, inArray, not, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { posts } from '../../db/content-schema.ts';
import type { PostRow } from '../rendering/index.ts';

export type UnpublishedPost = Pick<PostRow, 'id' | 'slug' | 'title' | 'status' | 'visibility' | 'publishedAt' | 'updatedAt'>;

/** The owner's drafts and scheduled posts that are not live (not yet due, or held by the plan), for the studio's preview list. */
export async function unpublishedPosts(db: Database, siteId: string, live: SQL): Promise<UnpublishedPost[]> {
  return db
    .select({ id: posts.id, slug: posts.slug, title: posts.title, status: posts.status, visibility: posts.visibility, publishedAt: posts.publishedAt, updatedAt: posts.updatedAt })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), inArray(posts.status, ['draft', 'scheduled']), not(live)))
    .orderBy(desc(posts.updatedAt));
}
