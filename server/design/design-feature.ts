/** The design feature: the creator's site design under /api/design (DESIGN.md "Customise the site"). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { designRoutes } from './design-routes.ts';
import type { DesignService } from './design-service.ts';

export function createDesignFeature({ designs, sameOrigin }: { designs: DesignService; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'design',
    routers: [{ path: '/api/design', handler: Router().use(sameOrigin, designRoutes({ designs })) }],
  };
}
