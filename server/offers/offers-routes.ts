/**
 * /api/offers (the creator's) and /api/sites/:handle/offers/:code/checkout (a signed-in reader's): parse with the
 * schemas of common/, call one function, answer (common/api/offers.ts).
 */
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as offersApi from '../../common/api/offers.ts';
import { CADENCES } from '../../common/memberships.ts';
import { createOfferSchema, updateOfferSchema } from '../../common/offer-schemas.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { requireUser, requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../http/index.ts';
import type { OfferCheckout } from './offer-checkout.ts';
import type { OffersService } from './offers-service.ts';

type SignedIn = Response<unknown, Required<AuthLocals>>;
type OffersAnswer<Name extends keyof typeof offersApi> = AnswerOf<(typeof offersApi)[Name]>;

const checkoutBody = z.object({ cadence: z.enum(CADENCES).optional() }).strict();

/** Another creator's offer and a malformed id look the same: not found. */
function offerId(req: Request): string {
  const id = String(req.params.id);
  if (!isUuid(id)) throw new AppError('not-found', 404);
  return id;
}

export function offersRoutes({ offers }: { offers: OffersService }): Router {
  const router = Router();
  const json = express.json({ limit: '8kb' });
  router.use(requireVerifiedCreator);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (_req: Request, res: SignedIn) => {
    res.json({ offers: await offers.list(res.locals.auth.user.id) } satisfies OffersAnswer<'listOffers'>);
  });

  router.post('/', json, async (req: Request, res: SignedIn) => {
    const input = parseInput(createOfferSchema, req.body);
    res.status(201).json({ offer: await offers.create(res.locals.auth.user.id, input) } satisfies OffersAnswer<'createOffer'>);
  });

  router.patch('/:id', json, async (req: Request, res: SignedIn) => {
    const id = offerId(req);
    const patch = parseInput(updateOfferSchema, req.body);
    res.json({ offer: await offers.update(res.locals.auth.user.id, id, patch) } satisfies OffersAnswer<'updateOffer'>);
  });

  return router;
}

export function offerCheckoutRoutes({ checkout }: { checkout: OfferCheckout }): Router {
  const router = Router();
  router.post('/:handle/offers/:code/checkout', requireUser, express.json({ limit: '1kb' }), async (req: Request, res: SignedIn) => {
    const { cadence } = parseInput(checkoutBody, req.body);
    const answer = await checkout.checkout(String(req.params.handle), res.locals.auth.user.id, String(req.params.code), cadence);
    res.set('Cache-Control', 'no-store').json(answer satisfies OffersAnswer<'checkoutOffer'>);
  });
  return router;
}
