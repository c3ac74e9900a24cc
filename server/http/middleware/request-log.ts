/**
 * One line per request at `debug`, naming the id sent back in X-Request-Id, in
 * pino-http's shape. Debug, not info: a page view is not an event worth reading
 * at a terminal (a site's page pulls a dozen requests), and the proxy in front
 * keeps an access log; LOG_LEVEL=debug brings them back (docs/decisions/151). Our own few lines on pino rather than pino-http, which
 * builds a child logger for every request (serialising and redacting the
 * request) even when no line will be written: that cost GET /api/auth/me a
 * third of its throughput (docs/decisions/016-request-logging-without-pino-http.md).
 * Here nothing is built unless the line is written.
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../../logger.ts';

export interface RequestLocals {
  requestId?: string;
}

/** A private member feed's token sits in the path (`/@{handle}/feed/{token}.xml`, `.../feed/{token}/media/...`). */
const FEED_TOKEN_IN_PATH = /(\/feed\/)[^/]+?(\.xml$|\/|$)/;
/** A gift's redeem code sits in the path of its API (`/api/gifts/{code}/redeem`, `/api/sites/{handle}/gifts/{code}/redeem`). */
const GIFT_CODE_IN_PATH = /(\/gifts\/)[^/]+(\/redeem)$/;

/** What a log line says of the request: never the query, where mailed links carry their tokens, nor a feed token or gift code in the path. */
export function requestSummary(req: Request, res: Response<unknown, RequestLocals>) {
  return { id: res.locals.requestId, method: req.method, url: req.originalUrl.split('?')[0]!.replace(FEED_TOKEN_IN_PATH, '$1[redacted]$2').replace(GIFT_CODE_IN_PATH, '$1[redacted]$2') };
}

export function requestLog(logger: Logger, skip: (req: Request) => boolean): RequestHandler {
  return function requestLogMiddleware(req, res: Response<unknown, RequestLocals>, next) {
    const id = randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    if (logger.isLevelEnabled('debug') && !skip(req)) {
      const started = performance.now();
      res.once('close', () => {
        const line = { req: requestSummary(req, res), res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) };
        logger.debug(line, res.writableFinished ? 'request completed' : 'request aborted');
      });
    }
    next();
  };
}
