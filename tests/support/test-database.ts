/**
 * A fresh, empty database for one test file (DESIGN.md "Testing"): a new
 * database on TEST_DATABASE_URL's server when set (CI), else a Postgres
 * container when a Docker engine answers, else embedded PGlite in memory.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { migrateDatabase } from '../../db/migrate.ts';

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

async function createOnServer(serverUrl: string, cleanup: () => Promise<void> = async () => {}): Promise<TestDatabase> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = withDatabaseName(serverUrl, name);
  return {
    kind: 'postgres',
    url,
    async connect() {
      const handle = await connectDatabase({ url });
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

function dockerAnswers(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createOnServer(serverUrl);
  if (dockerAnswers()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    return createOnServer(container.getConnectionUri(), async () => {
      await container.stop();
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
        return handle;
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
