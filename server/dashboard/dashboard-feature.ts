/** The dashboard feature: GET /api/dashboard/overview (common/api/dashboard.ts). */
import { Router, type Request, type Response } from 'express';
import type * as dashboardApi from '../../common/api/dashboard.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type { Feature } from '../feature.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import type { OverviewService } from './overview.ts';

export function createDashboardFeature({ overview }: { overview: OverviewService }): Feature {
  const router = Router();
  router.get('/overview', requireVerifiedCreator, async (_req: Request, res: Response<unknown, AuthLocals>) => {
    const user = res.locals.auth!.user;
    const answer = await overview.overviewFor(user.id, user.hasCompletedSetup);
    res.set('Cache-Control', 'no-store').json(answer satisfies AnswerOf<typeof dashboardApi.overview>);
  });
  return { name: 'dashboard', routers: [{ path: '/api/dashboard', handler: router }] };
}
