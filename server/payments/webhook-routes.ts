/**
 * POST /api/webhooks/stripe, /api/webhooks/stripe-connect and
 * /api/webhooks/stripe/sites/:siteId (a creator's own account): Stripe calls
 * them, so no session, no Origin check, and the body stays raw bytes for the
 * signature (express.raw here; no JSON parser sits ahead of these paths).
 */
import express, { Router, type Request, type Response } from 'express';
import { isUuid } from '../../common/post-schemas.ts';
import { AppError } from '../errors.ts';
import type { WebhookEndpoint } from './webhook-handlers.ts';
import type { WebhookService } from './webhook-service.ts';

/** Stripe's events are a few KB; its documented ceiling is far below this. */
const BODY_LIMIT = '1mb';

export function webhookRoutes({ webhooks }: { webhooks: WebhookService }): Router {
  const router = Router();
  const raw = express.raw({ type: 'application/json', limit: BODY_LIMIT });
  const receive = (endpoint: WebhookEndpoint) => async (req: Request, res: Response) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = await webhooks.receive(endpoint, body, req.get('stripe-signature'));
    res.json({ received: true, outcome });
  };
  router.post('/stripe', raw, receive('platform'));
  router.post('/stripe-connect', raw, receive('connect'));
  router.post('/stripe/sites/:siteId', raw, async (req: Request, res: Response) => {
    const siteId = String(req.params.siteId);
    // A malformed id names no site: as unknown as a site without an endpoint.
    if (!isUuid(siteId)) throw new AppError('not-found', 404);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json({ received: true, outcome: await webhooks.receiveForSite(siteId, body, req.get('stripe-signature')) });
  });
  return router;
}
