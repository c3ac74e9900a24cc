/** What a site's RSS feed reads (the public feed, a member's private one, a domain's): its newest live posts with their HTML, and whether it must declare itself explicit. */
import { desc, eq, and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { posts } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { EXPLICIT_NICHE } from '../../common/niches.ts';
import type { PostRow } from '../rendering/index.ts';
import type { Site } from '../sites/index.ts';
import { POSTS_PER_PAGE } from './list-site-posts.ts';
import { hasGatedPartColumn, tierIdsColumn } from './post-columns.ts';

/** Whether the site's owner chose the adult niche at sign-up, which a podcast feed must declare. */
export async function siteIsExplicit(db: Database, site: Pick<Site, 'ownerId'>): Promise<boolean> {
  const [owner] = await db.select({ niche: users.niche }).from(users).where(eq(users.id, site.ownerId)).limit(1);
  return owner?.niche === EXPLICIT_NICHE;
}

export type FeedPost = Pick<PostRow, 'id' | 'slug' | 'title' | 'excerpt' | 'visibility' | 'tierIds' | 'hasGatedPart' | 'publishedAt' | 'previewHtml' | 'gatedHtml'>;

/** The newest live posts with their HTML, for RSS; the route keeps of each what the reader may see. */
export async function feedPosts(db: Database, siteId: string, live: SQL): Promise<FeedPost[]> {
  return db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      excerpt: posts.excerpt,
      visibility: posts.visibility,
      tierIds: tierIdsColumn,
      hasGatedPart: hasGatedPartColumn,
      publishedAt: posts.publishedAt,
      previewHtml: posts.previewHtml,
      gatedHtml: posts.gatedHtml,
    })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), live))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(POSTS_PER_PAGE);
}
