/**
 * The tips' HTTP API (common/api/tips.ts): parse with common/ schemas, call one function of the tips service, answer.
 * `/api/sites/:handle/tips/checkout` is what the site's tip page calls (a custom domain passes `/api/sites/{handle}/`).
 */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as tipsApi from '../../common/api/tips.ts';
import { tipCheckoutSchema, tipsListQuerySchema } from '../../common/tip-schemas.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { TipsService } from './tips-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
type TipsAnswer<Name extends keyof typeof tipsApi> = AnswerOf<(typeof tipsApi)[Name]>;

const noStore = (res: Response) => res.set('Cache-Control', 'private, no-store');

/** `/api/tips`: the creator's own tips. */
export function tipsRoutes({ tips }: { tips: TipsService }): Router {
  const router = Router();
  router.get('/', requireVerifiedCreator, async (req: Request, res: AuthResponse) => {
    const { page } = parseInput(tipsListQuerySchema, req.query);
    noStore(res).json((await tips.list(res.locals.auth!.user.id, page)) satisfies TipsAnswer<'listTips'>);
  });
  return router;
}

/** `/api/sites/:handle/tips/checkout`: anyone's tip, signed in or not. */
export function siteTipsRoutes({ tips }: { tips: TipsService }): Router {
  const router = Router();
  router.post('/:handle/tips/checkout', express.json({ limit: '8kb' }), async (req: Request, res: AuthResponse) => {
    const input = parseInput(tipCheckoutSchema, req.body);
    const answer = await tips.startCheckout(String(req.params.handle), input, res.locals.auth?.user.id, contextOf(req).ip);
    noStore(res).json(answer satisfies TipsAnswer<'startTipCheckout'>);
  });
  return router;
}
