/**
 * CSRF defence of DESIGN.md: a state-changing request must come from APP_URL's
 * origin, told by its Origin header or, failing that, Sec-Fetch-Site.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requireSameOrigin(appUrl: URL): RequestHandler {
  const expected = appUrl.origin;
  return function requireSameOriginMiddleware(req, _res, next) {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const sameOrigin = origin ? origin === expected : req.get('sec-fetch-site') === 'same-origin';
    next(sameOrigin ? undefined : new AppError('forbidden-origin', 403));
  };
}
