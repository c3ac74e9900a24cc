/**
 * The gifts' HTTP API (common/api/gifts.ts): parse with common/ schemas, call one function of the gifts service, answer.
 * `/api/sites/:handle/gifts/...` is what the site's pages call (a custom domain passes `/api/sites/{handle}/` only);
 * `/api/gifts/:code/redeem` is DESIGN.md's address of the same redemption, on the platform.
 */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as giftsApi from '../../common/api/gifts.ts';
import { giftCheckoutSchema, giftsListQuerySchema } from '../../common/gift-schemas.ts';
import { requireUser, requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { GiftsService } from './gifts-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
type GiftsAnswer<Name extends keyof typeof giftsApi> = AnswerOf<(typeof giftsApi)[Name]>;

const noStore = (res: Response) => res.set('Cache-Control', 'private, no-store');

/** `/api/gifts`: the creator's list, and the redemption by code alone. */
export function giftsRoutes({ gifts }: { gifts: GiftsService }): Router {
  const router = Router();
  router.get('/', requireVerifiedCreator, async (req: Request, res: AuthResponse) => {
    const { page } = parseInput(giftsListQuerySchema, req.query);
    noStore(res).json((await gifts.list(res.locals.auth!.user.id, page)) satisfies GiftsAnswer<'listGifts'>);
  });
  router.post('/:code/redeem', requireUser, async (req: Request, res: AuthResponse) => {
    noStore(res).json((await gifts.redeem(String(req.params.code), res.locals.auth!.user.id)) satisfies GiftsAnswer<'redeemGiftByCode'>);
  });
  return router;
}

/** `/api/sites/:handle/gifts/...`: anyone's Checkout of a gift, and the signed-in reader's redemption on that site. */
export function siteGiftsRoutes({ gifts }: { gifts: GiftsService }): Router {
  const router = Router();
  router.post('/:handle/gifts/checkout', express.json({ limit: '8kb' }), async (req: Request, res: AuthResponse) => {
    const input = parseInput(giftCheckoutSchema, req.body);
    noStore(res).json((await gifts.startCheckout(String(req.params.handle), input, res.locals.auth?.user.id, contextOf(req).ip)) satisfies GiftsAnswer<'checkoutGift'>);
  });
  router.post('/:handle/gifts/:code/redeem', requireUser, async (req: Request, res: AuthResponse) => {
    noStore(res).json((await gifts.redeem(String(req.params.code), res.locals.auth!.user.id, String(req.params.handle))) satisfies GiftsAnswer<'redeemGift'>);
  });
  return router;
}
