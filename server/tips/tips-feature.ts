/** The tips feature: the creator's tips under /api/tips and anyone's tip Checkout (DESIGN.md "More ways to be paid"). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { siteTipsRoutes, tipsRoutes } from './tips-routes.ts';
import type { TipsService } from './tips-service.ts';

export function createTipsFeature({ tips, sameOrigin }: { tips: TipsService; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'tips',
    routers: [
      { path: '/api/tips', handler: Router().use(sameOrigin, tipsRoutes({ tips })) },
      { path: '/api/sites', handler: Router().use(sameOrigin, siteTipsRoutes({ tips })) },
    ],
  };
}
