/**
 * Applies the SQL migrations in migrations/ at start-up. On Postgres a session
 * advisory lock serialises servers that start at the same moment: the second
 * waits, then finds nothing left to apply.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DatabaseHandle } from './connect.ts';

/** An arbitrary constant shared by every server of this product. */
const MIGRATION_LOCK_ID = 7_210_431_985;

/** `migrations/` beside `db/` in the source tree, and beside `server/` in the dist/ build. */
export function defaultMigrationsFolder(): string {
  const candidates = ['../migrations', '../../migrations'].map((relative) => fileURLToPath(new URL(relative, import.meta.url)));
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0]!;
}

export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = defaultMigrationsFolder()): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = postgres(handle.url!, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
