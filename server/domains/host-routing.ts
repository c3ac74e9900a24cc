/**
 * Routing by `Host` (DESIGN.md "Your own domain", "Sessions on custom domains"),
 * first on every request. On a site's active domain the site answers at the
 * root: its paths are rewritten onto the `/@{handle}` routes, which then run as
 * on the platform; sign-in begins the handoff (handoff.ts); a few platform
 * pages (sign-up, e-mail verification) are sent to the platform, the terms and
 * privacy policy to the site's own copies; the studio and every other page is
 * the site's 404 page. The other of `www.` and the apex redirects to
 * the domain. On the platform, `/@{handle}/…` of a site with an active domain
 * redirects to the same page there. Any other name gets 421: a request for a
 * host this server does not serve never sees the platform's pages, its
 * session or its forms; only the health check and the proxy's TLS question,
 * which load balancers and Caddy ask by address, answer under every name.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { hostName, type DomainDirectory, type DomainSite, type HostAnswer } from './domain-directory.ts';
import { sendSuspendedPage } from '../site-standing/index.ts';
import type { SignInWay } from './handoff.ts';
import { domainNextPath, sameHostPath } from './next-path.ts';

/** The site's own pages, at the root of its domain. */
const SITE_PAGE = /^\/(?:$|posts\/[^/]+(?:\/comments(?:\/[a-z-]+)?)?$|comments\/[^/]+\/[a-z-]+$|join(?:\/signup|\/confirm)?$|sign-in(?:\/confirm)?$|terms$|privacy$|unsubscribe$|account(?:\/[a-z-]+)?$|rss\.xml$|feed\/|offers\/[^/]+$|gift(?:\/redeem)?$|tip$|products\/[^/]+$|downloads$)/;
/**
 * Where an unknown page of the domain goes: a path no route under `/@{handle}` answers, so the
 * site's 404 does, whatever the page asked for (it never reaches a route the domain does not serve).
 */
const MISSING_PAGE = '-/not-found';
/** Platform pages a site page links to; the domain hands them to the platform. */
const PLATFORM_PAGES = new Set(['/signup', '/verify-email', '/reset-password', '/onboarding']);
/** The platform's policy pages, which the site has its own copies of (server/public-site/framed-routes.ts). */
const SITE_POLICIES = new Map([
  ['/terms-conditions', '/terms'],
  ['/privacy-policy', '/privacy'],
]);
/** Asked by address, under whatever name: the load balancer's health check and the proxy's TLS question. */
const ANY_HOST_PATHS = new Set(['/healthz', '/internal/tls-allowed']);
/**
 * How long a browser may keep the redirect from `/@{handle}` (or the twin name) to the domain. A
 * plain 301 is kept forever, so a removed domain would never give `/@{handle}` back: a day at most.
 */
const DOMAIN_REDIRECT_CACHE = 'public, max-age=3600';

const permanent = (method: string) => (method === 'GET' || method === 'HEAD' ? 301 : 308);

/** The `Host` header's name without port or trailing dot, brackets kept: what the platform's own origins are compared with. */
function requestHost(header: string | undefined): string {
  return (header ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export interface HostRoutingDeps {
  directory: DomainDirectory;
  appUrl: URL;
  /** The names the platform answers under: APP_URL's, or with APP_URL unset every loopback name (Config.allowedOrigins). */
  platformOrigins: readonly string[];
  beginHandoff: (res: Response, site: DomainSite, next: string, way: SignInWay) => void;
}

function sendMisdirected(res: Response, appUrl: URL): void {
  res
    .status(421)
    .set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
    .type('text/plain')
    .send(`This address serves no site. The platform is at ${appUrl.origin}\n`);
}

export function hostRouting({ directory, appUrl, platformOrigins, beginHandoff }: HostRoutingDeps): RequestHandler {
  const platformHosts = new Set(platformOrigins.map((origin) => new URL(origin).hostname));
  // Every request passes here: once the directory is loaded, without a promise (bench/domain.bench.ts).
  return function routeByHost(req, res, next) {
    const host = hostName(req.headers.host);
    const answer = directory.lookupNow(host);
    if (answer) return route(req, res, next, answer);
    directory.lookup(host).then((loaded) => route(req, res, next, loaded), next);
  };

  function route(req: Request, res: Response, next: NextFunction, answer: HostAnswer) {
    const query = req.originalUrl.slice(req.path.length);

    if (answer.kind === 'platform') {
      if (!platformHosts.has(requestHost(req.headers.host))) return ANY_HOST_PATHS.has(req.path) ? next() : sendMisdirected(res, appUrl);
      const page = /^\/@([A-Za-z0-9-]{1,30})(\/.*)?$/.exec(req.path);
      // The studio's preview of its own site stays on the platform, where the owner is signed in; so does
      // the unsubscribe link of mail already sent, which mail providers post to once and may not follow.
      const stays = req.query.preview !== undefined || page?.[2] === '/unsubscribe';
      const domain = page && !stays ? directory.domainOfHandle(page[1]!.toLowerCase()) : undefined;
      // A mailed link's token rides in the query: such a redirect is nobody's to keep, a shared cache's least of all.
      const cache = /[?&]token=/.test(query) ? 'no-store' : DOMAIN_REDIRECT_CACHE;
      if (domain) return res.set('Cache-Control', cache).redirect(permanent(req.method), `https://${domain}${sameHostPath(page![2] ?? '/')}${query}`);
      return next();
    }
    if (answer.kind === 'redirect') return res.set('Cache-Control', DOMAIN_REDIRECT_CACHE).redirect(permanent(req.method), `https://${answer.to}${sameHostPath(req.path)}${query}`);

    const { site } = answer;
    // A suspended site is shut on its whole domain in one place: pages, sign-in, the handoff, its APIs (docs/decisions/124).
    if (site.suspended) return ANY_HOST_PATHS.has(req.path) ? next() : sendSuspendedPage(res);
    const own = `/@${site.handle}`;
    const path = req.path;
    // The site's routes still send some answers to `/@{handle}…` (after a join, a sign-in): on its domain that is the root.
    if (path.toLowerCase() === own || path.toLowerCase().startsWith(`${own}/`)) return res.redirect(permanent(req.method), `${sameHostPath(path.slice(own.length))}${query}`);
    // Signing in happens on the platform, which hands a session for this domain back (handoff.ts); Google's way too.
    if (path === '/login') return beginHandoff(res, site, domainNextPath(req.query.next), 'password');
    if (path === '/api/auth/google') return beginHandoff(res, site, domainNextPath(req.query.next), 'google');
    if (PLATFORM_PAGES.has(path)) return res.redirect(302, `${appUrl.origin}${req.originalUrl}`);
    const policy = SITE_POLICIES.get(path);
    if (policy) return res.redirect(permanent(req.method), `${policy}${query}`);

    res.locals.customDomain = site.hostname;
    res.locals.domainSite = site;
    if (SITE_PAGE.test(path)) {
      req.url = `${own}${path === '/' ? '' : path}${query}`;
      // The page cache keys by originalUrl: the rewritten one is the same page's key wherever it is served.
      req.originalUrl = req.url;
      return next();
    }
    const shared = path.startsWith('/media/') || path.startsWith('/assets/') || path === '/favicon.svg' || path === '/robots.txt' || path === '/sitemap.xml' || path === '/auth/handoff' || path === '/api/auth/logout' || path === '/api/messages/events';
    if (shared || path.startsWith(`/api/sites/${site.handle}/`)) return next();
    // Any other page is the site's own 404, in its frame (framed-routes.ts); a call to the API or a form's post is a bare one.
    if ((req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/')) {
      // The page asked for, which an imported post's old address may still name (server/public-site/old-addresses.ts).
      res.locals.missingPath = `${path}${query}`;
      req.url = `${own}/${MISSING_PAGE}`;
      req.originalUrl = req.url;
      return next();
    }
    res.status(404).type('text/plain').send('Not found');
  }
}
