/**
 * How an import's run ends: `done` with what it made (counted from its items,
 * so a resumed run counts what every attempt made, and a second import of the
 * same file shows zeros), or `failed` with plain words. Problems found on the
 * way are told once each.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { ImportProblem, ImportProgress, ImportResult } from '../../../common/api/imports.ts';
import type { Database } from '../../../db/connect.ts';
import { importItems, imports, postRedirects } from '../../../db/move-schema.ts';

async function madeByKind(db: Database, importId: string): Promise<Map<string, number>> {
  const rows = await db.select({ kind: importItems.kind, made: count() }).from(importItems).where(eq(importItems.importId, importId)).groupBy(importItems.kind);
  return new Map(rows.map((row) => [row.kind, row.made]));
}

async function redirectsMade(db: Database, importId: string): Promise<number> {
  const [row] = await db
    .select({ made: count() })
    .from(postRedirects)
    .innerJoin(importItems, and(eq(importItems.importId, importId), eq(importItems.kind, 'post'), sql`${importItems.targetId} = ${postRedirects.postId}::text`));
  return row?.made ?? 0;
}

function distinctProblems(problems: readonly ImportProblem[]): ImportProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.where}\n${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function finishImport(db: Database, importId: string, members: { linkedSubscriptions: number; compedPatrons: number }, now: Date, total: number): Promise<void> {
  const made = await madeByKind(db, importId);
  const result: ImportResult = {
    posts: made.get('post') ?? 0,
    members: made.get('member') ?? 0,
    linkedSubscriptions: members.linkedSubscriptions,
    compedPatrons: members.compedPatrons,
    files: made.get('media') ?? 0,
    redirects: await redirectsMade(db, importId),
    comments: made.get('comment') ?? 0,
  };
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ problems: imports.problems }).from(imports).where(eq(imports.id, importId)).for('update');
    const progress: ImportProgress = { phase: 'finishing', done: total, total };
    await tx
      .update(imports)
      .set({ status: 'done', result, progress, finishedAt: now, problems: distinctProblems(row?.problems ?? []) })
      .where(and(eq(imports.id, importId), eq(imports.status, 'running')));
  });
}

export async function failImport(db: Database, importId: string, failure: string, now: Date): Promise<void> {
  await db
    .update(imports)
    .set({ status: 'failed', failure, finishedAt: now })
    .where(and(eq(imports.id, importId), eq(imports.status, 'running')));
}

export async function saveProgress(db: Database, importId: string, progress: ImportProgress): Promise<void> {
  await db.update(imports).set({ progress }).where(eq(imports.id, importId));
}
