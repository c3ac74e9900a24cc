/** /api/payments: the signed-in creator's own Stripe account, by Connect or by their own key (common/api/payments.ts). */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as paymentsApi from '../../common/api/payments.ts';
import { stripeKeySchema } from '../../common/payment-schemas.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
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

  router.patch('/key', express.json({ limit: '4kb' }), async (req: Request, res: AuthResponse) => {
    const { secretKey } = parseInput(stripeKeySchema, req.body);
    res.json((await accounts.saveKey(userId(res), secretKey)) satisfies AnswerOf<typeof paymentsApi.saveStripeKey>);
  });

  router.delete('/key', async (_req: Request, res: AuthResponse) => {
    res.json((await accounts.disconnectKey(userId(res))) satisfies AnswerOf<typeof paymentsApi.disconnectStripeKey>);
  });

  return router;
}
