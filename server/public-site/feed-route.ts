/**
 * `/@{handle}/rss.xml`: the site's public feed, a podcast feed too (the RSS
 * writer is server/rendering/feeds.ts). Each item the reader may read whole
 * carries its body; a gated one its title, link and summary.
 */
import type { Router } from 'express';
import { ANONYMOUS, postAccess } from '../access/index.ts';
import { publicMediaPrefix } from '../media-urls/index.ts';
import { audioEnclosure, BODY_MEDIA_TTL_MS, embeddedMediaIds, expandMediaEmbeds, imageFileFor, postDescription, readableHtml, rssXml, type FeedItem } from '../rendering/index.ts';
import { siteUrl } from '../sites/index.ts';
import type { SitePage, SiteRoutesDeps } from './site-page.ts';

/** Podcast apps ask for show artwork of at least 1400 px. */
const PODCAST_IMAGE_WIDTH = 1400;

export function feedRoute(router: Router, deps: SiteRoutesDeps, pages: SitePage): void {
  const { content, clock, livePosts, appUrl, signer, session } = deps;
  router.get(
    '/@:handle/rss.xml',
    session,
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found || found.preview) return;
      const { site, readerId } = found;
      const now = clock();
      const [posts, standing, explicit] = await Promise.all([content.feedPosts(site.id, livePosts(now)), content.readerStanding(site, readerId), content.isExplicit(site)]);
      const readableById = new Map(posts.map((post) => [post.id, postAccess(post, standing, now) === 'whole' ? readableHtml(post, 'whole') : undefined]));
      const ids = [...readableById.values()].flatMap((html) => (html ? embeddedMediaIds(html) : []));
      const media = await content.mediaByIds(site.id, [...ids, ...(site.avatarMediaId ? [site.avatarMediaId] : [])]);
      const urls = await signer();
      // A public post's files have stable URLs, which a podcast app can still fetch days later; what only this reader may see stays signed.
      const stablePrefix = (id: string) => `${appUrl.origin}${publicMediaPrefix(id)}`;
      const signedPrefix = (id: string) => `${appUrl.origin}${urls.prefix(id, BODY_MEDIA_TTL_MS)}`;
      const items: FeedItem[] = posts.map((post) => {
        const url = siteUrl(site, appUrl, `/posts/${encodeURIComponent(post.slug)}`);
        const base = { title: post.title, url, guid: { value: url, permaLink: true }, publishedAt: post.publishedAt, summary: postDescription(post) };
        const whole = readableById.get(post.id);
        // A gated item: title, link and summary only (issue 9, item 7).
        if (whole === undefined) return base;
        const prefixOf = postAccess(post, ANONYMOUS, now) === 'whole' ? stablePrefix : signedPrefix;
        const enclosure = audioEnclosure(whole, media, prefixOf);
        return { ...base, html: expandMediaEmbeds(whole, media, prefixOf), ...(enclosure ? { enclosure } : {}) };
      });
      const avatar = site.avatarMediaId ? media.get(site.avatarMediaId) : undefined;
      const imageUrl = avatar?.kind === 'image' ? `${stablePrefix(avatar.id)}/${imageFileFor(avatar, PODCAST_IMAGE_WIDTH).file}` : undefined;
      res.set({ 'Content-Type': 'application/rss+xml; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      pages.cacheHeaders(res, false);
      const selfUrl = siteUrl(site, appUrl, '/rss.xml');
      res.send(rssXml({ site, appUrl, selfUrl, ...(imageUrl ? { imageUrl } : {}), explicit, private: false, items }));
    }),
  );
}
