/**
 * The `import.run` job (import-jobs.ts): the uploaded file read again, then
 * the phases, with progress saved as they go: for our own export its tiers,
 * media and site first (platform-phase.ts); the members (members/), and the
 * newsletters of those already here whom the source has unsubscribed; the posts
 * one by one with their files (import-posts.ts); our own export's comments;
 * then `done`. Every write is recorded in the import's items in the
 * transaction that made it, so a run that dies or stops midway is taken up
 * again by pg-boss (here or on another server) and skips what is done. A file
 * that cannot be read ends the import as `failed` at once; anything else is
 * retried, and only the last attempt's failure is the creator's to read.
 */
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { sites } from '../../../db/content-schema.ts';
import { imports } from '../../../db/move-schema.ts';
import { AppError } from '../../errors.ts';
import type { ImportScope } from '../import-items.ts';
import type { ImportsDeps } from '../import-deps.ts';
import { IMPORT_RUN_RETRY_LIMIT, type ImportRunJobData } from '../import-jobs.ts';
import type { ImportRow } from '../import-view.ts';
import { turnNewslettersOff } from '../members/newsletters-off.ts';
import { planMembers } from '../members/plan-members.ts';
import { writeMembers } from '../members/write-members.ts';
import { planPosts } from '../plan-posts.ts';
import { readerOf } from '../source-readers.ts';
import { importPosts, type PostContext } from './import-posts.ts';
import { copyUploadToDisk } from './open-upload.ts';
import { platformComments, platformPhase } from './platform-phase.ts';
import { failImport, finishImport, saveProgress } from './run-result.ts';

/** Members are written (and their progress counted) in slices of this many. */
const MEMBER_SLICE = 1000;
const GAVE_UP = 'The import stopped on an error it could not get past. Undo it, then try again; if it happens again, write to support.';
const FILE_GONE = 'The uploaded file is no longer kept. Upload it again to import it.';

/** Thrown between two steps when this server is stopping: pg-boss hands the job to a server that is not. */
class RunStopped extends Error {
  override name = 'RunStopped';
}

export function importsWorkDir(dataDir: string): string {
  return path.join(dataDir, 'imports-work');
}

export function createImportRunner(deps: ImportsDeps) {
  const { db, clock, logger } = deps;
  const workDir = importsWorkDir(deps.dataDir);
  let stopping = false;

  const step = () => {
    if (stopping) throw new RunStopped('the server is stopping');
  };

  async function runPhases(row: ImportRow, filePath: string): Promise<void> {
    const [site] = await db.select().from(sites).where(eq(sites.id, row.siteId)).limit(1);
    if (!site) return;
    const scope: ImportScope = { siteId: site.id, source: row.source, importId: row.id };
    const bundle = await readerOf(row.source)({ filePath, fileName: row.fileName, ...(row.sourceUrl ? { sourceUrl: row.sourceUrl } : {}) });
    try {
      const plan = await planMembers({ db, stripeForSite: deps.stripeForSite }, site, bundle);
      const slices = Math.ceil(plan.accepted.length / MEMBER_SLICE);
      const total = slices + planPosts(bundle.posts).posts;
      let context: PostContext = {};
      if (bundle.platform) context = await platformPhase(deps, scope, site, bundle, bundle.platform);
      step();
      await saveProgress(db, row.id, { phase: 'members', done: 0, total });
      // A file with posts only (a WordPress site) needs no tiers: members are written only when there are some.
      const members =
        plan.accepted.length === 0
          ? { linkedSubscriptions: 0, compedPatrons: 0 }
          : await writeMembers({ db, clock }, scope, site, plan, row.tierMap, { invitePatrons: row.invitePatrons }, async (done) => {
              step();
              await saveProgress(db, row.id, { phase: 'members', done: Math.ceil(done / MEMBER_SLICE), total });
            });
      await turnNewslettersOff({ db, clock }, scope, plan.newslettersOff);
      const progress = (done: number) => ({ phase: 'posts' as const, done: slices + done, total });
      await importPosts(deps, scope, bundle.posts, context, { step, progress }, workDir);
      if (bundle.platform) {
        await saveProgress(db, row.id, { phase: 'comments', done: total, total });
        await platformComments(deps, scope, bundle.platform);
      }
      await finishImport(db, row.id, members, clock(), total);
      await deps.siteChanged(site.id);
    } finally {
      await bundle.close();
    }
  }

  async function run(job: Job<ImportRunJobData>): Promise<void> {
    const [row] = await db.select().from(imports).where(eq(imports.id, job.data.importId)).limit(1);
    // Undone, finished or failed meanwhile (a retry of an attempt that did finish): nothing to do.
    if (row?.status !== 'running') return;
    const filePath = row.storageKey ? await copyUploadToDisk(deps.storage, row.storageKey, workDir) : undefined;
    if (!filePath) return failImport(db, row.id, FILE_GONE, clock());
    try {
      await runPhases(row, filePath);
    } catch (error) {
      if (stopping || error instanceof RunStopped) throw error;
      // The reader's refusal, in its words: the same file will not read better a second time.
      if (error instanceof AppError && error.status < 500) return failImport(db, row.id, error.message, clock());
      logger.error({ err: error, importId: row.id, attempt: job.retryCount }, 'import run failed');
      if (job.retryCount >= IMPORT_RUN_RETRY_LIMIT) return failImport(db, row.id, GAVE_UP, clock());
      throw error;
    } finally {
      await rm(filePath, { force: true });
    }
  }

  return {
    run,
    /** Ends the job in hand after its current step, so the server's stop does not wait for a whole import. */
    stop() {
      stopping = true;
    },
  };
}

