/**
 * GET /api/account/deletion, POST /api/account/deletion-code and DELETE /api/account: what deleting would
 * remove, the code mailed for an account without a password, and deleting with the password or that code;
 * parse, call one service function, answer.
 */
import express, { Router, type Request, type Response } from 'express';
import type * as accountApi from '../../common/api/account.ts';
import type { mailDeletionCode } from '../../common/api/member-rights.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import { deleteAccountSchema, deleteByCodeSchema, deletionCodeSchema } from '../../common/account-validation.ts';
import { requireUser, type AuthLocals, type SessionCookie } from '../auth/index.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { AccountDeletionService, DeletionProof } from './account-deletion-service.ts';

type DeletionResponse = Response<unknown, AuthLocals>;

/** The body names the code or the password; without a code it is a password's body, so a missing one says `missing-password` as before. */
export function deletionProofOf(body: unknown): DeletionProof {
  const hasCode = typeof body === 'object' && body !== null && 'code' in body;
  return hasCode ? parseInput(deleteByCodeSchema, body) : parseInput(deleteAccountSchema, body);
}

export function accountDeletionRoutes({ deletion, cookie }: { deletion: AccountDeletionService; cookie: SessionCookie }): Router {
  const router = Router();
  const json = express.json({ limit: '4kb' });

  router.get('/deletion', requireUser, async (_req: Request, res: DeletionResponse) => {
    const plan = await deletion.plan(res.locals.auth!.user);
    res.set('Cache-Control', 'no-store').json({ deletion: plan } satisfies AnswerOf<typeof accountApi.accountDeletion>);
  });

  router.post('/deletion-code', requireUser, json, async (req: Request, res: DeletionResponse) => {
    const { handle } = parseInput(deletionCodeSchema, req.body);
    await deletion.mailDeletionCode(res.locals.auth!.user, handle, contextOf(req));
    res.set('Cache-Control', 'no-store').json({ status: 'code-sent' } satisfies AnswerOf<typeof mailDeletionCode>);
  });

  router.delete('/', requireUser, json, async (req: Request, res: DeletionResponse) => {
    await deletion.deleteAccount(res.locals.auth!.user, deletionProofOf(req.body), contextOf(req));
    cookie.clear(res);
    res.status(204).end();
  });

  return router;
}
