/**
 * Brings a new database to the schema an archive was made on, before its rows are loaded:
 * rows of an older version fit its own schema, and the later migrations then carry them
 * forward as they carried every running instance. drizzle applies what its journal lists,
 * so an earlier point is a journal cut at that migration.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/connect.ts';
import { migrateDatabase } from '../../db/migrate.ts';

interface Journal {
  entries: { tag: string }[];
}

async function readJournal(folder: string): Promise<Journal> {
  return JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** How many migrations this version of the platform ships. */
export async function shippedMigrations(folder: string): Promise<number> {
  return (await readJournal(folder)).entries.length;
}

export async function migrateTo(database: DatabaseHandle, folder: string, count: number): Promise<void> {
  const journal = await readJournal(folder);
  if (count >= journal.entries.length) {
    await migrateDatabase(database, folder);
    return;
  }
  // An archive of a database no migration had touched yet holds no table to load.
  if (count === 0) return;
  const cut = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  try {
    await mkdir(path.join(cut, 'meta'));
    const entries = journal.entries.slice(0, count);
    await writeFile(path.join(cut, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) await copyFile(path.join(folder, `${tag}.sql`), path.join(cut, `${tag}.sql`));
    await migrateDatabase(database, cut);
  } finally {
    await rm(cut, { recursive: true, force: true });
  }
}
