/**
 * `/@{handle}/posts/{slug}`: the post as the access rule lets this reader
 * read it, its gated media signed for that alone (what anyone may see at its
 * stable address), and its comments when the reader may read it whole.
 */
import type { Router } from 'express';
import { postAccess, waitsForEmail } from '../access/index.ts';
import { publicMediaPrefix } from '../media-urls/index.ts';
import { BODY_MEDIA_TTL_MS, embeddedMediaIds, postHead, postMain, readableHtml, siteIcon, siteReaderOf } from '../rendering/index.ts';
import { readerOf } from '../reports/index.ts';
import type { SitePage, SiteRoutesDeps } from './site-page.ts';

export function postRoute(router: Router, deps: SiteRoutesDeps, pages: SitePage): void {
  const { content, clock, livePosts, appUrl, assets, signer, session, countPageView, pageCache, designPages, commentsSection } = deps;
  router.get(
    '/@:handle/posts/:slug',
    session,
    pages.pass(async (req, res, next) => {
      const renderedFrom = pageCache.version();
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const { site, readerId, preview } = found;
      const now = clock();
      const [post, standing] = await Promise.all([content.postBySlug(site.id, String(req.params.slug), livePosts(now)), content.readerStanding(site, readerId)]);
      // A draft, a scheduled post before its time or held by the plan is the 404 to all but its owner in preview.
      if (!post || (!post.live && !preview)) return pages.notFound(res, next);
      const access = postAccess(post, standing, now);
      const reader = siteReaderOf(readerId, standing, now);
      const readable = readableHtml(post, access);
      const siteImageIds = [post.coverMediaId, site.avatarMediaId].filter((id): id is string => id !== null);
      const media = await content.mediaByIds(site.id, [...embeddedMediaIds(readable), ...siteImageIds]);
      const urls = await signer();
      // What anyone sees of a live post of a published site is at its stable address (docs/decisions/147); the gated part's media stay signed.
      const published = site.publishedAt !== null;
      const publicIds = new Set(published && post.live ? embeddedMediaIds(post.previewHtml) : []);
      const prefixOf = (id: string) => (publicIds.has(id) ? publicMediaPrefix(id) : urls.prefix(id, BODY_MEDIA_TTL_MS));
      const [cover, avatar] = await Promise.all([pages.siteImage(post.coverMediaId, media, published && post.live), pages.siteImage(site.avatarMediaId, media, published)]);
      const confirmEmail = waitsForEmail(post, standing, now);
      // The join prompt after a post read whole joins the free tier; members and the owner are never asked (post-extras.ts).
      const tiers = access === 'whole' && reader !== 'member' && reader !== 'owner' ? await content.tiers(site.id) : [];
      const input = { site, post, access, reader, confirmEmail, ...(cover ? { cover } : {}), avatar, tiers, media, prefixOf, appUrl };
      const hasVideo = [...media.values()].some((item) => item.kind === 'video' && item.derived.hls);
      const comments = access === 'whole' && post.live && commentsSection ? await commentsSection({ site, post, standing, readerId, query: req.query }) : '';
      const viewPath = `/posts/${post.slug}`;
      const key = pages.anonymousKey(req, res, preview);
      const slot = key === undefined ? undefined : { key, renderedFrom, siteId: site.id, viewPath };
      const design = await designPages.chrome(site, await designPages.designFor(site, found.draftDesign));
      await pages.sendPage(req, res, { head: postHead(input), site, main: postMain(input) + comments, assets, hasVideo, hasShare: post.publishedAt !== null, hasTalk: comments !== '', reader, icon: siteIcon(avatar), design }, preview, { slot });
      if (pages.shouldCount(req, res, site, preview)) countPageView(site.id, viewPath, readerOf(req));
    }),
  );
}
