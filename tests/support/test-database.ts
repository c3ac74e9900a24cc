/**
 * A fresh database for one test file (DESIGN.md "Testing"): a new database on
 * TEST_DATABASE_URL's server when set (CI), else a Postgres container when a
 * Docker engine answers, else embedded PGlite in memory.
 *
 * On a server, a new database is a copy of a template that already holds the
 * migrations and pg-boss's schema (docs/decisions/114): migrating each of the
 * suite's hundred-odd databases from nothing cost seconds apiece. The template
 * is named by a hash of the migrations and the pg-boss version, so a changed
 * migration makes a new one and no run sees a stale one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import { inject } from 'vitest';
import { connectDatabase, type Database, type DatabaseHandle } from '../../db/connect.ts';
import { defaultMigrationsFolder, migrateDatabase } from '../../db/migrate.ts';
import { schema } from '../../db/tables.ts';

export interface TestDatabase {
  kind: 'postgres' | 'pglite';
  /** Set for Postgres: a server started with this URL shares the database. */
  url: string | undefined;
  /** Connects (and migrates) a new handle to this database. */
  connect(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Connections a test server's queries may hold (DATABASE_POOL_SIZE), against the product's 10: the
 * suite runs several files at once, some with three servers, and their pools together met
 * Postgres's 100 connections ("sorry, too many clients already"). Four still let a request hold a
 * transaction while others read.
 */
export const TEST_POOL_SIZE = 4;

/** Serialises template building and copying among the suite's parallel files. */
const TEMPLATE_LOCK_ID = 7_210_431_986;

function templateName(): string {
  const hash = createHash('sha256');
  const folder = defaultMigrationsFolder();
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(folder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  const boss = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../node_modules/pg-boss/package.json'), 'utf8')) as { version: string };
  hash.update(boss.version);
  return `test_template_${hash.digest('hex').slice(0, 16)}`;
}

/** Builds the template under a scratch name and renames it when whole, so a run cut off halfway leaves nothing another run would take. */
async function ensureTemplate(admin: postgres.Sql, serverUrl: string, template: string): Promise<void> {
  const [found] = await admin`select 1 as found from pg_database where datname = ${template}`;
  if (found) return;
  const scratch = `${template}_building`;
  await admin.unsafe(`drop database if exists "${scratch}" with (force)`);
  await admin.unsafe(`create database "${scratch}"`);
  const url = withDatabaseName(serverUrl, scratch);
  const handle = await connectDatabase({ url });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  const boss = new PgBoss({ connectionString: url, max: 1, schedule: false, supervise: false });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
  await admin.unsafe(`alter database "${scratch}" rename to "${template}"`);
}

async function createOnServer(serverUrl: string, { empty = false, cleanup = async () => {} }: { empty?: boolean; cleanup?: () => Promise<void> } = {}): Promise<TestDatabase> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  if (empty) {
    await admin.unsafe(`create database "${name}"`);
  } else {
    const template = templateName();
    // `admin` holds one connection, so the session lock and everything under it share it.
    await admin`select pg_advisory_lock(${TEMPLATE_LOCK_ID})`;
    try {
      await ensureTemplate(admin, serverUrl, template);
      await admin.unsafe(`create database "${name}" template "${template}"`);
    } finally {
      await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_ID})`;
    }
  }
  const url = withDatabaseName(serverUrl, name);
  return {
    kind: 'postgres',
    url,
    async connect() {
      const handle = await connectDatabase({ url, poolSize: TEST_POOL_SIZE });
      await migrateDatabase(handle);
      return handle;
    },
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
      await cleanup();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** vitest.config.ts's `integration-pglite` project: its files run on embedded PGlite. */
    embeddedDatabase: boolean;
  }
}

/** Set while a transaction's callback runs on PGlite: the transaction holds the one connection until it ends. */
const holdingTransaction = new AsyncLocalStorage<{ open: boolean }>();

export const QUERY_INSIDE_TRANSACTION =
  'a query through the database while one of its transactions holds PGlite\'s only connection waits forever: use the transaction (docs/decisions/129)';

/**
 * The app's PGlite, except that a query through the database itself from inside one of its
 * transactions' callbacks fails at once, naming the mistake, instead of waiting forever for the
 * connection the transaction holds (issue 27; ESLint's local/no-database-in-transaction catches
 * the cases it can see in one function). Queries through the transaction go to PGlite's own
 * transaction object and pass untouched; so does everything after the callback has ended.
 */
function guardedPglite(client: PGlite): PGlite {
  const refuseInsideTransaction =
    (run: (...args: unknown[]) => unknown) =>
    async (...args: unknown[]) => {
      if (holdingTransaction.getStore()?.open) throw new Error(QUERY_INSIDE_TRANSACTION);
      return run.apply(client, args);
    };
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'transaction') {
        return (callback: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) => {
            const state = { open: true };
            return holdingTransaction.run(state, () => callback(tx)).finally(() => (state.open = false));
          });
      }
      if (property === 'query' || property === 'exec' || property === 'sql') return refuseInsideTransaction(value as (...args: unknown[]) => unknown);
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}

/** Whether this file runs on PGlite whatever TEST_DATABASE_URL says: the `integration-pglite` project of vitest.config.ts provides it. */
function embeddedByProject(): boolean {
  try {
    return inject('embeddedDatabase') === true;
  } catch {
    // Outside a vitest project (a benchmark, a script): nothing is provided.
    return false;
  }
}

function dockerAnswers(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

/**
 * `empty`: no migrations applied (on Postgres), for a test of start-up on an empty database.
 * `embedded`: PGlite whatever TEST_DATABASE_URL says, for what only its one connection shows.
 */
export async function createTestDatabase({ empty = false, embedded: embeddedAsked = false }: { empty?: boolean; embedded?: boolean } = {}): Promise<TestDatabase> {
  const embedded = embeddedAsked || (!empty && embeddedByProject());
  const serverUrl = embedded ? undefined : process.env.TEST_DATABASE_URL;
  if (serverUrl) return createOnServer(serverUrl, { empty });
  if (!embedded && dockerAnswers()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    return createOnServer(container.getConnectionUri(), {
      empty,
      cleanup: async () => {
        await container.stop();
      },
    });
  }
  // PGlite lives in this process: every connect() of one test database shares one instance, closed by drop().
  let shared: Promise<DatabaseHandle> | undefined;
  return {
    kind: 'pglite',
    url: undefined,
    async connect() {
      shared ??= connectDatabase({ pgliteDir: undefined }).then(async (handle) => {
        await migrateDatabase(handle);
        const db: Database = drizzle(guardedPglite(handle.pglite!), { schema });
        return { ...handle, db };
      });
      const handle = await shared;
      return { ...handle, close: async () => {} };
    },
    async drop() {
      const handle = await shared;
      shared = undefined;
      await handle?.close();
    },
  };
}
