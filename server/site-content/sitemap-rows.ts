/**
 * The sitemap's pages, by keyset (server/public-site/sitemap.ts cuts them):
 * published sites on the platform and their live public posts.
 */
import { and, asc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { posts, sites } from '../../db/content-schema.ts';
import { domains } from '../../db/domain-schema.ts';
import type { PostRow } from '../rendering/index.ts';
import { siteIsOpen } from '../site-standing/index.ts';
import { hasGatedPartColumn } from './post-columns.ts';

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

