/**
 * The id of the transaction that last wrote a row (Postgres's xmin): rows
 * written in one transaction share it, so a test can prove that writes
 * committed together rather than one after another.
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';

/** `query` selects one row with one column named `xid`, e.g. `select xmin::text as xid from ...`. */
export async function writingTransactionOf(db: Database, query: SQL): Promise<string> {
  // postgres-js answers an array of rows, PGlite an object with `rows`.
  const result: unknown = await db.execute(query);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { xid: string }[];
  const [row] = rows;
  if (!row) throw new Error('no row to read the transaction id of');
  return row.xid;
}
