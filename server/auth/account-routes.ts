/** /api/account: the signed-in person's address, password and other sessions (account-changes.ts); parse, call one service function, answer. */
import express, { Router, type Request, type Response } from 'express';
import { ACCOUNT_SETTINGS_PATH, type EmailChangeResult } from '../../common/api/account.ts';
import type * as accountApi from '../../common/api/account.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import { changeEmailSchema, changePasswordSchema } from '../../common/account-validation.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { AccountChangesService } from './account-changes.ts';
import type { AuthLocals } from './load-session.ts';
import { requireUser } from './require-user.ts';

type AccountResponse = Response<unknown, AuthLocals>;
type AccountAnswer<Name extends keyof typeof accountApi> = AnswerOf<(typeof accountApi)[Name]>;

/** Where the followed link lands: the account page says what happened; signed out, the sign-in page (the guard) leads there after. */
function landing(result: EmailChangeResult): string {
  return `${ACCOUNT_SETTINGS_PATH}?email-change=${result}`;
}

export function accountRoutes({ changes }: { changes: AccountChangesService }): Router {
  const router = Router();
  const json = express.json({ limit: '4kb' });

  router.post('/email', requireUser, json, async (req: Request, res: AccountResponse) => {
    const input = parseInput(changeEmailSchema, req.body);
    await changes.requestEmailChange(res.locals.auth!.user, input, contextOf(req));
    res.status(202).json({ status: 'confirmation-sent', email: input.email } satisfies AccountAnswer<'changeEmail'>);
  });

  router.get('/email/confirm', async (req: Request, res: AccountResponse) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const result = await changes.confirmEmailChange(token, res.locals.auth?.user.id, contextOf(req));
    res.redirect(303, landing(result));
  });

  router.put('/password', requireUser, json, async (req: Request, res: AccountResponse) => {
    const input = parseInput(changePasswordSchema, req.body);
    const auth = res.locals.auth!;
    const endedSessions = await changes.changePassword(auth.user, auth.token, input, contextOf(req));
    res.json({ status: 'password-changed', endedSessions } satisfies AccountAnswer<'changePassword'>);
  });

  router.post('/sessions/sign-out-others', requireUser, async (req: Request, res: AccountResponse) => {
    const auth = res.locals.auth!;
    const endedSessions = await changes.signOutOthers(auth.user, auth.token, contextOf(req));
    res.json({ endedSessions } satisfies AccountAnswer<'signOutOthers'>);
  });

  return router;
}
