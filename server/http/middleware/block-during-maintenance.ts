/**
 * SPEC.md section 6: maintenance blocks everyone, on the server too, not only
 * in the client's screen. Mounted on /api ahead of the session lookup, so while
 * maintenance is on no API call reaches the database. Open during it: the
 * config calls a client makes to learn of maintenance, the webhooks, whose
 * events should not wait on a payment provider's retry schedule
 * (docs/decisions/026-maintenance-blocks-the-api.md), and the admin API, or
 * maintenance switched on through it could not be switched off
 * (docs/decisions/071-maintenance-through-the-api.md).
 */
import type { Request, RequestHandler } from 'express';
import { MAINTENANCE_REFRESH_SECONDS } from '../../../common/constants.ts';
import { AppError } from '../../errors.ts';

/** Paths under /api that answer during maintenance: the prefix itself and everything below it. */
export const OPEN_DURING_MAINTENANCE = ['/config', '/webhooks', '/admin'] as const;

/** What the open tab's maintenance screen waits before it tries again: a proxy or script may wait as long. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = MAINTENANCE_REFRESH_SECONDS;

function isOpen(path: string): boolean {
  return OPEN_DURING_MAINTENANCE.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * A page the browser opens itself (a mailed verification link, the way back from
 * Google) would show the JSON answer as text: it is sent to the maintenance screen.
 */
function isPageVisit(req: Request): boolean {
  return req.method === 'GET' && (req.get('sec-fetch-mode') === 'navigate' || req.accepts(['json', 'html']) === 'html');
}

export function blockDuringMaintenance(maintenance: { isOn(): boolean }): RequestHandler {
  return function blockDuringMaintenanceMiddleware(req, res, next) {
    if (!maintenance.isOn() || isOpen(req.path)) return next();
    if (isPageVisit(req)) {
      res.set('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS)).redirect(303, '/');
      return;
    }
    next(new AppError('maintenance', 503, undefined, MAINTENANCE_RETRY_AFTER_SECONDS));
  };
}
