/**
 * One database handle for both engines of DESIGN.md: a real Postgres when a URL
 * is given (driver `postgres`), otherwise embedded PGlite in a folder (or in
 * memory for tests). Callers see the same drizzle API either way.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { lockEmbeddedDatabase } from './embedded-lock.ts';
import { createListener } from './listener.ts';
import { schema } from './tables.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Unlisten = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /**
   * Runs `onPayload` for every NOTIFY on `channel`. After an outage it
   * subscribes again by itself and then calls `onResubscribed`, since what was
   * notified meanwhile is lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResubscribed?: () => void): Promise<Unlisten>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connection string, for the migrator's own locked connection; absent for PGlite. */
  url?: string;
  /** The embedded engine itself, for libraries that drive it directly (pg-boss); absent for Postgres. */
  pglite?: PGlite;
}

/** The longest wait between two attempts to reach a Postgres that went away. */
const RECONNECT_MAX_SECONDS = 1;

/** Connections one server's queries may hold (DATABASE_POOL_SIZE); pg-boss, LISTEN and the upload locker hold their own beside it. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * `poolSize`: DEFAULT_POOL_SIZE unless told. `pgliteTemplate`: the new database a first start
 * unpacks; EMBEDDED_TEMPLATE_FILE unless a test names its own.
 */
export type DatabaseTarget = { url: string; poolSize?: number } | { pgliteDir: string | undefined; pgliteTemplate?: string };

export async function connectDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return 'url' in target ? connectPostgres(target.url, target.poolSize ?? DEFAULT_POOL_SIZE) : connectPglite(target.pgliteDir, target.pgliteTemplate ?? EMBEDDED_TEMPLATE_FILE);
}

function connectPostgres(url: string, poolSize: number): DatabaseHandle {
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    // Fail fast while Postgres is down, so requests answer 503 instead of hanging.
    connect_timeout: 5,
    idle_timeout: 60,
    // The driver's default waits up to 20 s between attempts after repeated failures: every
    // request would hang that long during an outage, and recovery would lag as much behind it.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, RECONNECT_MAX_SECONDS),
  });
  const db: Database = drizzlePostgres(client, { schema });
  // Every channel of this server on one connection (db/listener.ts).
  const listener = createListener(url, RECONNECT_MAX_SECONDS * 1000);
  return {
    db,
    kind: 'postgres',
    url,
    listen(channel, onPayload, onResubscribed) {
      return listener.listen(channel, onPayload, onResubscribed);
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await Promise.all([listener.close(), client.end({ timeout: 5 })]);
    },
  };
}

/**
 * Memory for the embedded engine (docs/decisions/076-server-memory.md). Postgres's default 128 MB
 * of shared buffers lives in the WASM heap, which never shrinks; 16 MB holds a creator's hot pages,
 * and the OS caches the files behind them.
 */
const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  // pg_trgm: the members search's indexes (migrations create the extension, as on Postgres).
  extensions: { pg_trgm },
};

/**
 * V8 flags of the process that makes the template: WASM by the baseline compiler only. The
 * optimising compiler's memory for PGlite's 9 MB of WASM is most of initdb's peak (1070 MB with
 * it, 560 MB without; `--no-wasm-tier-up` alone left it at 1070).
 */
const TEMPLATE_NODE_FLAGS = ['--liftoff-only'];

/**
 * A new database, as a tarball PGlite unpacks into an empty folder. Beside this module in the
 * sources (db/, made on the first start there) and in the bundle (dist/server/, made by
 * scripts/build-server.mjs), next to the script that makes it.
 */
export const EMBEDDED_TEMPLATE_FILE = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));

/**
 * Makes the template in a short-lived child process (db/pglite-template.mjs): PGlite's initdb runs
 * a second Postgres instance whose memory a server would keep for good
 * (docs/decisions/079-embedded-database-template.md).
 */
export async function makeEmbeddedTemplate(target: string = EMBEDDED_TEMPLATE_FILE): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-template.mjs', import.meta.url));
  try {
    await promisify(execFile)(process.execPath, [...TEMPLATE_NODE_FLAGS, script, target]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`could not make the embedded database's template ${target}${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}

/** Opens the folder's database, first unpacking the template into it when the folder holds none. */
async function openEmbeddedFolder(dataDir: string, template: string): Promise<PGlite> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return PGlite.create(dataDir, PGLITE_OPTIONS);
  if (!existsSync(template)) await makeEmbeddedTemplate(template);
  const loadDataDir = new Blob([await readFile(template)]);
  return PGlite.create(dataDir, { ...PGLITE_OPTIONS, loadDataDir });
}

async function connectPglite(dataDir: string | undefined, template: string): Promise<DatabaseHandle> {
  // In memory (tests) there is nothing to share; in a folder, one process at a time.
  const unlock = dataDir ? lockEmbeddedDatabase(dataDir) : () => {};
  const open = () => (dataDir ? openEmbeddedFolder(dataDir, template) : PGlite.create(undefined, PGLITE_OPTIONS));
  const client = await open().catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db: Database = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.close();
      unlock();
    },
  };
}
