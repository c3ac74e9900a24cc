import type { RequestHandler } from 'express';
import type { DatabaseHandle } from '../../db/connect.ts';

/** 200 while the database answers, 503 otherwise (load balancers and the image's HEALTHCHECK read this). */
export function healthHandler(database: DatabaseHandle): RequestHandler {
  return async function answerHealth(_req, res) {
    res.set('Cache-Control', 'no-store');
    try {
      await database.ping();
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  };
}
