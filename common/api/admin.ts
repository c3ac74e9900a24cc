/**
 * /api/admin: the operator's calls, for the `admin` role only. The CLI uses
 * them to switch maintenance while a server holds the embedded database
 * (docs/decisions/071-maintenance-through-the-api.md); they stay open during
 * maintenance, or it could not be switched off.
 */
import type { MaintenanceResponse, PublicUser } from '../api-types.ts';
import type { LoginBody } from './auth.ts';
import { endpoint } from './endpoint.ts';

/** Signs an admin in (a session cookie, as /api/auth/login gives); anyone else is refused 403 `forbidden`. */
export const signIn = endpoint<LoginBody, undefined, { user: PublicUser }>('POST', '/api/admin/session');
export const signOut = endpoint('DELETE', '/api/admin/session');
export const maintenance = endpoint<undefined, undefined, MaintenanceResponse>('GET', '/api/admin/maintenance');
export const setMaintenance = endpoint<MaintenanceResponse, undefined, MaintenanceResponse>('PUT', '/api/admin/maintenance');
/** The instance as one backup archive (`application/x-tar`), for `npm run cli -- backup` on the embedded database (docs/decisions/128). */
export const backup = endpoint('POST', '/api/admin/backup');

export interface AdminStats {
  sites: number;
  creators: number;
  members: number;
  posts: number;
  storageBytes: number;
  emailsSent: number;
}

export interface AdminSite {
  id: string;
  handle: string;
  title: string;
  ownerEmail: string;
  members: number;
  createdAt: string;
  publishedAt: string | null;
  /** Set while the site is suspended: its pages answer 410. */
  suspendedAt: string | null;
}

export const stats = endpoint<undefined, undefined, AdminStats>('GET', '/api/admin/stats');
export const sites = endpoint<undefined, { q?: string }, { sites: AdminSite[] }>('GET', '/api/admin/sites');
/** Suspends a site (again: only the reason changes); `reason` is shown to its creator in the studio. 204; 404 for an unknown id. */
export const suspendSite = endpoint<{ reason?: string }, undefined, void>('PUT', '/api/admin/sites/:id/suspension');
export const restoreSite = endpoint('DELETE', '/api/admin/sites/:id/suspension');
