/** The imports feature: a creator's moves from other platforms under /api/imports (DESIGN.md "Move in, move out"). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { importsRoutes, type UploadPlace } from './imports-routes.ts';
import type { ImportsService } from './imports-service.ts';

export function createImportsFeature({ imports, uploads, sameOrigin }: { imports: ImportsService; uploads: UploadPlace; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'imports',
    routers: [{ path: '/api/imports', handler: Router().use(sameOrigin, importsRoutes({ imports, uploads })) }],
  };
}
