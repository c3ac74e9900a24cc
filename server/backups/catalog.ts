/**
 * What the database's own catalog says about the app's tables: their names, the
 * columns a COPY carries (generated ones are computed again on load), the foreign
 * keys a restore sets aside while it loads, the sequences it moves past the loaded
 * rows, and how many migrations made the schema. The app's tables are those of `public`;
 * drizzle's journal and pg-boss's queue live in schemas of their own
 * (docs/decisions/128-backups.md says why the queue is not carried).
 */
import { quoteIdentifier, type SqlSession } from './sql-session.ts';

export interface TableShape {
  name: string;
  columns: string[];
}

/** The app's tables by name, each with its copied columns. */
export async function appTables(session: SqlSession): Promise<TableShape[]> {
  const columns = await session.query<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  return [...byTable].map(([name, tableColumns]) => ({ name, columns: tableColumns }));
}

/**
 * Drops the app's foreign keys and answers how to add them again, as they were. Some tables
 * point at each other (a site's avatar is one of its media, each media item belongs to a
 * site), so no load order satisfies them; a restore runs as the app's own user, which may
 * not switch their checks off, but owns the tables. Added again after the load, each key
 * checks every row loaded, as pg_dump's restores do.
 */
export async function setForeignKeysAside(session: SqlSession): Promise<() => Promise<void>> {
  const keys = await session.query<{ table: string; name: string; definition: string }>(
    `select c.relname as "table", k.conname as "name", pg_get_constraintdef(k.oid) as "definition"
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'
      order by c.relname, k.conname`,
  );
  for (const key of keys) await session.query(`alter table public.${quoteIdentifier(key.table)} drop constraint ${quoteIdentifier(key.name)}`);
  return async () => {
    for (const key of keys) await session.query(`alter table public.${quoteIdentifier(key.table)} add constraint ${quoteIdentifier(key.name)} ${key.definition}`);
  };
}

/** Migrations applied, by drizzle's journal in the database; 0 before the first. */
export async function appliedMigrations(session: SqlSession): Promise<number> {
  const [journal] = await session.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!journal?.present) return 0;
  const [row] = await session.query<{ count: string | number }>('select count(*) as count from drizzle.__drizzle_migrations');
  return Number(row?.count ?? 0);
}

/** Rows of each table that holds any, by name (a cheap `exists` each, not a count of everything). */
export async function tablesHoldingRows(session: SqlSession, tables: readonly string[]): Promise<string[]> {
  const holding: string[] = [];
  for (const table of tables) {
    const [row] = await session.query<{ any: boolean }>(`select exists (select 1 from public.${quoteIdentifier(table)}) as "any"`);
    if (row?.any) holding.push(table);
  }
  return holding;
}

/** After a load: each sequence that feeds a column continues past the highest value loaded. */
export async function advanceSequences(session: SqlSession): Promise<void> {
  const fed = await session.query<{ table: string; column: string; sequence: string }>(
    `select c.relname as "table", a.attname as "column", pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as "sequence"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
  );
  for (const { table, column, sequence } of fed) {
    await session.query(`select setval($1::regclass, coalesce((select max(${quoteIdentifier(column)}) from public.${quoteIdentifier(table)}), 0) + 1, false)`, [sequence]);
  }
}
