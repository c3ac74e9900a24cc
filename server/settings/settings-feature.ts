/** The settings feature: the public configuration and the maintenance flag under /api/config. */
import { Router, type RequestHandler } from 'express';
import type { PublicConfig } from '../../common/api-types.ts';
import type { Feature } from '../feature.ts';
import { configRoutes, maintenanceHandler } from './config-routes.ts';
import type { MaintenanceState } from './maintenance.ts';

export function createSettingsFeature({ maintenance, publicConfig, sameOrigin }: { maintenance: MaintenanceState; publicConfig: PublicConfig; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'settings',
    bareGets: [{ path: '/api/config/maintenance', handler: maintenanceHandler(maintenance) }],
    routers: [{ path: '/api/config', handler: Router().use(sameOrigin, configRoutes(publicConfig)) }],
  };
}
