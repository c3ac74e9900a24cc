/**
 * The one place an error becomes a response: `{"error":{"code","message","field"}}`.
 * Known input problems are 4xx with a code; a database outage is 503; anything
 * else is a logged 500 that shows no stack or detail to the caller.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../../logger.ts';
import type { ErrorCode } from '../../../common/error-codes.ts';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { AppError } from '../../errors.ts';
import { isDatabaseUnavailable } from '../../../db/database-unavailable.ts';
import { requestSummary } from './request-log.ts';

/** How long a client is told to wait after a database outage's 503. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

interface BodyParserError {
  type?: string;
  status?: number;
}

function send(res: Parameters<ErrorRequestHandler>[2], status: number, code: ErrorCode, field?: string, message = SERVER_MESSAGES[code]) {
  res.status(status).json({ error: { code, message, ...(field ? { field } : {}) } });
}

export const apiNotFound: RequestHandler = function apiNotFoundHandler(_req, _res, next) {
  next(new AppError('not-found', 404));
};

export function handleErrors(logger: Logger): ErrorRequestHandler {
  return function handleErrorsMiddleware(error, req, res, next) {
    if (res.headersSent) {
      // Express would only print it to stderr (nothing at all under NODE_ENV=test) and cut the connection: one line of ours names the request.
      logger.error({ err: error, req: requestSummary(req, res) }, 'error after the response was sent');
      return next(error);
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
      return send(res, error.status, error.code, error.field, error.message);
    }
    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.too.large') return send(res, 413, 'payload-too-large');
    if (parserError.type?.startsWith('entity.') || parserError.type?.endsWith('.unsupported') || parserError.status === 400) {
      return send(res, 400, 'invalid-input');
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, req: requestSummary(req, res) }, 'database unavailable');
      res.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
      return send(res, 503, 'service-unavailable');
    }
    logger.error({ err: error, req: requestSummary(req, res) }, 'unhandled error');
    send(res, 500, 'internal-error');
  };
}
