/**
 * Routing by `Host` (DESIGN.md "Your own domain"), first on every request.
 * On a site's active domain the site answers at the root: its paths are
 * rewritten onto the `/@{handle}` routes, which then run as on the platform;
 * sign-in goes through the platform's handoff; a few platform pages (terms,
 * privacy, sign-up) are sent to the platform; the studio and everything else
 * is not there. The other of `www.` and the apex redirects to the domain. On
 * the platform, `/@{handle}/…` of a site with an active domain answers 301 to
 * the same page there. Unknown names are answered as the platform, as before
 * custom domains existed.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { hostName, type DomainDirectory, type HostAnswer } from './domain-directory.ts';

/** The site's own pages, at the root of its domain. */
const SITE_PAGE = /^\/(?:$|posts\/[^/]+(?:\/comments(?:\/[a-z-]+)?)?$|comments\/[^/]+\/[a-z-]+$|join(?:\/signup)?$|unsubscribe$|account(?:\/[a-z-]+)?$|rss\.xml$|feed\/)/;
/** Platform pages a site page links to; the domain hands them to the platform. */
const PLATFORM_PAGES = new Set(['/terms-conditions', '/privacy-policy', '/signup', '/verify-email', '/reset-password']);
/** A path a sign-in may come back to: the characters of a site path, no query. */
const NEXT_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/]*$/;

const permanent = (method: string) => (method === 'GET' || method === 'HEAD' ? 301 : 308);

/** Where a sign-in on the domain comes back to: a plain path of this domain, else its home page. */
export function domainNextPath(value: unknown): string {
  if (typeof value !== 'string') return '/';
  const path = value.split('?')[0]!;
  return NEXT_PATH.test(path) && !path.split('/').includes('..') ? path : '/';
}

export function hostRouting({ directory, appUrl }: { directory: DomainDirectory; appUrl: URL }): RequestHandler {
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
      const page = /^\/@([A-Za-z0-9-]{1,30})(\/.*)?$/.exec(req.path);
      // The studio's preview of its own site stays on the platform, where the owner is signed in; so does
      // the unsubscribe link of mail already sent, which mail providers post to once and may not follow.
      const stays = req.query.preview !== undefined || page?.[2] === '/unsubscribe';
      const domain = page && !stays ? directory.domainOfHandle(page[1]!.toLowerCase()) : undefined;
      if (domain) return res.redirect(permanent(req.method), `https://${domain}${page![2] ?? '/'}${query}`);
      return next();
    }
    if (answer.kind === 'redirect') return res.redirect(permanent(req.method), `https://${answer.to}${req.originalUrl}`);

    const { site } = answer;
    const own = `/@${site.handle}`;
    const path = req.path;
    // The site's routes still send some answers to `/@{handle}…` (after a join, a sign-in): on its domain that is the root.
    if (path.toLowerCase() === own || path.toLowerCase().startsWith(`${own}/`)) return res.redirect(permanent(req.method), `${path.slice(own.length) || '/'}${query}`);
    // Signing in happens on the platform, which hands the session back (handoff.ts); Google's way too.
    if (path === '/login' || path === '/api/auth/google') {
      const next = domainNextPath(req.query.next);
      if (path === '/login') return res.redirect(302, `${appUrl.origin}/auth/handoff/start?domain=${encodeURIComponent(site.hostname)}&next=${encodeURIComponent(next)}`);
      return res.redirect(302, `${appUrl.origin}/api/auth/google?next=${encodeURIComponent(`/auth/handoff/start?domain=${site.hostname}&next=${next}`)}`);
    }
    if (PLATFORM_PAGES.has(path)) return res.redirect(302, `${appUrl.origin}${req.originalUrl}`);

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
    res.status(404).type('text/plain').send('Not found');
  }
}
