/**
 * What every page of the server-rendered site does around its own content:
 * find the site by the handle in the path (the one lookup) and refuse what
 * nobody but its owner in preview may see, choose its cache headers, send the
 * page in its shell (and keep it for anonymous readers), sign its site images,
 * and count the view. What nobody else may see (an unknown handle, an
 * unpublished site, a post that is not live) falls through to the app's 404
 * screen with status 404, and maintenance to its 503 screen, so the site looks
 * like the rest of the platform when it is not there. The routes (home-routes.ts,
 * post-route.ts, feed-route.ts, join-routes.ts) are each handed this.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { looksLikeHandle } from '../../common/handles.ts';
import type { AuthLocals, LinkSignIn, SessionCookie } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import type { CommentsSection } from '../messaging/index.ts';
import { publicMediaPrefix } from '../media-urls/index.ts';
import type { OfferCheckout } from '../offers/index.ts';
import type { LivePosts } from '../posts/index.ts';
import { PUBLIC_IMAGE_TTL_MS, renderShell, type LazySigner, type ShellInput, type SiteAssets, type SiteImage } from '../rendering/index.ts';
import type { PageReader } from '../reports/index.ts';
import type { MediaRow, SiteContent } from '../site-content/index.ts';
import { sendSuspendedPage } from '../site-standing/index.ts';
import type { Site } from '../sites/index.ts';
import type { DesignPages } from './design-pages.ts';
import type { GiftPages } from './gift-routes.ts';
import type { TipPages } from './tip-routes.ts';
import type { JoinService } from './join-service.ts';
import type { ProductPages } from './product-routes.ts';
import { answerFromCache, pageCacheKey, type PageCache } from './page-cache.ts';
import { isBot } from './page-views.ts';

export interface SiteRoutesDeps {
  /** What the pages read (server/site-content/): the routes touch no database themselves. */
  content: SiteContent;
  clock: Clock;
  /** Which posts readers see now (server/posts/live.ts). */
  livePosts: LivePosts;
  appUrl: URL;
  assets: SiteAssets;
  signer: LazySigner;
  joins: JoinService;
  /** The mailed link of a one-field join, and following it (server/auth/link-sign-in.ts). */
  links: LinkSignIn;
  /** Whether the join page offers "Continue with Google". */
  googleSignIn: boolean;
  cookie: SessionCookie;
  maintenance: { isOn(): boolean };
  session: RequestHandler;
  sameOrigin: RequestHandler;
  setHeaders: (res: Response, inlineStyle: string) => void;
  countPageView: (siteId: string, path: string, reader: PageReader) => void;
  /** Where anonymous pages are kept once rendered (page-cache.ts). */
  pageCache: PageCache;
  /** The published design of a site, or the owner's draft in preview (design-pages.ts). */
  designPages: DesignPages;
  /** Products' pages and their buyers' downloads (product-routes.ts). */
  products?: ProductPages;
  /** The comments under a post the reader may read whole, rendered (server/messaging/post-comments.ts); '' for none. */
  commentsSection?: CommentsSection;
  /** Offers and their Checkout (server/offers/): the offer pages, when the app has them. */
  offers?: OfferCheckout;
  /** Gifts: buying one and redeeming it (gift-routes.ts, server/gifts/). */
  gifts?: GiftPages;
  /** Tips: the tip page and its Checkout (tip-routes.ts, server/tips/). */
  tips?: TipPages;
}

/** A page an anonymous reader may be answered from the cache, and what it needs to be stored. */
export interface CacheSlot {
  key: string;
  /** The cache's version before the page's first read. */
  renderedFrom: number;
  siteId: string;
  viewPath: string;
  changesAt?: Date | undefined;
}

export type SiteResponse = Response<unknown, AuthLocals>;

/** The site a request is for, who reads it, and whether it is the owner's preview (of the site, or of a draft design). */
export interface FoundSite {
  site: Site;
  readerId?: string;
  preview: boolean;
  draftDesign: boolean;
}

export function createSitePage({ content, pageCache, maintenance, setHeaders, signer }: SiteRoutesDeps) {
  /** Falls through to the app's not-found screen, with its status. */
  const notFound = (res: Response, next: NextFunction) => {
    res.status(404);
    next();
  };

  /** A site by the handle in the path, or undefined (after answering 404) when nobody but its owner in preview may see it. */
  async function siteFor(req: Request, res: SiteResponse, next: NextFunction): Promise<FoundSite | undefined> {
    const handle = String(req.params.handle).toLowerCase();
    // A path that cannot be a handle costs no query.
    const site = looksLikeHandle(handle) ? await content.siteByHandle(handle) : undefined;
    const userId = res.locals.auth?.user.id;
    const isOwner = site !== undefined && userId === site.ownerId;
    // `?preview=design` is the design editor's frame: the owner's draft design, never cached.
    const draftDesign = isOwner && req.query.preview === 'design';
    const preview = (isOwner && req.query.preview === '1') || draftDesign;
    if (!site || (!site.publishedAt && !preview)) {
      notFound(res, next);
      return undefined;
    }
    if (await content.isSuspended(site.id)) {
      sendSuspendedPage(res);
      return undefined;
    }
    // The studio's preview shows the owner their site as a visitor sees it: the access rule is asked for an anonymous reader.
    const asVisitor = req.query.visitor === '1';
    return { site, ...(userId && !asVisitor ? { readerId: userId } : {}), preview, draftDesign };
  }

  /**
   * Anonymous pages may sit in shared caches a minute; a signed-in reader's page, a preview
   * or a page that is never the same for two readers (`personal`) never does.
   */
  function cacheHeaders(res: SiteResponse, preview: boolean, personal = false) {
    res.vary('Cookie');
    if (preview) res.set('Cache-Control', 'private, no-store');
    else if (personal || res.locals.auth || res.getHeader('Set-Cookie') !== undefined) res.set('Cache-Control', 'private, no-cache');
    else res.set('Cache-Control', 'public, max-age=60');
  }

  /** Whether this answer may be kept for every anonymous reader: no session, no preview, no cookie set. */
  function anonymousKey(req: Request, res: SiteResponse, preview: boolean): string | undefined {
    return preview || res.locals.auth ? undefined : pageCacheKey(req);
  }

  /**
   * Every header is set before the body goes: a header after it would throw and cut the connection.
   * A `personal` page (one that differs per reader) is never kept by a shared cache.
   */
  async function sendPage(req: Request, res: SiteResponse, input: ShellInput, preview: boolean, options: { slot?: CacheSlot; personal?: boolean; noReferrer?: boolean } = {}) {
    const { slot, personal = false } = options;
    const { html, inlineStyle } = renderShell({ ...input, previewBanner: preview, head: preview ? { ...input.head, noindex: true } : input.head });
    setHeaders(res, inlineStyle);
    // A page whose address carries a token (a buyer's downloads) must not hand it on through Referer.
    if (options.noReferrer) res.set('Referrer-Policy', 'no-referrer');
    cacheHeaders(res, preview, personal);
    res.type('html');
    if (!slot || res.getHeader('Set-Cookie') !== undefined || res.statusCode !== 200) {
      res.send(html);
      return;
    }
    const { key, renderedFrom, ...page } = slot;
    answerFromCache(req, res, await pageCache.store(key, renderedFrom, { ...page, html, headers: res.getHeaders() }));
  }

  /** Whether the page view counts: a GET by anyone but the owner, outside preview, not a bot. */
  function shouldCount(req: Request, res: SiteResponse, site: Site, preview: boolean): boolean {
    return req.method === 'GET' && !preview && res.locals.auth?.user.id !== site.ownerId && !isBot(req.get('user-agent'));
  }

  const pass = (handler: (req: Request, res: SiteResponse, next: NextFunction) => Promise<void>): RequestHandler =>
    async function sitePage(req, res, next) {
      if (maintenance.isOn()) return next();
      await handler(req, res, next);
    };

  /**
   * An image of the site's own (avatar, banner, a post's cover): at its stable
   * address when the public rule serves it to anyone (`stable`: the site is
   * published and, for a cover, its post live; docs/decisions/147), so a shared
   * link's card and a cache keep it; else signed, as in the owner's preview.
   */
  async function siteImage(id: string | null, images: ReadonlyMap<string, MediaRow>, stable = false): Promise<SiteImage | undefined> {
    const item = id ? images.get(id) : undefined;
    if (!item || item.kind !== 'image') return undefined;
    return { item, prefix: stable ? publicMediaPrefix(item.id) : (await signer()).prefix(item.id, PUBLIC_IMAGE_TTL_MS) };
  }

  return { notFound, siteFor, cacheHeaders, anonymousKey, sendPage, shouldCount, pass, siteImage };
}

export type SitePage = ReturnType<typeof createSitePage>;
