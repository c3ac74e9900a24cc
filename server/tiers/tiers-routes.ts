/** /api/tiers: parse with common/ schemas, call one function of the tiers service, answer (common/api/tiers.ts). */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as tiersApi from '../../common/api/tiers.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { createTierSchema, reorderTiersSchema, updateTierSchema } from '../../common/tier-schemas.ts';
import { AppError } from '../errors.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
import type { TiersService } from './tiers-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
type TiersAnswer<Name extends keyof typeof tiersApi> = AnswerOf<(typeof tiersApi)[Name]>;

const userId = (res: AuthResponse) => res.locals.auth!.user.id;

/** Another creator's tier and a malformed id look the same: not found. */
function tierId(req: Request): string {
  const id = String(req.params.id);
  if (!isUuid(id)) throw new AppError('not-found', 404);
  return id;
}

export function tiersRoutes({ tiers }: { tiers: TiersService }): Router {
  const router = Router();
  const json = express.json({ limit: '16kb' });
  router.use(requireVerifiedCreator);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (_req: Request, res: AuthResponse) => {
    res.json({ tiers: await tiers.list(userId(res)) } satisfies TiersAnswer<'listTiers'>);
  });

  router.post('/', json, async (req: Request, res: AuthResponse) => {
    const input = parseInput(createTierSchema, req.body);
    res.status(201).json({ tier: await tiers.create(userId(res), input) } satisfies TiersAnswer<'createTier'>);
  });

  router.post('/order', json, async (req: Request, res: AuthResponse) => {
    const { ids } = parseInput(reorderTiersSchema, req.body);
    res.json({ tiers: await tiers.reorder(userId(res), ids) } satisfies TiersAnswer<'reorderTiers'>);
  });

  router.patch('/:id', json, async (req: Request, res: AuthResponse) => {
    const id = tierId(req);
    const patch = parseInput(updateTierSchema, req.body);
    res.json({ tier: await tiers.update(userId(res), id, patch) } satisfies TiersAnswer<'updateTier'>);
  });

  return router;
}
