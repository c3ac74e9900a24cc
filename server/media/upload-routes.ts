/**
 * /api/uploads in front of tus: who may upload is decided here (a verified
 * creator with a site, same origin), and whose upload an id is: another
 * site's upload, or none, is 404 before tus sees the request. tus then acts
 * on the id checked here and on no other (ISSUE15 item 2: its own parse of
 * the URL took an id from the query string): the root only creates, and an
 * upload's URL only has its status read, appended to or ended.
 */
import { Router, type NextFunction, type Request } from 'express';
import { AppError } from '../errors.ts';
import { siteOf, type SiteResponse } from './creator-site.ts';
import type { MediaService } from './media-service.ts';
import { rememberUploadRequest, type Uploads } from './tus-uploads.ts';

/** tus's creation (POST) and discovery (OPTIONS). */
const ROOT_METHODS = ['POST', 'OPTIONS'];
/** tus's core (HEAD, PATCH), termination (DELETE) and discovery; tus's GET download is not part of the protocol and serves no one here. */
const UPLOAD_METHODS = ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'];

function allowOnly(methods: string[], req: Request, res: SiteResponse): AppError | undefined {
  if (methods.includes(req.method)) return undefined;
  res.set('Allow', methods.join(', '));
  return new AppError('method-not-allowed', 405);
}

export function uploadRoutes({ uploads, service }: { uploads: Uploads; service: MediaService }): Router {
  const router = Router();

  router.all('/', function uploadsRoot(req: Request, res: SiteResponse, next: NextFunction) {
    const refused = allowOnly(ROOT_METHODS, req, res);
    if (refused) return next(refused);
    rememberUploadRequest(req, { site: siteOf(res) });
    return uploads.handle(req, res);
  });

  router.all('/:uploadId', async function ownUpload(req: Request<{ uploadId: string }>, res: SiteResponse, next: NextFunction) {
    const refused = allowOnly(UPLOAD_METHODS, req, res);
    if (refused) return next(refused);
    const owned = await service.findOwned(siteOf(res).id, req.params.uploadId);
    if (!owned) return next(new AppError('not-found', 404));
    rememberUploadRequest(req, { site: siteOf(res), uploadId: owned.id });
    return uploads.handle(req, res);
  });

  return router;
}
