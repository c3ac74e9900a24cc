/**
 * The custom-domain feature (DESIGN.md "Your own domain"): routing by `Host`
 * first of all, the proxy's bare `/internal/tls-allowed`, the creator's
 * `/api/domains`, the sign-in handoff, and robots and sitemap on a domain.
 */
import { Router, type RequestHandler } from 'express';
import type { Database } from '../../db/connect.ts';
import type { SessionCookie, SessionService } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import type { Feature } from '../feature.ts';
import type { LivePosts } from '../posts/index.ts';
import { hostName, type DomainDirectory } from './domain-directory.ts';
import { domainSiteRoutes } from './domain-site-routes.ts';
import type { DomainsService } from './domains-service.ts';
import { domainsRoutes } from './domains-routes.ts';
import { beginHandoff, handoffRoutes } from './handoff.ts';
import { createHandoffStateCookie } from './handoff-state.ts';
import { hostRouting } from './host-routing.ts';

const TLS_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
const ALLOWED = Buffer.from('ok');
const REFUSED = Buffer.from('Not found');

export interface DomainsFeatureDeps {
  db: Database;
  clock: Clock;
  livePosts: LivePosts;
  domains: DomainsService;
  directory: DomainDirectory;
  sessions: SessionService;
  cookie: SessionCookie;
  session: RequestHandler;
  sameOrigin: RequestHandler;
  appUrl: URL;
  /** The origins the platform answers on (Config.allowedOrigins); any other unknown `Host` is misdirected. */
  platformOrigins: readonly string[];
  /** Seconds until a user may press "Check now" again, undefined while they may. */
  checkWait: (userId: string) => Promise<number | undefined>;
}

export function createDomainsFeature(deps: DomainsFeatureDeps): Feature {
  const { db, clock, livePosts, domains, directory, sessions, cookie, session, sameOrigin, appUrl, platformOrigins, checkWait } = deps;
  const stateCookie = createHandoffStateCookie(appUrl);
  /** Caddy's question before it gets a certificate: no session, no log line, one Map lookup, a prebuilt answer. */
  const tlsAllowed: RequestHandler = (req, res, next) => {
    const query = req.url.indexOf('?');
    const name = hostName(query === -1 ? '' : (new URLSearchParams(req.url.slice(query + 1)).get('domain') ?? ''));
    const send = (allowed: boolean) => {
      res.writeHead(allowed ? 200 : 404, TLS_HEADERS);
      res.end(allowed ? ALLOWED : REFUSED);
    };
    const known = directory.tlsAllowedNow(name);
    if (known !== undefined) return send(known);
    directory.tlsAllowed(name).then(send, next);
  };
  return {
    name: 'domains',
    first: [hostRouting({ directory, appUrl, platformOrigins, beginHandoff: beginHandoff({ appUrl, stateCookie }) })],
    bareGets: [{ path: '/internal/tls-allowed', handler: tlsAllowed }],
    routers: [
      { path: '/api/domains', handler: Router().use(sameOrigin, domainsRoutes({ domains, checkWait })) },
      { path: '/auth/handoff', handler: handoffRoutes({ db, clock, sessions, cookie, stateCookie, directory, session, sameOrigin }) },
      { path: '/', handler: domainSiteRoutes({ db, clock, livePosts }) },
    ],
  };
}
