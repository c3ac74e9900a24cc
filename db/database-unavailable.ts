/** Errors that mean "the database cannot be reached right now", as opposed to a bug. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  // A query written to a connection the server closed as it went down (seen when it stops mid-write under load).
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // too_many_connections: the server is full now, which another moment may change.
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);

/** The connection error's code, looked for through `cause` and AggregateError's `errors`; undefined for any other error. */
export function databaseErrorCode(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 5) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) return code;
  const nested = [cause, ...(Array.isArray(errors) ? (errors as unknown[]) : [])];
  for (const inner of nested) {
    const found = databaseErrorCode(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseErrorCode(error) !== undefined;
}
