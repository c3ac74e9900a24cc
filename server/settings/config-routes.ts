/**
 * /api/config. The maintenance answer is the call every page load makes: it is
 * served from memory with prebuilt bodies and none of the API's middleware.
 */
import { Router, type RequestHandler } from 'express';
import type { PublicConfig } from '../../common/api-types.ts';
import type * as configApi from '../../common/api/config.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type { MaintenanceState } from './maintenance.ts';

const MAINTENANCE_BODIES = {
  on: Buffer.from(JSON.stringify({ maintenance: true } satisfies AnswerOf<typeof configApi.maintenance>)),
  off: Buffer.from(JSON.stringify({ maintenance: false } satisfies AnswerOf<typeof configApi.maintenance>)),
};

export function maintenanceHandler(maintenance: MaintenanceState): RequestHandler {
  return function answerMaintenance(_req, res) {
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(maintenance.isOn() ? MAINTENANCE_BODIES.on : MAINTENANCE_BODIES.off);
  };
}

export function configRoutes(publicConfig: PublicConfig): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(publicConfig satisfies AnswerOf<typeof configApi.config>);
  });
  return router;
}
