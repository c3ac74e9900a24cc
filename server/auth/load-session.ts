/**
 * Reads the session cookie once per request and leaves the result in
 * res.locals.auth; a stale cookie is cleared so the browser stops sending it.
 * Mounted once for all of /api; require-user.ts says who may call what.
 * A session counts only where it was opened: on the platform origin, or on
 * the one custom domain (and site) that host routing found for this request.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { SessionScope, SessionService, ValidatedSession } from './session.ts';
import type { SessionCookie } from './session-cookie.ts';

export interface AuthLocals {
  auth?: ValidatedSession & { token: string };
}

/** What host routing (server/domains/host-routing.ts) leaves for a request on a site's custom domain. */
interface DomainLocals {
  customDomain?: string;
  domainSite?: { siteId: string };
}

/** The place a session must have been opened for to count on this request. */
export function sessionScopeOf(res: Response): SessionScope {
  const { customDomain, domainSite } = res.locals as DomainLocals;
  return customDomain && domainSite ? { hostname: customDomain, siteId: domainSite.siteId } : null;
}

export function loadSession(sessions: SessionService, cookie: SessionCookie): RequestHandler {
  return async function loadSessionMiddleware(req: Request, res: Response<unknown, AuthLocals>, next: NextFunction) {
    const token = cookie.read(req);
    if (!token) {
      if (req.headers.cookie?.includes(`${cookie.name}=`)) cookie.clear(res);
      return next();
    }
    const validated = await sessions.validateSessionToken(token, sessionScopeOf(res));
    if (!validated) {
      cookie.clear(res);
      return next();
    }
    // Keep the browser's expiry in step with a renewed session; otherwise the cookie it has is still right.
    if (validated.renewed) cookie.set(res, token, validated.session.expiresAt);
    res.locals.auth = { ...validated, token };
    next();
  };
}
