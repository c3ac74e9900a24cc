/** The exports feature: the creator's site exports under /api/exports (DESIGN.md "Release 4" API rows). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import { exportsRoutes } from './exports-routes.ts';
import type { ExportsService } from './exports-service.ts';

export function createExportsFeature({ exports, sameOrigin }: { exports: ExportsService; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'exports',
    routers: [{ path: '/api/exports', handler: Router().use(sameOrigin, exportsRoutes({ exports })) }],
  };
}
