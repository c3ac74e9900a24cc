/** One post of a site by slug, whatever its status, and whether it is live: the caller decides who may see the rest. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { posts } from '../../db/content-schema.ts';
import type { PostRow } from '../rendering/index.ts';
import { hasGatedPartColumn, tierIdsColumn } from './post-columns.ts';

export async function sitePostBySlug(db: Database, siteId: string, slug: string, live: SQL): Promise<(PostRow & { live: boolean }) | undefined> {
  const [post] = await db
    .select({ post: posts, tierIds: tierIdsColumn, hasGatedPart: hasGatedPartColumn, live: sql<boolean>`(${live})` })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), eq(posts.slug, slug)))
    .limit(1);
  return post ? { ...post.post, tierIds: post.tierIds, hasGatedPart: post.hasGatedPart, live: post.live } : undefined;
}
