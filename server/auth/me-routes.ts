/** /api/me: where the signed-in account belongs, and a member starting a site (docs/decisions/059). */
import express, { Router, type Request, type Response } from 'express';
import type * as meApi from '../../common/api/me.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import { startSiteSchema } from '../../common/validation.ts';
import type { AuthLocals } from './load-session.ts';
import { requireUser } from './require-user.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { MemberIdentityService } from './member-identity.ts';
import { toPublicUser } from './public-user.ts';

type MeResponse = Response<unknown, AuthLocals>;

export function meRoutes({ identity }: { identity: MemberIdentityService }): Router {
  const router = Router();

  router.get('/landing', requireUser, async (_req: Request, res: MeResponse) => {
    const path = await identity.landingFor(res.locals.auth!.user);
    res.set('Cache-Control', 'no-store').json({ path } satisfies AnswerOf<typeof meApi.landing>);
  });

  router.post('/start-site', requireUser, express.json({ limit: '4kb' }), async (req: Request, res: MeResponse) => {
    const input = parseInput(startSiteSchema, req.body);
    const user = await identity.startSite(res.locals.auth!.user, input, contextOf(req));
    res.json({ user: toPublicUser(user) } satisfies AnswerOf<typeof meApi.startSite>);
  });

  return router;
}
