/**
 * The public site's reads (server/site-content/): the reader service the
 * public site's routes use, and its plain reads for the other rooms that show
 * a site's posts and media (the member's feed, newsletters, comments, a
 * domain's pages). The rows they answer are typed in server/rendering/site-rows.ts.
 */
export { createSiteContent, type SiteContent } from './site-content.ts';
export { featuredPosts, liveSitePosts } from './list-site-posts.ts';
export { sitePostBySlug } from './find-post-by-slug.ts';
export { siteMediaByIds } from './site-media.ts';
export { activeSiteTiers } from './site-tiers.ts';
export { feedPosts, siteIsExplicit } from './feed-posts.ts';
export { publicMediaRule, readerMayFetch } from './media-uses.ts';
export { createPublishedDesigns, type PublishedDesigns } from './published-designs.ts';
export type { MediaRow, PostRow, PostSummary, TierRow } from '../rendering/index.ts';
