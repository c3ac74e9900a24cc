/** GET /api/account/deletion and DELETE /api/account: what deleting would remove, and deleting; parse, call one service function, answer. */
import express, { Router, type Request, type Response } from 'express';
import type * as accountApi from '../../common/api/account.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import { deleteAccountSchema } from '../../common/account-validation.ts';
import { requireUser, type AuthLocals, type SessionCookie } from '../auth/index.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { AccountDeletionService } from './account-deletion-service.ts';

type DeletionResponse = Response<unknown, AuthLocals>;

export function accountDeletionRoutes({ deletion, cookie }: { deletion: AccountDeletionService; cookie: SessionCookie }): Router {
  const router = Router();

  router.get('/deletion', requireUser, async (_req: Request, res: DeletionResponse) => {
    const plan = await deletion.plan(res.locals.auth!.user);
    res.set('Cache-Control', 'no-store').json({ deletion: plan } satisfies AnswerOf<typeof accountApi.accountDeletion>);
  });

  router.delete('/', requireUser, express.json({ limit: '4kb' }), async (req: Request, res: DeletionResponse) => {
    const { password } = parseInput(deleteAccountSchema, req.body);
    await deletion.deleteAccount(res.locals.auth!.user, password, contextOf(req));
    cookie.clear(res);
    res.status(204).end();
  });

  return router;
}
