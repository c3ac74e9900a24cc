/**
 * CSRF defence of DESIGN.md: a state-changing request must come from APP_URL's
 * origin (or, with APP_URL unset, a loopback name on PORT: Config.allowedOrigins),
 * told by its Origin header or, failing that, Sec-Fetch-Site. The refusal's
 * message names APP_URL, so a newcomer on another address learns what to set.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requireSameOrigin(allowedOrigins: readonly string[]): RequestHandler {
  const expected = new Set(allowedOrigins);
  return function requireSameOriginMiddleware(req, _res, next) {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const sameOrigin = origin ? expected.has(origin) : req.get('sec-fetch-site') === 'same-origin';
    next(sameOrigin ? undefined : new AppError('forbidden-origin', 403));
  };
}
