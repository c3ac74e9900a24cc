/**
 * Who may call a route, by name, after loadSession has read the cookie (once,
 * for all of /api). Signed out is 401 `unauthenticated`; signed in but not
 * allowed is 403. Whether a resource is the caller's own is not decided here:
 * the service checks ownership, because only it reads the row
 * (docs/decisions/025-authorization-roles-and-ownership.md).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../errors.ts';
import type { AuthLocals } from './load-session.ts';

type AuthResponse = Response<unknown, AuthLocals>;

export const requireUser: RequestHandler = function requireUserMiddleware(_req: Request, res: AuthResponse, next: NextFunction) {
  next(res.locals.auth ? undefined : new AppError('unauthenticated', 401));
};

/** The operator's routes: an admin, whatever their role. */
export const requireAdmin: RequestHandler = function requireAdminMiddleware(_req: Request, res: AuthResponse, next: NextFunction) {
  const user = res.locals.auth?.user;
  if (!user) return next(new AppError('unauthenticated', 401));
  next(user.isAdmin ? undefined : new AppError('forbidden', 403));
};

/** The creator area and its API (DESIGN.md "Who is who"): a creator, or the operator, with a verified e-mail. */
export const requireVerifiedCreator: RequestHandler = function requireVerifiedCreatorMiddleware(_req: Request, res: AuthResponse, next: NextFunction) {
  const user = res.locals.auth?.user;
  if (!user) return next(new AppError('unauthenticated', 401));
  if (user.role !== 'creator' && !user.isAdmin) return next(new AppError('forbidden', 403));
  next(user.emailVerified ? undefined : new AppError('email-not-verified', 403));
};
