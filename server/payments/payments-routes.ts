/** /api/payments: the signed-in creator's own Stripe account (common/api/payments.ts). */
import { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as paymentsApi from '../../common/api/payments.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import type { PaymentAccountsService } from './payment-accounts.ts';

type AuthResponse = Response<unknown, AuthLocals>;
const userId = (res: AuthResponse) => res.locals.auth!.user.id;

export function paymentsRoutes({ accounts }: { accounts: PaymentAccountsService }): Router {
  const router = Router();
  router.use(requireVerifiedCreator, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/connect', async (_req: Request, res: AuthResponse) => {
    res.json((await accounts.connect(userId(res))) satisfies AnswerOf<typeof paymentsApi.connectPayments>);
  });

  router.get('/status', async (_req: Request, res: AuthResponse) => {
    res.json((await accounts.status(userId(res))) satisfies AnswerOf<typeof paymentsApi.paymentsStatus>);
  });

  return router;
}
