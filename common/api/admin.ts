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
