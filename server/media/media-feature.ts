/**
 * The media feature: resumable uploads (/api/uploads), the creator's library
 * (/api/media) and the signed and public file URLs (/media), which sit
 * outside /api because they take no session and no maintenance answer.
 */
import { Router, type RequestHandler } from 'express';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Feature } from '../feature.ts';
import { requireVerifiedCreator } from '../auth/index.ts';
import type { Storage } from '../storage/index.ts';
import { requireCreatorSite } from './creator-site.ts';
import { mediaRoutes } from './media-routes.ts';
import { mediaServingRoutes, type MediaServingDeps } from './media-serving.ts';
import type { MediaService } from './media-service.ts';
import { MEDIA_URL_PREFIX } from '../media-urls/index.ts';
import { uploadRoutes } from './upload-routes.ts';
import type { Uploads } from './tus-uploads.ts';

export interface MediaFeatureDeps {
  db: Database;
  service: MediaService;
  uploads: Uploads;
  storage: Storage;
  clock: Clock;
  sameOrigin: RequestHandler;
  /** The public site's rule of which files anyone may fetch at their stable URL. */
  mayServePublicly: MediaServingDeps['mayServePublicly'];
}

export function createMediaFeature({ db, service, uploads, storage, clock, sameOrigin, mayServePublicly }: MediaFeatureDeps): Feature {
  const creator = [sameOrigin, requireVerifiedCreator, requireCreatorSite(db)];
  return {
    name: 'media',
    routers: [
      { path: '/api/uploads', handler: Router().use(...creator, uploadRoutes({ uploads, service })) },
      { path: '/api/media', handler: Router().use(...creator, mediaRoutes(service)) },
      { path: MEDIA_URL_PREFIX, handler: mediaServingRoutes({ service, storage, clock, mayServePublicly }) },
    ],
  };
}
