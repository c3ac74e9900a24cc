/**
 * One transaction on either engine, with COPY both ways: what a logical copy of the
 * database needs and drizzle does not offer. On Postgres a connection of its own
 * (postgres-js streams COPY); on PGlite the server's one engine, whose transaction
 * holds it alone until it ends (COPY goes through `/dev/blob` there).
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import type { Transaction as PgliteTransaction } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { DatabaseHandle } from '../../db/connect.ts';

export interface SqlSession {
  /** Parameterised: `$1`, `$2` in the text. */
  query<Row extends object>(text: string, params?: unknown[]): Promise<Row[]>;
  /** COPY ... TO: the rows of `table` in COPY's text format. */
  copyOut(table: string, columns: readonly string[]): Promise<Readable>;
  /** COPY ... FROM: loads `data`, COPY text format, into `table`. */
  copyIn(table: string, columns: readonly string[], data: Readable): Promise<void>;
}

/** Names come from the catalog or are checked against it first; quoting keeps a name a name. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const copyTarget = (table: string, columns: readonly string[]) => `public.${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')})`;

export type Isolation = 'snapshot' | 'write';

/**
 * Runs `use` in one transaction: `snapshot` is REPEATABLE READ, so every statement in it
 * sees the same committed state however long it runs (not read-only: a backup locks the rows
 * whose files it must still copy); `write` is an ordinary transaction that commits only if
 * `use` returns.
 */
export function inTransaction<T>(database: DatabaseHandle, isolation: Isolation, use: (session: SqlSession) => Promise<T>): Promise<T> {
  return database.kind === 'pglite' ? inPgliteTransaction(database, isolation, use) : inPostgresTransaction(database.url!, isolation, use);
}

async function inPostgresTransaction<T>(url: string, isolation: Isolation, use: (session: SqlSession) => Promise<T>): Promise<T> {
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const mode = isolation === 'snapshot' ? 'isolation level repeatable read' : 'isolation level read committed';
    return (await client.begin(mode, async (tx) =>
      use({
        query: async <Row extends object>(text: string, params: unknown[] = []) => [...(await tx.unsafe(text, params as never[]))] as unknown as Row[],
        copyOut: async (table, columns) => (await tx.unsafe(`copy ${copyTarget(table, columns)} to stdout`).readable()),
        copyIn: async (table, columns, data) => {
          await pipeline(data, await tx.unsafe(`copy ${copyTarget(table, columns)} from stdin`).writable());
        },
      }),
    )) as T;
  } finally {
    await client.end({ timeout: 5 });
  }
}

function inPgliteTransaction<T>(database: DatabaseHandle, isolation: Isolation, use: (session: SqlSession) => Promise<T>): Promise<T> {
  return database.pglite!.transaction(async (tx: PgliteTransaction) => {
    if (isolation === 'snapshot') await tx.exec('set transaction isolation level repeatable read');
    return use({
      query: async <Row extends object>(text: string, params: unknown[] = []) => (await tx.query<Row>(text, params)).rows,
      copyOut: async (table, columns) => {
        const result = await tx.query(`copy ${copyTarget(table, columns)} to '/dev/blob'`);
        return Readable.from(result.blob ? [Buffer.from(await result.blob.arrayBuffer())] : []);
      },
      copyIn: async (table, columns, data) => {
        // PGlite reads a COPY from one blob: a table is held in memory once, as the engine holds it anyway.
        await tx.query(`copy ${copyTarget(table, columns)} from '/dev/blob'`, [], { blob: new Blob([await buffer(data)]) });
      },
    });
  });
}
