/** /api/domains: the creator's domain; parse, call one function of the service, answer (common/api/domains.ts). */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as domainsApi from '../../common/api/domains.ts';
import { addDomainSchema } from '../../common/domain-schemas.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { AppError } from '../errors.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import type { DomainsService } from './domains-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
type DomainsAnswer<Name extends keyof typeof domainsApi> = AnswerOf<(typeof domainsApi)[Name]>;

const userId = (res: AuthResponse) => res.locals.auth!.user.id;

function domainId(req: Request): string {
  const id = String(req.params.id);
  if (!isUuid(id)) throw new AppError('not-found', 404);
  return id;
}

/** `checkWait`: seconds until this user may press "Check now" again (server/rate-limits/rate-limit.ts), undefined while they may. */
export function domainsRoutes({ domains, checkWait }: { domains: DomainsService; checkWait: (userId: string) => Promise<number | undefined> }): Router {
  const router = Router();
  router.use(requireVerifiedCreator);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (_req, res: AuthResponse) => {
    res.json({ domain: await domains.mine(userId(res)), platform: domains.platform } satisfies DomainsAnswer<'getDomain'>);
  });

  router.post('/', express.json({ limit: '4kb' }), async (req, res: AuthResponse) => {
    const parsed = addDomainSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('invalid-domain', 400, 'hostname');
    res.status(201).json({ domain: await domains.add(userId(res), parsed.data.hostname) } satisfies DomainsAnswer<'addDomain'>);
  });

  router.post('/:id/check', async (req, res: AuthResponse) => {
    const wait = await checkWait(userId(res));
    if (wait !== undefined) throw new AppError('too-many-requests', 429, undefined, wait, 'You have checked many times in a few minutes. We keep checking by ourselves and e-mail you when the domain is live; try again in a few minutes.');
    res.json({ domain: await domains.checkNow(userId(res), domainId(req)) } satisfies DomainsAnswer<'checkDomain'>);
  });

  router.delete('/:id', async (req, res: AuthResponse) => {
    await domains.remove(userId(res), domainId(req));
    res.status(204).end();
  });

  return router;
}
