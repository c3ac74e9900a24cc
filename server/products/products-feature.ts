/** The products feature: the creator's products under /api/products, and a product's Checkout under /api/sites. */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import type { ProductStore } from './product-store.ts';
import { productCheckoutRoutes, productsRoutes } from './products-routes.ts';
import type { ProductsService } from './products-service.ts';

export function createProductsFeature({ products, store, sameOrigin }: { products: ProductsService; store: ProductStore; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'products',
    routers: [
      { path: '/api/products', handler: Router().use(sameOrigin, productsRoutes({ products })) },
      { path: '/api/sites', handler: Router().use(sameOrigin, productCheckoutRoutes({ store })) },
    ],
  };
}
