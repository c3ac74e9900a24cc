/** The platform plan feature: /api/platform-plan (docs/decisions/057). Its webhook handlers go to the payments feature through services.ts. */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { platformPlanRoutes } from './platform-plan-routes.ts';
import type { PlatformPlanService } from './platform-plan-service.ts';

export function createPlatformPlanFeature({ platformPlan, sameOrigin }: { platformPlan: PlatformPlanService; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'platform-plan',
    routers: [{ path: '/api/platform-plan', handler: Router().use(sameOrigin, platformPlanRoutes({ platformPlan })) }],
  };
}
