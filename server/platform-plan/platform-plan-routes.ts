/** /api/platform-plan (common/api/platform-plan.ts): read the creator's plan, subscribe through Checkout, open the billing portal. */
import { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as planApi from '../../common/api/platform-plan.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import type { PlatformPlanService } from './platform-plan-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
const userId = (res: AuthResponse) => res.locals.auth!.user.id;

export function platformPlanRoutes({ platformPlan }: { platformPlan: PlatformPlanService }): Router {
  const router = Router();
  router.use(requireVerifiedCreator, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (_req: Request, res: AuthResponse) => {
    res.json({ plan: await platformPlan.planOf(userId(res)) } satisfies AnswerOf<typeof planApi.get>);
  });

  router.post('/checkout', async (_req: Request, res: AuthResponse) => {
    res.json((await platformPlan.checkout(userId(res))) satisfies AnswerOf<typeof planApi.checkout>);
  });

  router.post('/portal', async (_req: Request, res: AuthResponse) => {
    res.json((await platformPlan.portal(userId(res))) satisfies AnswerOf<typeof planApi.portal>);
  });
  return router;
}
