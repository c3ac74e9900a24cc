/**
 * What the public site reads, in as few round trips as a page allows: a site's
 * live posts a page at a time, one post by slug, the media a page shows, the
 * site's tiers, and the sitemap's pages, by keyset. Each list of posts takes the live
 * condition of the moment (server/posts/live.ts), handed in by the caller.
 * Unpublished sites and posts that are not live are the caller's to refuse;
 * these only read.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, min, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { media, posts, sites, tiers } from '../../db/content-schema.ts';
import { domains } from '../../db/domain-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { EXPLICIT_NICHE } from '../../common/niches.ts';
import type { Site } from '../sites/site-lookup.ts';
import { siteIsOpen } from '../site-standing/index.ts';

export const POSTS_PER_PAGE = 20;

export type MediaRow = Pick<typeof media.$inferSelect, 'id' | 'kind' | 'originalName' | 'type' | 'bytes' | 'derived' | 'alt'>;

export const postSummaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  visibility: posts.visibility,
  publishedAt: posts.publishedAt,
  coverMediaId: posts.coverMediaId,
  /** Comments readers see (docs/decisions/097): the comments_post_idx range of one post. */
  // Written out: a lone-table select leaves drizzle's columns unqualified, and `id` would name the comment's own.
  commentCount: sql<number>`(select count(*)::int from comments c where c.post_id = "posts"."id" and c.hidden_at is null)`,
};
export type PostSummary = { [K in Exclude<keyof typeof postSummaryColumns, 'commentCount'>]: (typeof posts.$inferSelect)[K] } & { commentCount: number };

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

/** When the site's next scheduled post goes live, if one is waiting: its pages change then without any write. */
export async function nextScheduledAt(db: Database, siteId: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(posts.publishedAt) })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), eq(posts.status, 'scheduled'), gt(posts.publishedAt, now)));
  return row?.at ?? undefined;
}

/** The tiers a `tiers` post opens to, read with the post itself (as text: both drivers parse a json array alike). */
export const tierIdsColumn = sql<string[]>`coalesce((select json_agg(${postTiers.tierId}::text) from ${postTiers} where ${postTiers.postId} = ${posts.id}), '[]'::json)`;

/** Whether the post keeps anything behind the members-only marker, for the access rule (the length is read without loading the text). */
export const hasGatedPartColumn = sql<boolean>`(${posts.gatedHtml} <> '')`;

export type PostRow = typeof posts.$inferSelect & { tierIds: string[]; hasGatedPart: boolean };

/** A post of the site by slug, whatever its status, and whether it is live: the route decides who may see the rest. */
export async function sitePostBySlug(db: Database, siteId: string, slug: string, live: SQL): Promise<(PostRow & { live: boolean }) | undefined> {
  const [post] = await db
    .select({ post: posts, tierIds: tierIdsColumn, hasGatedPart: hasGatedPartColumn, live: sql<boolean>`(${live})` })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), eq(posts.slug, slug)))
    .limit(1);
  return post ? { ...post.post, tierIds: post.tierIds, hasGatedPart: post.hasGatedPart, live: post.live } : undefined;
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

/**
 * Posts a sitemap may list: live public posts of published sites. Only a
 * public post can be open whole to anyone; the sitemap still asks the access
 * rule of each, so this narrows the rows and never decides alone.
 */
/** A site on its own domain is listed by that domain's sitemap (server/domains/domain-site-routes.ts), not the platform's. */
const onPlatform = sql`not exists (select 1 from ${domains} where ${domains.siteId} = ${sites.id} and ${domains.status} = 'active')`;
/** A suspended site is in no sitemap (docs/decisions/124). */
const sitemapSitesWhere = () => [isNotNull(sites.publishedAt), onPlatform, siteIsOpen(sites.id)];
const sitemapPostsWhere = (live: SQL) => [...sitemapSitesWhere(), live, eq(posts.visibility, 'public')];

/** Keys from `from` up to `before` (the next page's first key; none on the last page). */
const keyRange = (column: typeof sites.id | typeof posts.id, from: string, before: string | undefined) => [gte(column, from), ...(before ? [lt(column, before)] : [])];

/**
 * The first key of each page of `pageSize` rows, by id: page n holds the keys
 * from its first key up to the next page's. Postgres numbers the rows; only
 * one key a page comes back.
 */
export async function sitemapPageStarts(db: Database, live: SQL, pageSize: number): Promise<{ sites: string[]; posts: string[] }> {
  const numberedSites = db
    .select({ id: sites.id, n: sql<number>`row_number() over (order by ${sites.id})`.as('n') })
    .from(sites)
    .where(and(...sitemapSitesWhere()))
    .as('numbered_sites');
  const numberedPosts = db
    .select({ id: posts.id, n: sql<number>`row_number() over (order by ${posts.id})`.as('n') })
    .from(posts)
    .innerJoin(sites, eq(sites.id, posts.siteId))
    .where(and(...sitemapPostsWhere(live)))
    .as('numbered_posts');
  const [siteStarts, postStarts] = await Promise.all([
    db.select({ id: numberedSites.id }).from(numberedSites).where(sql`(${numberedSites.n} - 1) % ${pageSize} = 0`).orderBy(asc(numberedSites.id)),
    db.select({ id: numberedPosts.id }).from(numberedPosts).where(sql`(${numberedPosts.n} - 1) % ${pageSize} = 0`).orderBy(asc(numberedPosts.id)),
  ]);
  return { sites: siteStarts.map((row) => row.id), posts: postStarts.map((row) => row.id) };
}

export type SitemapSite = { handle: string; updatedAt: Date };
export type SitemapPost = { handle: string; slug: string; visibility: PostRow['visibility']; hasGatedPart: boolean; updatedAt: Date };

/** Published sites with ids from `from` up to `before` (the next page's first key), at most `limit`. */
export async function sitemapSites(db: Database, from: string, before: string | undefined, limit: number): Promise<SitemapSite[]> {
  return db
    .select({ handle: sites.handle, updatedAt: sites.updatedAt })
    .from(sites)
    .where(and(...sitemapSitesWhere(), ...keyRange(sites.id, from, before)))
    .orderBy(asc(sites.id))
    .limit(limit);
}

/** The sitemap's posts with ids from `from` up to `before`, at most `limit`. */
export async function sitemapPosts(db: Database, live: SQL, from: string, before: string | undefined, limit: number): Promise<SitemapPost[]> {
  return db
    .select({ handle: sites.handle, slug: posts.slug, visibility: posts.visibility, hasGatedPart: hasGatedPartColumn, updatedAt: posts.updatedAt })
    .from(posts)
    .innerJoin(sites, eq(sites.id, posts.siteId))
    .where(and(...sitemapPostsWhere(live), ...keyRange(posts.id, from, before)))
    .orderBy(asc(posts.id))
    .limit(limit);
}

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

export type UnpublishedPost = Pick<PostRow, 'id' | 'slug' | 'title' | 'status' | 'visibility' | 'publishedAt' | 'updatedAt'>;

/** The owner's drafts and scheduled posts that are not live (not yet due, or held by the plan), for the studio's preview list. */
export async function unpublishedPosts(db: Database, siteId: string, live: SQL): Promise<UnpublishedPost[]> {
  return db
    .select({ id: posts.id, slug: posts.slug, title: posts.title, status: posts.status, visibility: posts.visibility, publishedAt: posts.publishedAt, updatedAt: posts.updatedAt })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), inArray(posts.status, ['draft', 'scheduled']), not(live)))
    .orderBy(desc(posts.updatedAt));
}
