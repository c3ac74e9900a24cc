/** The admin feature: the operator's maintenance switch under /api/admin, open during maintenance (docs/decisions/071). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { adminRoutes, type AdminRouteDeps } from './admin-routes.ts';

export function createAdminFeature({ sameOrigin, ...deps }: AdminRouteDeps & { sameOrigin: RequestHandler }): Feature {
  return {
    name: 'admin',
    routers: [{ path: '/api/admin', handler: Router().use(sameOrigin, adminRoutes(deps)) }],
  };
}
