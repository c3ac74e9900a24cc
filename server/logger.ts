/**
 * Structured JSON logs (pino). Secrets never reach a line: headers that carry
 * them and any field named like a password or token are redacted, and database
 * errors lose the query parameters drizzle appends (they can hold hashes).
 */
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.passwordHash',
  '*.sessionToken',
];

function serializeError(error: unknown) {
  const serialized = stdSerializers.err(error as Error) as Record<string, unknown> & { message?: string; stack?: string };
  const withoutParams = (text: string | undefined) => text?.replace(/\nparams: [\s\S]*?(\n {4}at |$)/, '$1');
  delete serialized.params;
  delete serialized.query;
  return { ...serialized, message: withoutParams(serialized.message), stack: withoutParams(serialized.stack) };
}

/** `destination` defaults to stdout; tests pass a stream to read what would be written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { err: serializeError } };
  return destination ? pino(options, destination) : pino(options);
}
