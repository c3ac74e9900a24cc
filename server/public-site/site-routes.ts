/**
 * The server-rendered public site: `/@{handle}`, its posts, join page and RSS
 * (a podcast feed too), and for crawlers `/robots.txt`, `/sitemap.xml` and its
 * pages `/sitemaps/{kind}-{n}.xml`, one file a page (home-routes.ts,
 * post-route.ts, feed-route.ts, join-routes.ts, sign-in-routes.ts (the site's
 * sign-in and the pages its mailed links open), crawler-routes.ts, and the
 * terms, privacy and 404 pages in framed-routes.ts) around what
 * every page does (site-page.ts). Each page reads the site once (the one
 * lookup), asks the access rule what the reader may see, signs URLs for that
 * media alone and writes HTML with template strings (server/rendering/); what
 * it reads comes from server/site-content/.
 */
import { Router } from 'express';
import { crawlerRoutes } from './crawler-routes.ts';
import { feedRoute } from './feed-route.ts';
import { framedRoutes, type FramedRoutesDeps } from './framed-routes.ts';
import { giftRoutes } from './gift-routes.ts';
import { tipRoutes } from './tip-routes.ts';
import { homeRoutes } from './home-routes.ts';
import { offerRoutes } from './offer-routes.ts';
import { joinRoutes } from './join-routes.ts';
import { postRoute } from './post-route.ts';
import { productRoutes } from './product-routes.ts';
import { createSignInRoutes } from './sign-in-routes.ts';
import { createSitePage, type SiteRoutesDeps } from './site-page.ts';

export type { SiteRoutesDeps } from './site-page.ts';

export function siteRoutes(deps: SiteRoutesDeps & FramedRoutesDeps): Router {
  const router = Router();
  const pages = createSitePage(deps);
  // In the order they always were: the routes do not overlap, but a request meets them in this order.
  homeRoutes(router, deps, pages);
  postRoute(router, deps, pages);
  feedRoute(router, deps, pages);
  joinRoutes(router, deps, pages, createSignInRoutes(router, deps, pages));
  crawlerRoutes(router, deps, pages);
  productRoutes(router, deps, pages);
  if (deps.offers) offerRoutes(router, deps, pages, deps.offers);
  tipRoutes(router, deps, pages);
  // Last: its 404 answers every path under /@{handle} the routes above did not (framed-routes.ts).
  giftRoutes(router, deps, pages);
  framedRoutes(router, deps, pages);
  return router;
}
