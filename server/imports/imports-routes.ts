/** /api/imports: parse at the boundary, call one function of the imports service, answer (common/api/imports.ts). */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type * as importsApi from '../../common/api/imports.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
import { importRunSchema, importUploadSchema } from './import-schemas.ts';
import type { ImportsService } from './imports-service.ts';
import { receiveUpload } from './receive-upload.ts';
import { rm } from 'node:fs/promises';

type AuthResponse = Response<unknown, AuthLocals>;
type ImportsAnswer<Name extends keyof typeof importsApi> = AnswerOf<(typeof importsApi)[Name]>;

const userId = (res: AuthResponse) => res.locals.auth!.user.id;
const idOf = (req: Request) => String(req.params.id);

export interface UploadPlace {
  /** Under DATA_DIR: where an upload waits while its dry run reads it. */
  dir: string;
  maxBytes: number;
}

export function importsRoutes({ imports, uploads }: { imports: ImportsService; uploads: UploadPlace }): Router {
  const router = Router();
  const json = express.json({ limit: '64kb' });
  router.use(requireVerifiedCreator);
  // Members' addresses and the site's plans: no shared cache keeps them.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/', async (req: Request, res: AuthResponse) => {
    // Counted before the body is read: a refused upload is never written to disk.
    await imports.admitDryRun(userId(res));
    const upload = await receiveUpload(req, uploads.dir, uploads.maxBytes);
    let fields;
    try {
      fields = parseInput(importUploadSchema, upload.fields);
    } catch (error) {
      await rm(upload.filePath, { force: true });
      throw error;
    }
    res.status(201).json({ import: await imports.create(userId(res), fields, upload) } satisfies ImportsAnswer<'createImport'>);
  });

  router.get('/', async (_req: Request, res: AuthResponse) => {
    res.json({ imports: await imports.list(userId(res)) } satisfies ImportsAnswer<'listImports'>);
  });

  router.get('/:id', async (req: Request, res: AuthResponse) => {
    res.json({ import: await imports.get(userId(res), idOf(req)) } satisfies ImportsAnswer<'getImport'>);
  });

  router.post('/:id/run', json, async (req: Request, res: AuthResponse) => {
    const input = parseInput(importRunSchema, req.body ?? {});
    res.json({ import: await imports.run(userId(res), idOf(req), input) } satisfies ImportsAnswer<'runImport'>);
  });

  router.post('/:id/undo', json, async (req: Request, res: AuthResponse) => {
    res.json({ import: await imports.undo(userId(res), idOf(req)) } satisfies ImportsAnswer<'undoImport'>);
  });

  return router;
}
