/** /api/products and a product's Checkout: parse with common/ schemas, call one service function, answer (common/api/products.ts). */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as productsApi from '../../common/api/products.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { createProductSchema, productCheckoutSchema, updateProductSchema } from '../../common/product-schemas.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { AppError } from '../errors.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { ProductStore } from './product-store.ts';
import type { ProductsService } from './products-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
type ProductsAnswer<Name extends keyof typeof productsApi> = AnswerOf<(typeof productsApi)[Name]>;

const userId = (res: AuthResponse) => res.locals.auth!.user.id;

/** Another creator's product and a malformed id look the same: not found. */
function productId(req: Request): string {
  const id = String(req.params.id);
  if (!isUuid(id)) throw new AppError('not-found', 404);
  return id;
}

export function productsRoutes({ products }: { products: ProductsService }): Router {
  const router = Router();
  const json = express.json({ limit: '32kb' });
  router.use(requireVerifiedCreator);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (_req: Request, res: AuthResponse) => {
    res.json({ products: await products.list(userId(res)) } satisfies ProductsAnswer<'listProducts'>);
  });

  router.post('/', json, async (req: Request, res: AuthResponse) => {
    const input = parseInput(createProductSchema, req.body);
    res.status(201).json({ product: await products.create(userId(res), input) } satisfies ProductsAnswer<'createProduct'>);
  });

  router.patch('/:id', json, async (req: Request, res: AuthResponse) => {
    const id = productId(req);
    const patch = parseInput(updateProductSchema, req.body);
    res.json({ product: await products.update(userId(res), id, patch) } satisfies ProductsAnswer<'updateProduct'>);
  });

  router.delete('/:id', async (req: Request, res: AuthResponse) => {
    res.json((await products.remove(userId(res), productId(req))) satisfies ProductsAnswer<'deleteProduct'>);
  });

  router.get('/:id/sales', async (req: Request, res: AuthResponse) => {
    res.json({ sales: await products.sales(userId(res), productId(req)) } satisfies ProductsAnswer<'listProductSales'>);
  });

  return router;
}

/** `POST /api/sites/:handle/products/:slug/checkout`: signed in, or signed out with the buyer's address. */
export function productCheckoutRoutes({ store }: { store: ProductStore }): Router {
  const router = Router();
  router.post('/:handle/products/:slug/checkout', express.json({ limit: '4kb' }), async (req: Request, res: AuthResponse) => {
    const { email } = parseInput(productCheckoutSchema, req.body);
    const signedIn = res.locals.auth?.user.id;
    const answer = await store.checkout(String(req.params.handle), String(req.params.slug), signedIn ? { userId: signedIn } : { email }, contextOf(req).ip);
    res.set('Cache-Control', 'no-store').json(answer satisfies ProductsAnswer<'startProductCheckout'>);
  });
  return router;
}
