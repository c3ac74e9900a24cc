/** /api/media: the creator's library (common/api/media.ts). Parse, call one service function, answer. */
import express, { Router, type Request } from 'express';
import { z } from 'zod';
import type * as mediaApi from '../../common/api/media.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import { MEDIA_ALT_MAX_LENGTH, MEDIA_KINDS, MEDIA_STATUSES } from '../../common/media.ts';
import { parseInput } from '../http/index.ts';
import { siteOf, type SiteResponse } from './creator-site.ts';
import type { MediaService } from './media-service.ts';

const listQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(MEDIA_KINDS).optional(),
  status: z.enum(MEDIA_STATUSES).optional(),
});
const updateSchema = z.object({ alt: z.string().trim().max(MEDIA_ALT_MAX_LENGTH) });

const idOf = (req: Request) => String(req.params.id);

export function mediaRoutes(service: MediaService): Router {
  const router = Router();
  const json = express.json({ limit: '16kb' });
  // The answers carry signed URLs that change every window: never cached.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (req: Request, res: SiteResponse) => {
    const query = parseInput(listQuerySchema, req.query);
    const media = await service.list(siteOf(res).id, query);
    res.json({ media } satisfies AnswerOf<typeof mediaApi.listMedia>);
  });

  router.get('/:id', async (req: Request, res: SiteResponse) => {
    res.json({ media: await service.get(siteOf(res).id, idOf(req)) } satisfies AnswerOf<typeof mediaApi.getMedia>);
  });

  router.patch('/:id', json, async (req: Request, res: SiteResponse) => {
    const { alt } = parseInput(updateSchema, req.body);
    res.json({ media: await service.updateAlt(siteOf(res).id, idOf(req), alt) } satisfies AnswerOf<typeof mediaApi.updateMedia>);
  });

  router.delete('/:id', async (req: Request, res: SiteResponse) => {
    await service.remove(siteOf(res).id, idOf(req));
    res.status(204).end();
  });

  return router;
}
