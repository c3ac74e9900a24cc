/**
 * What the public site reads, in as few round trips as a page allows: a site's
 * live posts a page at a time, one post by slug, the media a page shows, the
 * site's tiers, and the sitemap's list. Each list of posts takes the live
 * condition of the moment (server/posts/live.ts), handed in by the caller.
 * Unpublished sites and posts that are not live are the caller's to refuse;
 * these only read.
 */
import { and, asc, desc, eq, inArray, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { media, posts, sites, tiers } from '../../db/content-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { EXPLICIT_NICHE } from '../../common/niches.ts';
import type { Site } from '../sites/site-lookup.ts';

export const POSTS_PER_PAGE = 20;

export type MediaRow = Pick<typeof media.$inferSelect, 'id' | 'kind' | 'originalName' | 'type' | 'bytes' | 'derived' | 'alt'>;

const postSummaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  visibility: posts.visibility,
  publishedAt: posts.publishedAt,
  coverMediaId: posts.coverMediaId,
};
export type PostSummary = { [K in keyof typeof postSummaryColumns]: (typeof posts.$inferSelect)[K] };

/** One page of the site's live posts, newest first, and whether an older page exists. */
export async function liveSitePosts(db: Database, siteId: string, live: SQL, page: number): Promise<{ posts: PostSummary[]; hasOlder: boolean }> {
  const rows = await db
    .select(postSummaryColumns)
    .from(posts)
    .where(and(eq(posts.siteId, siteId), live))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(POSTS_PER_PAGE + 1)
    .offset((page - 1) * POSTS_PER_PAGE);
  return { posts: rows.slice(0, POSTS_PER_PAGE), hasOlder: rows.length > POSTS_PER_PAGE };
}

/** The tiers a `tiers` post opens to, read with the post itself (as text: both drivers parse a json array alike). */
export const tierIdsColumn = sql<string[]>`coalesce((select json_agg(${postTiers.tierId}::text) from ${postTiers} where ${postTiers.postId} = ${posts.id}), '[]'::json)`;

export type PostRow = typeof posts.$inferSelect & { tierIds: string[] };

/** A post of the site by slug, whatever its status, and whether it is live: the route decides who may see the rest. */
export async function sitePostBySlug(db: Database, siteId: string, slug: string, live: SQL): Promise<(PostRow & { live: boolean }) | undefined> {
  const [post] = await db
    .select({ post: posts, tierIds: tierIdsColumn, live: sql<boolean>`(${live})` })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), eq(posts.slug, slug)))
    .limit(1);
  return post ? { ...post.post, tierIds: post.tierIds, live: post.live } : undefined;
}

/** Ready media of the site by id; an id of another site or not ready is simply absent. */
export async function siteMediaByIds(db: Database, siteId: string, ids: readonly string[]): Promise<Map<string, MediaRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: media.id, kind: media.kind, originalName: media.originalName, type: media.type, bytes: media.bytes, derived: media.derived, alt: media.alt })
    .from(media)
    .where(and(eq(media.siteId, siteId), inArray(media.id, wanted), eq(media.status, 'ready')));
  return new Map(rows.map((row) => [row.id, row]));
}

export type TierRow = Pick<typeof tiers.$inferSelect, 'id' | 'name' | 'description' | 'benefits' | 'type' | 'monthlyPrice' | 'yearlyPrice' | 'currency'>;

export async function activeSiteTiers(db: Database, siteId: string): Promise<TierRow[]> {
  return db
    .select({ id: tiers.id, name: tiers.name, description: tiers.description, benefits: tiers.benefits, type: tiers.type, monthlyPrice: tiers.monthlyPrice, yearlyPrice: tiers.yearlyPrice, currency: tiers.currency })
    .from(tiers)
    .where(and(eq(tiers.siteId, siteId), eq(tiers.active, true)))
    .orderBy(asc(tiers.position), asc(tiers.createdAt));
}

export interface SitemapEntries {
  sites: { handle: string; updatedAt: Date }[];
  posts: { handle: string; slug: string; visibility: PostRow['visibility']; updatedAt: Date }[];
}

/** Every published site and every live post of one; the route keeps those the access rule opens to anyone. */
export async function sitemapEntries(db: Database, live: SQL): Promise<SitemapEntries> {
  const [siteRows, postRows] = await Promise.all([
    db.select({ handle: sites.handle, updatedAt: sites.updatedAt }).from(sites).where(isNotNull(sites.publishedAt)).orderBy(asc(sites.handle)),
    db
      .select({ handle: sites.handle, slug: posts.slug, visibility: posts.visibility, updatedAt: posts.updatedAt })
      .from(posts)
      .innerJoin(sites, eq(sites.id, posts.siteId))
      .where(and(isNotNull(sites.publishedAt), live))
      .orderBy(asc(sites.handle), desc(posts.publishedAt)),
  ]);
  return { sites: siteRows, posts: postRows };
}

/** Whether the site's owner chose the adult niche at sign-up, which a podcast feed must declare. */
export async function siteIsExplicit(db: Database, site: Pick<Site, 'ownerId'>): Promise<boolean> {
  const [owner] = await db.select({ niche: users.niche }).from(users).where(eq(users.id, site.ownerId)).limit(1);
  return owner?.niche === EXPLICIT_NICHE;
}

export type FeedPost = Pick<PostRow, 'id' | 'slug' | 'title' | 'excerpt' | 'visibility' | 'tierIds' | 'publishedAt' | 'previewHtml' | 'gatedHtml'>;

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
      publishedAt: posts.publishedAt,
      previewHtml: posts.previewHtml,
      gatedHtml: posts.gatedHtml,
    })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), live))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(POSTS_PER_PAGE);
}

export type UnpublishedPost = Pick<PostRow, 'id' | 'slug' | 'title' | 'status' | 'visibility' | 'publishedAt' | 'updatedAt'>;

/** The owner's drafts and scheduled posts that are not live (not yet due, or held by the plan), for the studio's preview list. */
export async function unpublishedPosts(db: Database, siteId: string, live: SQL): Promise<UnpublishedPost[]> {
  return db
    .select({ id: posts.id, slug: posts.slug, title: posts.title, status: posts.status, visibility: posts.visibility, publishedAt: posts.publishedAt, updatedAt: posts.updatedAt })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), inArray(posts.status, ['draft', 'scheduled']), not(live)))
    .orderBy(desc(posts.updatedAt));
}
