/**
 * The page forms' answer when the site turns out to be suspended: the plain
 * 410 page the site's pages give, not a JSON error a browser would show raw.
 */
import type { ErrorRequestHandler } from 'express';
import { AppError } from '../errors.ts';
import { sendSuspendedPage } from '../site-standing/index.ts';

export const suspendedSiteAnswer: ErrorRequestHandler = function suspendedSiteAnswer(error, _req, res, next) {
  if (error instanceof AppError && error.code === 'site-suspended') return sendSuspendedPage(res);
  next(error);
};
