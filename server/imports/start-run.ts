/**
 * `POST /api/imports/:id/run`: a planned import starts, with the tiers the
 * creator mapped the source's plans to. One import of a site runs at a time
 * (an advisory lock on the site makes the check and the start one step, so
 * two clicks at once start one); the row turns `running` and its job is
 * enqueued in the same transaction, so neither happens without the other.
 * The dry run's problems of the source's files are dropped as it starts: the
 * run fetches each of those files again and names what it finds, so a file
 * that answers now is not left named as failing (docs/decisions/177).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ImportRunInput, ImportTierChoice } from '../../common/api/imports.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { tiers } from '../../db/content-schema.ts';
import { imports } from '../../db/move-schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { isFileProblem } from './file-fetches.ts';
import { findImport, siteOfCreator } from './find-import.ts';
import type { ImportsDeps } from './import-deps.ts';
import { IMPORT_RUN_JOB, type ImportRunJobData } from './import-jobs.ts';
import type { ImportRow } from './import-view.ts';

const PAID_ON_FREE =
  'Members who pay through Stripe go onto a paid tier: on the free tier they would come in unlinked while Stripe goes on billing them. Choose a paid tier for each Stripe price.';

/**
 * The creator's map, each tier checked to be one of the site's own, and no plan paid through Stripe (`choices`, the
 * dry run's) put on the free tier: the page does not offer it, so a map that does is refused rather than obeyed.
 */
async function checkedTierMap(deps: ImportsDeps, siteId: string, tierMap: Record<string, string>, choices: readonly ImportTierChoice[]): Promise<Record<string, string>> {
  const map = Object.fromEntries(Object.entries(tierMap).map(([source, id]) => [source, id.toLowerCase()]));
  const ids = [...new Set(Object.values(map))];
  if (ids.some((id) => !isUuid(id))) throw badRequest('invalid-input', 'tierMap');
  const own = ids.length === 0 ? [] : await deps.db.select({ id: tiers.id, type: tiers.type }).from(tiers).where(and(eq(tiers.siteId, siteId), inArray(tiers.id, ids)));
  if (own.length !== ids.length) throw badRequest('invalid-input', 'tierMap');
  const free = new Set(own.filter((tier) => tier.type === 'free').map((tier) => tier.id));
  if (choices.some((choice) => choice.paidThroughStripe && free.has(map[choice.source] ?? ''))) throw new AppError('invalid-input', 400, 'tierMap', undefined, PAID_ON_FREE);
  return map;
}

export async function startRun(deps: ImportsDeps, ownerId: string, id: string, input: ImportRunInput): Promise<ImportRow> {
  const { db, clock, queue } = deps;
  const site = await siteOfCreator(db, ownerId);
  const planned = await findImport(db, site.id, id);
  if (planned.status !== 'planned') throw new AppError('import-not-planned', 409);
  const tierMap = await checkedTierMap(deps, site.id, input.tierMap ?? {}, planned.tierChoices);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`import-run:${site.id}`}, 0))`);
    const [running] = await tx
      .select({ id: imports.id })
      .from(imports)
      .where(and(eq(imports.siteId, site.id), eq(imports.status, 'running')))
      .limit(1);
    if (running) throw new AppError('import-running', 409);
    const [row] = await tx
      .update(imports)
      .set({
        status: 'running',
        tierMap,
        invitePatrons: input.invitePatrons ?? false,
        startedAt: clock(),
        progress: { phase: 'members', done: 0, total: 0 },
        problems: planned.problems.filter((problem) => !isFileProblem(problem)),
      })
      .where(and(eq(imports.id, planned.id), eq(imports.status, 'planned')))
      .returning();
    // Started meanwhile by another request of the same creator.
    if (!row) throw new AppError('import-not-planned', 409);
    await queue.send(IMPORT_RUN_JOB, { importId: row.id } satisfies ImportRunJobData, tx);
    return row;
  });
}
