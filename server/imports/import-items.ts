/**
 * What an import made, one `import_items` row a thing (db/move-schema.ts), keyed
 * by what the source calls it. Every writer of an import asks `findItems` before
 * making something and calls `recordItems` in the transaction that made it, so a
 * second run of the same file, or a run resumed after a crash, adds nothing twice;
 * an undo walks `targetsOf` to remove only what this import made.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ImportSource } from '../../common/api/imports.ts';
import type { Database } from '../../db/connect.ts';
import { importItems, type ImportItemKind } from '../../db/move-schema.ts';

/** The import that makes things, and the site and source its keys belong to. */
export interface ImportScope {
  siteId: string;
  source: ImportSource;
  importId: string;
}

/** Postgres takes at most 65,535 parameters a statement. */
const SLICE = 1000;

/** Of `keys`, those some import of this site and source already made: key → the id of what it made. */
export async function findItems(db: Database, scope: Pick<ImportScope, 'siteId' | 'source'>, kind: ImportItemKind, keys: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let start = 0; start < keys.length; start += SLICE) {
    const rows = await db
      .select({ sourceKey: importItems.sourceKey, targetId: importItems.targetId })
      .from(importItems)
      .where(and(eq(importItems.siteId, scope.siteId), eq(importItems.source, scope.source), eq(importItems.kind, kind), inArray(importItems.sourceKey, keys.slice(start, start + SLICE))));
    for (const row of rows) found.set(row.sourceKey, row.targetId);
  }
  return found;
}

/** Records what this import made, in the transaction that made it; a key already recorded is left as it was. */
export async function recordItems(tx: Database, scope: ImportScope, kind: ImportItemKind, made: readonly { sourceKey: string; targetId: string }[]): Promise<void> {
  for (let start = 0; start < made.length; start += SLICE) {
    const slice = made.slice(start, start + SLICE);
    await tx
      .insert(importItems)
      .values(slice.map(({ sourceKey, targetId }) => ({ siteId: scope.siteId, source: scope.source, kind, sourceKey, importId: scope.importId, targetId })))
      .onConflictDoNothing();
  }
}

/** The ids of everything of one kind this import made, for its undo. */
export async function targetsOf(db: Database, importId: string, kind: ImportItemKind): Promise<string[]> {
  const rows = await db
    .select({ targetId: importItems.targetId })
    .from(importItems)
    .where(and(eq(importItems.importId, importId), eq(importItems.kind, kind)));
  return rows.map((row) => row.targetId);
}
