/** /api/exports: parse, call one function of the exports service, answer (common/api/exports.ts). */
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as exportsApi from '../../common/api/exports.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../http/index.ts';
import type { ExportsService } from './exports-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
type ExportsAnswer<Name extends keyof typeof exportsApi> = AnswerOf<(typeof exportsApi)[Name]>;

const userId = (res: AuthResponse) => res.locals.auth!.user.id;

const downloadQuery = z.object({ expires: z.string().max(20), signature: z.string().max(100) });

/** Another creator's export and a malformed id look the same: not found. */
function exportId(req: Request): string {
  const id = String(req.params.id);
  if (!isUuid(id)) throw new AppError('not-found', 404);
  return id;
}

export function exportsRoutes({ exports }: { exports: ExportsService }): Router {
  const router = Router();
  router.use(requireVerifiedCreator);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/', async (_req: Request, res: AuthResponse) => {
    res.status(202).json({ export: await exports.start(userId(res)) } satisfies ExportsAnswer<'createExport'>);
  });

  router.get('/', async (_req: Request, res: AuthResponse) => {
    res.json({ exports: await exports.list(userId(res)) } satisfies ExportsAnswer<'listExports'>);
  });

  router.get('/:id', async (req: Request, res: AuthResponse) => {
    res.json({ export: await exports.get(userId(res), exportId(req)) } satisfies ExportsAnswer<'getExport'>);
  });

  router.get('/:id/download', async (req: Request, res: AuthResponse) => {
    const id = exportId(req);
    const { expires, signature } = parseInput(downloadQuery, req.query);
    const { file, fileName } = await exports.download(userId(res), id, expires, signature);
    res.status(200).set({
      'Content-Type': 'application/zip',
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${fileName}"`,
    });
    await pipeline(file.body, res).catch((error: unknown) => {
      // The browser went away mid-download: nobody is left to tell.
      if (!res.destroyed) throw error;
    });
  });

  return router;
}
