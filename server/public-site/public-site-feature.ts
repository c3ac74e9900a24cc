/**
 * The public site (DESIGN.md "The creator's site"): server-rendered pages at
 * `/@{handle}`, `/robots.txt` and the sitemap, the join call and the studio's preview list.
 * The pages sit behind the shared request log only: they read the session
 * themselves, set their own security headers, and give way to the app's 404
 * and maintenance screens.
 */
import { Router, type RequestHandler } from 'express';
import type { Database } from '../../db/connect.ts';
import type { Feature } from '../feature.ts';
import type { Clock } from '../clock.ts';
import type { LivePosts } from '../posts/index.ts';
import { loadSession, type LinkSignIn, type SessionCookie, type SessionService } from '../auth/index.ts';
import type { StartCheckout } from '../memberships/index.ts';
import type { CommentsSection } from '../messaging/index.ts';
import type { OfferCheckout } from '../offers/index.ts';
import { createDesignPages } from './design-pages.ts';
import { createSiteContent, type PublishedDesigns } from '../site-content/index.ts';
import type { NoteNewMember } from '../member-notices/index.ts';
import { createJoinService } from './join-service.ts';
import { sitePageHeaders, type LazySigner } from '../rendering/index.ts';
import { cachedSitePages, type PageCache } from './page-cache.ts';
import type { PageViewCounter } from './page-views.ts';
import { sitePreviewRoutes, siteMembershipRoutes } from './site-api-routes.ts';
import { readSiteAssets } from './read-site-assets.ts';
import type { ProductPages } from './product-routes.ts';
import type { GiftPages } from './gift-routes.ts';
import type { TipPages } from './tip-routes.ts';
import { siteRoutes } from './site-routes.ts';

export interface PublicSiteFeatureDeps {
  db: Database;
  clock: Clock;
  livePosts: LivePosts;
  sessions: SessionService;
  cookie: SessionCookie;
  maintenance: { isOn(): boolean };
  sameOrigin: RequestHandler;
  appUrl: URL;
  /** SUPPORT_EMAIL: named in the site's copies of the terms and privacy policy (framed-routes.ts). */
  supportEmail: string;
  /** PLATFORM_BADGE: the footer's "Powered by", linked to APP_URL (rendering/platform-badge.ts). */
  platformBadge: boolean;
  clientDir: string | undefined;
  /** The media feature's URL signer. */
  mediaUrlSigner: LazySigner;
  /** The one-field join's mailed link (server/auth/link-sign-in.ts). */
  links: LinkSignIn;
  /** Whether the join page offers "Continue with Google" (the server has a Google client). */
  googleSignIn: boolean;
  startCheckout: StartCheckout;
  /** Tells the creator's notices of each free join (server/member-notices). */
  noteNewMember: NoteNewMember;
  /** Where the join form may lead: Stripe Checkout (server/rendering/site-headers.ts paymentFormTargets). */
  formTargets: readonly string[];
  /** Anonymous pages, kept until their site changes (page-cache.ts). */
  pageCache: PageCache;
  /** The page views, counted in batches (page-views.ts). */
  pageViews: PageViewCounter;
  /** Each site's published design, compiled and kept until it changes. */
  publishedDesigns: PublishedDesigns;
  /** Comments under posts (server/messaging/post-comments.ts). */
  commentsSection?: CommentsSection;
  /** Products' pages and downloads (product-routes.ts). */
  products?: ProductPages;
  /** Offers and their Checkout (server/offers/): the offer pages. */
  offers?: OfferCheckout;
  /** Gifts (server/gifts/): the gift and redeem pages. */
  gifts?: GiftPages;
  /** Tips (server/tips/): the tip page. */
  tips?: TipPages;
}

export function createPublicSiteFeature(deps: PublicSiteFeatureDeps): Feature {
  const { db, clock, livePosts, sessions, cookie, maintenance, sameOrigin, appUrl, clientDir, mediaUrlSigner, links, googleSignIn, startCheckout, noteNewMember, formTargets, pageCache, pageViews, publishedDesigns } = deps;
  const joins = createJoinService({ db, clock, startCheckout, noteNewMember, links });
  const countPageView = pageViews.count;
  const assets = readSiteAssets(clientDir, deps.platformBadge ? appUrl.href : undefined);
  const content = createSiteContent({ db });
  const pages = siteRoutes({
    content,
    clock,
    livePosts,
    appUrl,
    supportEmail: deps.supportEmail,
    assets,
    signer: mediaUrlSigner,
    joins,
    links,
    googleSignIn,
    cookie,
    maintenance,
    session: loadSession(sessions, cookie),
    sameOrigin,
    setHeaders: sitePageHeaders(appUrl, formTargets),
    countPageView,
    pageCache,
    designPages: createDesignPages({ db, designs: publishedDesigns, signer: mediaUrlSigner, assets }),
    ...(deps.commentsSection ? { commentsSection: deps.commentsSection } : {}),
    ...(deps.products ? { products: deps.products } : {}),
    ...(deps.offers ? { offers: deps.offers } : {}),
    ...(deps.gifts ? { gifts: deps.gifts } : {}),
    ...(deps.tips ? { tips: deps.tips } : {}),
  });
  const cachedPage = cachedSitePages({ cache: pageCache, maintenance, sessionCookieName: cookie.name, countPageView });
  return {
    name: 'public-site',
    bareGets: [
      { path: '/@:handle', handler: cachedPage },
      { path: '/@:handle/posts/:slug', handler: cachedPage },
    ],
    routers: [
      { path: '/api/sites', handler: Router().use(sameOrigin, siteMembershipRoutes({ joins })) },
      { path: '/api/site-preview', handler: sitePreviewRoutes({ content, clock, livePosts }) },
      { path: '/', handler: pages },
    ],
  };
}
