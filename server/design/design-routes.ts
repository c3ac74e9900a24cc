/** /api/design: parse, call one function of the design service, answer (common/api/design.ts). */
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as designApi from '../../common/api/design.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { AppError } from '../errors.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
import { DesignRefused, type DesignService } from './design-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
type DesignAnswer<Name extends keyof typeof designApi> = AnswerOf<(typeof designApi)[Name]>;

const userId = (res: AuthResponse) => res.locals.auth!.user.id;
const revisionSchema = z.object({ revision: z.number().int().min(0) });
/** The design itself is checked by the service with common/design.ts, which names the path of a problem. */
const draftSchema = z.object({ revision: z.number().int().min(0), design: z.unknown() });

/** A little above MAX_DESIGN_BYTES: a bigger body is a 413 before it is parsed at all. */
const json = express.json({ limit: '256kb' });

export function designRoutes({ designs }: { designs: DesignService }): Router {
  const router = Router();
  router.use(requireVerifiedCreator);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (_req: Request, res: AuthResponse) => {
    res.json((await designs.get(userId(res))) satisfies DesignAnswer<'getDesign'>);
  });

  router.put('/draft', json, async (req: Request, res: AuthResponse) => {
    const { revision, design } = parseInput(draftSchema, req.body);
    res.json((await designs.saveDraft(userId(res), design, revision)) satisfies DesignAnswer<'saveDesignDraft'>);
  });

  router.post('/publish', json, async (req: Request, res: AuthResponse) => {
    const { revision } = parseInput(revisionSchema, req.body);
    res.json((await designs.publish(userId(res), revision)) satisfies DesignAnswer<'publishDesign'>);
  });

  router.post('/discard', json, async (req: Request, res: AuthResponse) => {
    const { revision } = parseInput(revisionSchema, req.body);
    res.json((await designs.discard(userId(res), revision)) satisfies DesignAnswer<'discardDesign'>);
  });

  router.post('/versions/:id/restore', json, async (req: Request, res: AuthResponse) => {
    const id = String(req.params.id);
    // Another creator's version and a malformed id look the same: not found.
    if (!isUuid(id)) throw new AppError('not-found', 404);
    const { revision } = parseInput(revisionSchema, req.body);
    res.json((await designs.restore(userId(res), id, revision)) satisfies DesignAnswer<'restoreDesignVersion'>);
  });

  // A refused design names where the problem is; every other error goes on to the shared handler.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!(error instanceof DesignRefused)) return next(error);
    res.status(400).json({ error: { code: 'invalid-design', message: SERVER_MESSAGES['invalid-design'], path: error.path, detail: error.detail } });
  });

  return router;
}
