/**
 * Reads the session cookie once per request and leaves the result in
 * res.locals.auth; a stale cookie is cleared so the browser stops sending it.
 * Mounted once for all of /api; require-user.ts says who may call what.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { SessionService, ValidatedSession } from '../../auth/session.ts';
import type { SessionCookie } from '../session-cookie.ts';

export interface AuthLocals {
  auth?: ValidatedSession & { token: string };
}

export function loadSession(sessions: SessionService, cookie: SessionCookie): RequestHandler {
  return async function loadSessionMiddleware(req: Request, res: Response<unknown, AuthLocals>, next: NextFunction) {
    const token = cookie.read(req);
    if (!token) {
      if (req.headers.cookie?.includes(`${cookie.name}=`)) cookie.clear(res);
      return next();
    }
    const validated = await sessions.validateSessionToken(token);
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
