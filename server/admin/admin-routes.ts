/** /api/admin: parse, call one service function, answer (common/api/admin.ts). */
import express, { Router, type Request, type Response } from 'express';
import type * as adminApi from '../../common/api/admin.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import { maintenanceSwitchSchema, siteSuspensionSchema } from '../../common/admin-schemas.ts';
import { loginSchema } from '../../common/validation.ts';
import { requireAdmin, signIn, toPublicUser, type AccountService, type AuthLocals, type SessionCookie } from '../auth/index.ts';
import { sendBackup } from '../backups/index.ts';
import { AppError } from '../errors.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { Logger } from '../logger.ts';
import type { MaintenanceState } from '../settings/index.ts';
import type { OperatorService } from './operator-service.ts';

export interface AdminRouteDeps {
  accounts: AccountService;
  operator: OperatorService;
  maintenance: MaintenanceState;
  cookie: SessionCookie;
  logger: Logger;
}

type AdminResponse = Response<unknown, AuthLocals>;
type AdminAnswer<Name extends keyof typeof adminApi> = AnswerOf<(typeof adminApi)[Name]>;

export function adminRoutes({ accounts, operator, maintenance, cookie, logger }: AdminRouteDeps): Router {
  const router = Router();
  const json = express.json({ limit: '16kb' });

  // The login of /api/auth (same checks, rate limits and audit), which maintenance closes: this one stays open, for admins only.
  router.post('/session', json, async (req: Request, res: AdminResponse) => {
    const { email, password } = parseInput(loginSchema, req.body);
    const signedIn = await accounts.login(email, password, contextOf(req));
    if (!signedIn.user.isAdmin) {
      await accounts.logout(signedIn.session.token, signedIn.user.id, contextOf(req));
      throw new AppError('forbidden', 403);
    }
    signIn(res, cookie, signedIn);
    res.json({ user: toPublicUser(signedIn.user) } satisfies AdminAnswer<'signIn'>);
  });

  router.delete('/session', requireAdmin, async (req: Request, res: AdminResponse) => {
    const auth = res.locals.auth!;
    await accounts.logout(auth.token, auth.user.id, contextOf(req));
    cookie.clear(res);
    res.status(204).end();
  });

  router.get('/maintenance', requireAdmin, (_req: Request, res: AdminResponse) => {
    res.set('Cache-Control', 'no-store').json({ maintenance: maintenance.isOn() } satisfies AdminAnswer<'maintenance'>);
  });

  router.put('/maintenance', requireAdmin, json, async (req: Request, res: AdminResponse) => {
    const { maintenance: on } = parseInput(maintenanceSwitchSchema, req.body);
    await maintenance.setMaintenance(on);
    logger.info({ maintenance: on, userId: res.locals.auth!.user.id }, 'maintenance switched by an admin');
    res.set('Cache-Control', 'no-store').json({ maintenance: on } satisfies AdminAnswer<'setMaintenance'>);
  });

  // The whole instance as one archive, for `npm run cli -- backup` while this server holds the embedded database.
  router.post('/backup', requireAdmin, sendBackup(operator.takeBackup));

  router.get('/stats', requireAdmin, async (_req: Request, res: AdminResponse) => {
    res.set('Cache-Control', 'no-store').json((await operator.stats()) satisfies AdminAnswer<'stats'>);
  });

  router.get('/sites', requireAdmin, async (req: Request, res: AdminResponse) => {
    const search = typeof req.query.q === 'string' ? req.query.q : '';
    res.set('Cache-Control', 'no-store').json({ sites: await operator.listSites(search) } satisfies AdminAnswer<'sites'>);
  });

  router.put('/sites/:id/suspension', requireAdmin, json, async (req: Request, res: AdminResponse) => {
    const { reason } = parseInput(siteSuspensionSchema, req.body ?? {});
    await operator.setSuspended(String(req.params.id), { reason }, res.locals.auth!.user.id);
    logger.info({ siteId: req.params.id, userId: res.locals.auth!.user.id }, 'site suspended by an admin');
    res.status(204).end();
  });

  router.delete('/sites/:id/suspension', requireAdmin, async (req: Request, res: AdminResponse) => {
    await operator.setSuspended(String(req.params.id), undefined, res.locals.auth!.user.id);
    logger.info({ siteId: req.params.id, userId: res.locals.auth!.user.id }, 'site restored by an admin');
    res.status(204).end();
  });

  return router;
}
