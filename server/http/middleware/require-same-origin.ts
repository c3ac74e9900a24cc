/**
 * CSRF defence of DESIGN.md: a state-changing request must come from APP_URL's
 * origin (or, with APP_URL unset, a loopback name on PORT: Config.allowedOrigins),
 * told by its Origin header or, failing that, Sec-Fetch-Site. The refusal's
 * message names APP_URL, so a newcomer on another address learns what to set.
 * On a site's custom domain (res.locals.customDomain, set by host routing only
 * for that site's own paths) the domain's https origin is accepted too: a
 * site's forms post to its own domain, and no other site's domain passes.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requireSameOrigin(allowedOrigins: readonly string[]): RequestHandler {
  const expected = new Set(allowedOrigins);
  return function requireSameOriginMiddleware(req, res, next) {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const domain = (res.locals as { customDomain?: string }).customDomain;
    const sameOrigin = origin ? expected.has(origin) || (domain !== undefined && origin === `https://${domain}`) : req.get('sec-fetch-site') === 'same-origin';
    next(sameOrigin ? undefined : new AppError('forbidden-origin', 403));
  };
}
