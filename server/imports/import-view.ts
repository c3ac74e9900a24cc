/** An `imports` row as the API shows it (common/api/imports.ts `ImportView`): no storage key, dates in ISO, the undo's deadline worked out. */
import { IMPORT_UNDO_DAYS, type ImportView } from '../../common/api/imports.ts';
import type { imports } from '../../db/move-schema.ts';

export type ImportRow = typeof imports.$inferSelect;

const DAY_MS = 24 * 3600 * 1000;

/** Until when the import can be undone: done or failed, within IMPORT_UNDO_DAYS of its end. */
export function undoDeadline(row: Pick<ImportRow, 'status' | 'finishedAt'>): Date | null {
  if ((row.status !== 'done' && row.status !== 'failed') || !row.finishedAt) return null;
  return new Date(row.finishedAt.getTime() + IMPORT_UNDO_DAYS * DAY_MS);
}

export function importView(row: ImportRow, now: Date): ImportView {
  const until = undoDeadline(row);
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    fileName: row.fileName,
    counts: row.counts,
    tiers: row.tierChoices,
    problems: row.problems,
    progress: row.progress ?? null,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoUntil: until && until > now ? until.toISOString() : null,
    failure: row.failure,
  };
}
