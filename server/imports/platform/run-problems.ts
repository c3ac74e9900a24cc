/** Problems met while the run writes (an offer's code taken here), added to those the dry run found. */
import { eq, sql } from 'drizzle-orm';
import type { ImportProblem } from '../../../common/api/imports.ts';
import type { Database } from '../../../db/connect.ts';
import { imports } from '../../../db/move-schema.ts';

export async function addProblems(db: Database, importId: string, problems: readonly ImportProblem[]): Promise<void> {
  if (problems.length === 0) return;
  await db
    .update(imports)
    .set({ problems: sql`${imports.problems} || ${JSON.stringify(problems)}::jsonb` })
    .where(eq(imports.id, importId));
}
