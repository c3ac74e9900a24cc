/** The gifts feature: `/api/gifts` and the gift calls under `/api/sites/:handle/gifts` (common/api/gifts.ts). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { giftsRoutes, siteGiftsRoutes } from './gifts-routes.ts';
import type { GiftsService } from './gifts-service.ts';

export function createGiftsFeature({ gifts, sameOrigin }: { gifts: GiftsService; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'gifts',
    routers: [
      { path: '/api/gifts', handler: Router().use(sameOrigin, giftsRoutes({ gifts })) },
      { path: '/api/sites', handler: Router().use(sameOrigin, siteGiftsRoutes({ gifts })) },
    ],
  };
}
