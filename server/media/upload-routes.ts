/**
 * /api/uploads in front of tus: who may upload is decided here (a verified
 * creator with a site, same origin), and whose upload an id is: another
 * site's upload, or none, is 404 before tus sees the request.
 */
import { Router, type NextFunction, type Request } from 'express';
import { AppError } from '../errors.ts';
import { siteOf, type SiteResponse } from './creator-site.ts';
import type { MediaService } from './media-service.ts';
import { rememberUploadSite, type Uploads } from './tus-uploads.ts';

export function uploadRoutes({ uploads, service }: { uploads: Uploads; service: MediaService }): Router {
  const router = Router();

  const toTus = (req: Request, res: SiteResponse) => {
    rememberUploadSite(req, siteOf(res));
    return uploads.handle(req, res);
  };

  router.all('/', toTus);
  router.all('/{*rest}', async (req: Request, res: SiteResponse, next: NextFunction) => {
    const id = req.path.split('/').filter(Boolean).at(-1) ?? '';
    const owned = await service.findOwned(siteOf(res).id, id);
    if (!owned) return next(new AppError('not-found', 404));
    return toTus(req, res);
  });

  return router;
}
