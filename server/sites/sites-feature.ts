/** The sites feature: the creator's site, the onboarding wizard's progress and the profile it edits. */
import { Router, type RequestHandler } from 'express';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { Feature } from '../feature.ts';
import type { OnboardingService } from './onboarding.ts';
import { onboardingRoutes, profileRoutes, sitesRoutes } from './sites-routes.ts';
import type { SitesService } from './sites-service.ts';

export interface SitesFeatureDeps {
  sites: SitesService;
  onboarding: OnboardingService;
  rateLimiter: RateLimiter;
  sameOrigin: RequestHandler;
}

export function createSitesFeature({ sites, onboarding, rateLimiter, sameOrigin }: SitesFeatureDeps): Feature {
  return {
    name: 'sites',
    routers: [
      { path: '/api/sites', handler: Router().use(sameOrigin, sitesRoutes({ sites, rateLimiter })) },
      { path: '/api/onboarding', handler: Router().use(sameOrigin, onboardingRoutes({ sites, onboarding })) },
      { path: '/api/profile', handler: Router().use(sameOrigin, profileRoutes({ onboarding })) },
    ],
  };
}
