/**
 * Structured logs (pino): JSON lines for log collectors, or one readable line
 * an event for a person at a terminal (pino-pretty, LOG_FORMAT=text, the
 * default of `npm start`). Secrets never reach a line: any field named like
 * a password, token, secret, cookie or authorization is redacted however deep it
 * sits (pino's own `redact` paths match one fixed depth), and database errors
 * lose the query parameters drizzle appends (they can hold hashes).
 */
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';

export type { Logger };

export const CENSOR = '[redacted]';

/** Field names compared lower-cased with separators dropped, so `new_password`, `newPassword` and `New-Password` all match. */
const SECRET_FIELDS = new Set([
  'password',
  'newpassword',
  'currentpassword',
  'passwordhash',
  'token',
  'sessiontoken',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'codeverifier',
  'secret',
  'clientsecret',
  'cookie',
  'setcookie',
  'authorization',
  'apikey',
  // Sealed at rest, but a plain value may pass through a line on its way in (a creator's pasted key, issue 29).
  'secretkey',
  'stripesecretkey',
  'webhooksecret',
  'signingsecret',
  'appsecret',
]);

const isSecretField = (key: string) => SECRET_FIELDS.has(key.toLowerCase().replace(/[^a-z]/g, ''));

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A copy with every secret field censored, at any depth; errors, dates and other class
 * instances pass as they are (errors go through serializeError). `ancestors` breaks loops.
 */
export function redactSecrets(value: unknown, ancestors = new Set<object>()): unknown {
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  if (ancestors.has(value)) return '[circular]';
  ancestors.add(value);
  const copy = Array.isArray(value)
    ? value.map((item) => redactSecrets(item, ancestors))
    : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isSecretField(key) ? CENSOR : redactSecrets(item, ancestors)]));
  ancestors.delete(value);
  return copy;
}

function serializeError(error: unknown) {
  const serialized = stdSerializers.err(error as Error) as Record<string, unknown> & { message?: string; stack?: string };
  const withoutParams = (text: string | undefined) => text?.replace(/\nparams: [\s\S]*?(\n {4}at |$)/, '$1');
  delete serialized.params;
  delete serialized.query;
  return { ...serialized, message: withoutParams(serialized.message), stack: withoutParams(serialized.stack) };
}

/** `destination` defaults to stdout; tests pass a stream to read what would be written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    formatters: { log: (object: Record<string, unknown>) => redactSecrets(object) as Record<string, unknown> },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * One line an event on stdout: the time, the level, the message and its fields
 * as `key=value`-like JSON on the same line; colours only on a terminal. Sync, so
 * a line written just before the process exits is not lost.
 */
export function readableLogStream(destination: NodeJS.WritableStream | number = 1): DestinationStream {
  return pinoPretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', colorize: destination === 1 && process.stdout.isTTY, destination });
}
