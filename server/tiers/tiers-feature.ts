/** The tiers feature: the creator's tiers under /api/tiers (DESIGN.md "HTTP API added"). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { tiersRoutes } from './tiers-routes.ts';
import type { TiersService } from './tiers-service.ts';

export function createTiersFeature({ tiers, sameOrigin }: { tiers: TiersService; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'tiers',
    routers: [{ path: '/api/tiers', handler: Router().use(sameOrigin, tiersRoutes({ tiers })) }],
  };
}
