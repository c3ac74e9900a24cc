/**
 * The one `Transaction` type and the few query helpers every feature shares
 * so no feature declares its own copy (issue 28).
 */
import type { Database } from './connect.ts';

/** What `db.transaction(async (tx) => ...)` hands its callback: a `Database` bound to one connection. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** drizzle's `execute` answers rows as an array on postgres.js and as `{ rows }` on PGlite. */
export function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

/** A text searched for with LIKE/ILIKE, its wildcards (and the escape itself) taken literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
