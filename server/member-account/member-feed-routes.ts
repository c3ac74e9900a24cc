/**
 * The private member feed, `/@{handle}/feed/{token}.xml`, and its media,
 * `/@{handle}/feed/{token}/media/{mediaId}/{file}`. No session: the token is
 * the permission, checked (with the access rule) on every request, so a feed
 * keeps working for days in a podcast app and dies the moment the member gets
 * a new link or stops being a member. A media request is answered with a
 * redirect to a short-lived signed URL of the media route, which serves byte
 * ranges. The request log never sees the token (server/http/middleware/request-log.ts).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Database } from '../../db/connect.ts';
import { postAccess } from '../access/index.ts';
import type { Clock } from '../clock.ts';
import type { LivePosts } from '../posts/index.ts';
import { audioEnclosure, embeddedMediaIds, expandMediaEmbeds, imageFileFor, postDescription, PUBLIC_IMAGE_TTL_MS, readableHtml, rssXml, type FeedItem, type LazySigner } from '../rendering/index.ts';
import { feedPosts, readerMayFetch, siteIsExplicit, siteMediaByIds } from '../site-content/index.ts';
import { findSiteByHandle, siteUrl, type Site } from '../sites/index.ts';
import { isSiteSuspended, sendSuspendedPage } from '../site-standing/index.ts';
import { feedUrl, type MemberAccountService } from './member-account-service.ts';

/** A feed's media redirect: long enough to start playing and seek, short enough that a copied URL soon dies. */
export const FEED_MEDIA_REDIRECT_TTL_MS = 10 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*(?:\.[a-z0-9]+)?$/;

export interface MemberFeedRoutesDeps {
  db: Database;
  clock: Clock;
  livePosts: LivePosts;
  appUrl: URL;
  signer: LazySigner;
  accounts: MemberAccountService;
  maintenance: { isOn(): boolean };
}

export function memberFeedRoutes({ db, clock, livePosts, appUrl, signer, accounts, maintenance }: MemberFeedRoutesDeps): Router {
  const router = Router();

  const notFound = (res: Response) => res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');

  /** The published site and the reader behind a token; undefined after answering 404. */
  async function feedReader(req: Request, res: Response, next: NextFunction) {
    if (maintenance.isOn()) {
      next();
      return undefined;
    }
    const site = await findSiteByHandle(db, String(req.params.handle));
    const reader = site?.publishedAt ? await accounts.feedReader(site, String(req.params.token)) : undefined;
    if (!site || !reader) {
      notFound(res);
      return undefined;
    }
    // Only a feed that would answer is told the site is suspended: a wrong token learns nothing more.
    if (await isSiteSuspended(db, site.id)) {
      sendSuspendedPage(res);
      return undefined;
    }
    return { site, reader };
  }

  const mediaBase = (site: Site, token: string) => siteUrl(site, appUrl, `/feed/${token}/media`);

  router.get('/@:handle/feed/:token.xml', async (req, res, next) => {
    const found = await feedReader(req, res, next);
    if (!found) return;
    const { site, reader } = found;
    const token = String(req.params.token);
    const now = clock();
    const readable = (await feedPosts(db, site.id, livePosts(now))).filter((post) => postAccess(post, reader, now) === 'whole');
    const htmlById = new Map(readable.map((post) => [post.id, readableHtml(post, 'whole')]));
    const ids = [...htmlById.values()].flatMap(embeddedMediaIds);
    const [media, explicit] = await Promise.all([siteMediaByIds(db, site.id, [...ids, ...(site.avatarMediaId ? [site.avatarMediaId] : [])]), siteIsExplicit(db, site)]);
    const base = mediaBase(site, token);
    const prefixOf = (id: string) => `${base}/${id}`;
    const urls = await signer();
    const avatar = site.avatarMediaId ? media.get(site.avatarMediaId) : undefined;
    const avatarFile = avatar?.kind === 'image' ? imageFileFor(avatar, 1400) : undefined;
    const items: FeedItem[] = readable.map((post) => {
      const html = htmlById.get(post.id)!;
      const enclosure = audioEnclosure(html, media, prefixOf);
      return {
        title: post.title,
        url: siteUrl(site, appUrl, `/posts/${encodeURIComponent(post.slug)}`),
        guid: { value: post.id, permaLink: false },
        publishedAt: post.publishedAt,
        summary: postDescription(post),
        html: expandMediaEmbeds(html, media, prefixOf),
        ...(enclosure ? { enclosure } : {}),
      };
    });
    res.set({ 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' });
    res.send(
      rssXml({
        site,
        appUrl,
        selfUrl: feedUrl(appUrl, site, token),
        explicit,
        private: true,
        ...(avatar && avatarFile ? { imageUrl: `${appUrl.origin}${urls.prefix(avatar.id, PUBLIC_IMAGE_TTL_MS)}/${avatarFile.file}` } : {}),
        items,
      }),
    );
  });

  router.get('/@:handle/feed/:token/media/:mediaId/{*file}', async (req, res, next) => {
    const mediaId = String(req.params.mediaId).toLowerCase();
    const file = ([] as string[]).concat(req.params.file ?? []).join('/');
    if (!UUID.test(mediaId) || !FILE.test(file)) return notFound(res);
    const found = await feedReader(req, res, next);
    if (!found) return;
    const now = clock();
    if (!(await readerMayFetch(db, found.site.id, mediaId, found.reader, now, livePosts(now)))) return notFound(res);
    const urls = await signer();
    res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    res.redirect(302, `${urls.prefix(mediaId, FEED_MEDIA_REDIRECT_TTL_MS)}/${file}`);
  });

  return router;
}
