/**
 * What the public site reads, in as few round trips as a page allows, as one
 * service: the site by handle (or by owner), whether the operator suspended
 * it, the reader's standing, a site's live posts a page at a time, one post by
 * slug, an imported post's old address, the media a page shows, the site's tiers, its feed, and the sitemap's
 * pages by keyset. Each read is a plain function in a file of its own, handed
 * the database (the member's feed, newsletters and comments call those
 * directly); this binds them to one database for the public site's routes,
 * which touch no database themselves. Each list of posts takes the live
 * condition of the moment (server/posts/live.ts), handed in by the caller.
 * Unpublished sites and posts that are not live are the caller's to refuse;
 * these only read.
 */
import type { Database } from '../../db/connect.ts';
import { readerStanding } from '../access/index.ts';
import { isSiteSuspended } from '../site-standing/index.ts';
import { findSiteByHandle, findSiteByOwner } from '../sites/index.ts';
import { feedPosts, siteIsExplicit } from './feed-posts.ts';
import { sitePostBySlug } from './find-post-by-slug.ts';
import { featuredPosts, liveSitePosts, nextScheduledAt } from './list-site-posts.ts';
import { redirectedPostSlug } from './post-redirect.ts';
import { siteMediaByIds } from './site-media.ts';
import { activeSiteTiers } from './site-tiers.ts';
import { sitemapPageStarts, sitemapPosts, sitemapSites } from './sitemap-rows.ts';
import { unpublishedPosts } from './unpublished-posts.ts';

export function createSiteContent({ db }: { db: Database }) {
  /** A read that takes the database first, bound to this one. */
  const on =
    <A extends unknown[], R>(read: (db: Database, ...args: A) => R) =>
    (...args: A): R =>
      read(db, ...args);
  return {
    siteByHandle: on(findSiteByHandle),
    siteByOwner: on(findSiteByOwner),
    isSuspended: on(isSiteSuspended),
    readerStanding: on(readerStanding),
    livePosts: on(liveSitePosts),
    featuredPosts: on(featuredPosts),
    nextScheduledAt: on(nextScheduledAt),
    postBySlug: on(sitePostBySlug),
    redirectedPostSlug: on(redirectedPostSlug),
    mediaByIds: on(siteMediaByIds),
    tiers: on(activeSiteTiers),
    feedPosts: on(feedPosts),
    isExplicit: on(siteIsExplicit),
    unpublishedPosts: on(unpublishedPosts),
    sitemapPageStarts: on(sitemapPageStarts),
    sitemapSites: on(sitemapSites),
    sitemapPosts: on(sitemapPosts),
  };
}

export type SiteContent = ReturnType<typeof createSiteContent>;
