/** The offers feature: the creator's offers under /api/offers and a reader's Checkout of one (DESIGN.md "More ways to be paid"). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import type { OfferCheckout } from './offer-checkout.ts';
import { offerCheckoutRoutes, offersRoutes } from './offers-routes.ts';
import type { OffersService } from './offers-service.ts';

export function createOffersFeature({ offers, checkout, sameOrigin }: { offers: OffersService; checkout: OfferCheckout; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'offers',
    routers: [
      { path: '/api/offers', handler: Router().use(sameOrigin, offersRoutes({ offers })) },
      { path: '/api/sites', handler: Router().use(sameOrigin, offerCheckoutRoutes({ checkout })) },
    ],
  };
}
