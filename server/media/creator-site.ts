/**
 * The caller's site, found once per request for the media routes: media
 * belongs to a site, so a creator without one is told to set it up (409).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Database } from '../../db/connect.ts';
import { AppError } from '../errors.ts';
import type { AuthLocals } from '../auth/index.ts';
import { findSiteByOwner, type Site } from '../sites/index.ts';

export interface SiteLocals extends AuthLocals {
  site?: Site;
}

export type SiteResponse = Response<unknown, SiteLocals>;

/** After requireVerifiedCreator: sets `res.locals.site`. */
export function requireCreatorSite(db: Database): RequestHandler {
  return async function requireCreatorSiteMiddleware(_req: Request, res: SiteResponse, next: NextFunction) {
    const site = await findSiteByOwner(db, res.locals.auth!.user.id);
    if (!site) return next(new AppError('site-required', 409));
    res.locals.site = site;
    next();
  };
}

export function siteOf(res: SiteResponse): Site {
  return res.locals.site!;
}
