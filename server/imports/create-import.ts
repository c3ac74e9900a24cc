/**
 * `POST /api/imports`: the dry run. The uploaded file is read by its source's
 * reader, its members planned (members/plan-members.ts) and its posts counted
 * (plan-posts.ts); nothing is written but the `imports` row, which keeps the
 * counts, the source's plans to map and the problems, and the file itself,
 * moved into storage for the run (`imports/{siteId}/{importId}/file`).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { ImportCounts, ImportProblem, ImportUploadFields } from '../../common/api/imports.ts';
import { imports } from '../../db/move-schema.ts';
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
      try {
        const [row] = await db
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
            problems: keptProblems([...bundle.problems, ...posts.problems, ...members.problems]),
            createdAt: deps.clock(),
          })
          .returning();
        return row!;
      } catch (error) {
        await storage.deletePrefix(`imports/${site.id}/${id}/`);
        throw error;
      }
    } finally {
      await bundle.close();
    }
  } finally {
    await rm(upload.filePath, { force: true });
  }
}
