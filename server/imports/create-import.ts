/**
 * `POST /api/imports`: the dry run. The uploaded file is read by its source's
 * reader, its members planned (members/plan-members.ts), its posts counted
 * (plan-posts.ts) and the files they link to checked through the address guard
 * (check-post-files.ts); nothing is written but the `imports` row, which keeps the
 * counts, the source's plans to map and the problems, and the file itself,
 * moved into storage for the run (`imports/{siteId}/{importId}/file`).
 * A site keeps one planned import: a new dry run deletes the earlier planned
 * one and its file (the page starts over from a dry run anyway), so files that
 * never run do not pile up for 30 days (docs/decisions/160, after review).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ImportCounts, ImportProblem, ImportUploadFields } from '../../common/api/imports.ts';
import { imports } from '../../db/move-schema.ts';
import { checkPostFiles } from './check-post-files.ts';
import { siteOfCreator } from './find-import.ts';
import type { ImportsDeps } from './import-deps.ts';
import type { ImportRow } from './import-view.ts';
import { planMembers } from './members/plan-members.ts';
import { planPosts } from './plan-posts.ts';
import type { ReceivedUpload } from './receive-upload.ts';
import { readerOf } from './source-readers.ts';

/** A file with thousands of bad rows lists the first ones and says how many more: the row stays small. */
const PROBLEMS_KEPT = 500;

const uploadKey = (siteId: string, importId: string) => `imports/${siteId}/${importId}/file`;

/** A replaced import's file; its row is gone, so a file left by a failure here is only logged. */
async function forgetUpload({ storage, logger }: ImportsDeps, siteId: string, importId: string): Promise<void> {
  try {
    await storage.deletePrefix(`imports/${siteId}/${importId}/`);
  } catch (error) {
    logger.error({ err: error, importId }, 'import: the file of a replaced dry run could not be deleted');
  }
}

function keptProblems(problems: readonly ImportProblem[]): ImportProblem[] {
  if (problems.length <= PROBLEMS_KEPT) return [...problems];
  const more = problems.length - PROBLEMS_KEPT;
  return [...problems.slice(0, PROBLEMS_KEPT), { where: 'The file', message: `${more} more ${more === 1 ? 'problem' : 'problems'} like these.` }];
}

export async function createImport(deps: ImportsDeps, ownerId: string, fields: ImportUploadFields, upload: ReceivedUpload): Promise<ImportRow> {
  const { db, storage, stripeForSite } = deps;
  try {
    const site = await siteOfCreator(db, ownerId);
    const bundle = await readerOf(fields.source)({ filePath: upload.filePath, fileName: upload.fileName, ...(fields.sourceUrl ? { sourceUrl: fields.sourceUrl } : {}) });
    try {
      const members = await planMembers({ db, stripeForSite }, site, bundle);
      const posts = planPosts(bundle.posts);
      const fileProblems = await checkPostFiles(deps, { siteId: site.id, source: fields.source }, bundle.posts);
      const counts: ImportCounts = {
        posts: posts.posts,
        members: members.counts.members,
        paidMembers: members.counts.paidMembers,
        files: posts.files + (bundle.platform?.media.length ?? 0),
        ...(bundle.platform ? { comments: bundle.platform.comments.length } : {}),
      };
      const id = randomUUID();
      const storageKey = uploadKey(site.id, id);
      await storage.putFile(storageKey, upload.filePath, { move: true });
      let planned;
      try {
        planned = await db.transaction(async (tx) => {
          // The site's dry runs take turns here, so two at once leave the later one, never neither.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`import-plan:${site.id}`}, 0))`);
          const [row] = await tx
            .insert(imports)
            .values({
              id,
              siteId: site.id,
              source: fields.source,
              fileName: upload.fileName,
              storageKey,
              fileBytes: upload.bytes,
              sourceUrl: fields.sourceUrl ?? null,
              counts,
              tierChoices: members.tierChoices,
              problems: keptProblems([...bundle.problems, ...posts.problems, ...fileProblems, ...members.problems]),
              createdAt: deps.clock(),
            })
            .returning();
          // A run started meanwhile turned its row `running`: this leaves it be.
          const replaced = await tx
            .delete(imports)
            .where(and(eq(imports.siteId, site.id), eq(imports.status, 'planned'), ne(imports.id, id)))
            .returning({ id: imports.id });
          return { row: row!, replaced };
        });
      } catch (error) {
        await storage.deletePrefix(`imports/${site.id}/${id}/`);
        throw error;
      }
      for (const old of planned.replaced) await forgetUpload(deps, site.id, old.id);
      return planned.row;
    } finally {
      await bundle.close();
    }
  } finally {
    await rm(upload.filePath, { force: true });
  }
}
