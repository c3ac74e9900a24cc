/**
 * A database one step behind a migration, for the test of that migration: the
 * migrations folder copied with its journal cut short before `tag`, an empty
 * database, and a connection that has not migrated yet (a test database's own
 * `connect()` migrates to the newest). The test migrates to `before`, writes
 * rows as they were then (raw SQL: today's schema names later columns), then
 * migrates to the newest and reads what the migration made of them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { defaultMigrationsFolder } from '../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface BeforeMigration {
  handle: DatabaseHandle;
  /** The migrations folder that stops just before the migration under test. */
  before: string;
}

/** Registers the hooks; the fields are filled in by the time the tests run. */
export function useDatabaseBeforeMigration(tag: string): BeforeMigration {
  const state = {} as BeforeMigration;
  let testDatabase: TestDatabase | undefined;
  beforeAll(async () => {
    state.before = mkdtempSync(join(tmpdir(), 'migrations-'));
    cpSync(defaultMigrationsFolder(), state.before, { recursive: true });
    const journalFile = join(state.before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const at = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(at, tag).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    testDatabase = await createTestDatabase({ empty: true });
    state.handle = await connectDatabase(testDatabase.url ? { url: testDatabase.url } : { pgliteDir: undefined });
  });
  afterAll(async () => {
    await state.handle?.close();
    await testDatabase?.drop();
    if (state.before) rmSync(state.before, { recursive: true, force: true });
  });
  return state;
}
