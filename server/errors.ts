/**
 * The one error type a service throws: a code from common/ and an HTTP status.
 * The error middleware turns it into `{"error":{"code","message","field"}}`.
 */
import type { ErrorCode, ErrorField } from '../common/error-codes.ts';
import { SERVER_MESSAGES } from '../common/messages.ts';

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly field?: ErrorField;
  /** Seconds until a rate-limited caller may try again (Retry-After). */
  readonly retryAfterSeconds?: number;
  constructor(
    code: ErrorCode,
    status: number,
    field?: ErrorField,
    retryAfterSeconds?: number,
    /** Words more exact than the code's own (which domain rule a name broke); the answer's `message`. */
    detail?: string,
  ) {
    super(detail ?? SERVER_MESSAGES[code]);
    this.code = code;
    this.status = status;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (code: ErrorCode, field?: ErrorField) => new AppError(code, 400, field);
export const tooManyRequests = (retryAfterSeconds: number, field?: ErrorField) =>
  new AppError('too-many-requests', 429, field, Math.max(1, Math.ceil(retryAfterSeconds)));
