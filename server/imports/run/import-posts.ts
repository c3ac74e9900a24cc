/**
 * The run's posts, one by one, each in its own transaction with its items:
 * its files first (copy-files.ts, a few posts' files fetched together), then
 * its HTML with the copied images turned into the library's media blocks (the
 * posts room's HTML import), the slug kept where free, and its old addresses
 * written for the 301s. A post an earlier run or attempt made is skipped, under
 * a lock on its key, so two servers working the same import never make it twice.
 */
import { eq, sql } from 'drizzle-orm';
import type { ImportProblem } from '../../../common/api/imports.ts';
import type { EditorDocument } from '../../../common/posts.ts';
import { imports, postRedirects } from '../../../db/move-schema.ts';
import type { Transaction } from '../../../db/transaction.ts';
import { importHtml, writeImportedPost } from '../../posts/index.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import type { ImportsDeps } from '../import-deps.ts';
import { fileProblem, FETCHES_AT_ONCE } from '../file-fetches.ts';
import { letRequestsIn } from '../let-requests-in.ts';
import { postRefusal } from '../plan-posts.ts';
import { filesWanted } from '../post-files.ts';
import type { SourcePost } from '../sources/source-bundle.ts';
import { copyFiles, type CopiedFile } from './copy-files.ts';

/** What a post of our own export needs beside the post: its media and tiers made by the platform phase. */
export interface PostContext {
  /** Our own export: the document's media keys → the new media; the cover's entry → the new media. */
  remapDocument?: (document: EditorDocument) => EditorDocument;
  coverOfEntry?: (entry: string) => string | undefined;
  tierIdsOf?: (names: readonly string[]) => string[];
}

export interface PostsRun {
  /** Told after each post; throws to stop the run (the server is stopping). */
  step: () => void;
  progress: (done: number) => { phase: 'posts'; done: number; total: number };
}

async function writePost(deps: ImportsDeps, tx: Transaction, scope: ImportScope, post: SourcePost, copied: ReadonlyMap<string, CopiedFile>, context: PostContext): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`import-post:${scope.siteId}:${scope.source}:${post.key}`}, 0))`);
  if ((await findItems(tx, scope, 'post', [post.key])).size > 0) return false;
  const document = post.document && context.remapDocument ? context.remapDocument(post.document) : importHtml(post.html, copied);
  const cover = post.cover ? ('url' in post.cover ? copied.get(post.cover.url) : undefined) : undefined;
  const coverMediaId = cover?.kind === 'image' ? cover.id : post.cover && 'entry' in post.cover ? (context.coverOfEntry?.(post.cover.entry) ?? null) : null;
  const tierIds = post.visibility === 'tiers' ? (context.tierIdsOf?.(post.tierNames ?? []) ?? []) : [];
  const made = await writeImportedPost(
    tx,
    scope.siteId,
    { slug: post.slug, title: post.title.trim(), excerpt: post.excerpt, document, status: post.status, publishedAt: post.publishedAt, createdAt: post.createdAt, updatedAt: post.updatedAt, visibility: post.visibility, tierIds, coverMediaId },
    deps.clock(),
  );
  await recordItems(tx, scope, 'post', [{ sourceKey: post.key, targetId: made.id }]);
  const paths = [...new Set(post.oldPaths.filter((path) => path.startsWith('/') && path.length <= 2000))];
  if (paths.length > 0) await tx.insert(postRedirects).values(paths.map((path) => ({ siteId: scope.siteId, path, postId: made.id }))).onConflictDoNothing();
  return true;
}

/** The post's files that could not be copied and no earlier post of the run was told of; they are told now. */
function filesProblems(post: SourcePost, failures: ReadonlyMap<string, string>, told: Set<string>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const file of filesWanted(post)) {
    const words = failures.get(file.url);
    if (words === undefined || told.has(file.url)) continue;
    told.add(file.url);
    problems.push(fileProblem(post, file, words));
  }
  return problems;
}

async function saveStep(tx: Transaction, importId: string, problems: readonly ImportProblem[], progress: ReturnType<PostsRun['progress']>) {
  await tx
    .update(imports)
    .set({ progress, ...(problems.length > 0 ? { problems: sql`${imports.problems} || ${JSON.stringify(problems)}::jsonb` } : {}) })
    .where(eq(imports.id, importId));
}

/** Writes the posts no earlier attempt made; answers how many this call made. */
export async function importPosts(deps: ImportsDeps, scope: ImportScope, posts: readonly SourcePost[], context: PostContext, run: PostsRun, workDir: string): Promise<number> {
  const wanted = posts.filter((post) => postRefusal(post) === null);
  // A file that fails is told once, with the first post that names it, as the dry run told it (check-post-files.ts).
  const told = new Set<string>();
  let done = 0;
  let made = 0;
  // A few posts at a time: their files are fetched together (within the bound), then the posts written in order.
  for (let start = 0; start < wanted.length; start += FETCHES_AT_ONCE) {
    const batch = wanted.slice(start, start + FETCHES_AT_ONCE);
    const already = await findItems(deps.db, scope, 'post', batch.map((post) => post.key));
    const todo = batch.filter((post) => !already.has(post.key));
    const files = await copyFiles(deps, scope, todo.flatMap(filesWanted), workDir);
    for (const post of batch) {
      run.step();
      // A batch whose files were all copied before (a resumed run, posts without images) is queries only.
      await letRequestsIn();
      done += 1;
      const problems = already.has(post.key) ? [] : filesProblems(post, files.failures, told);
      const wrote = await deps.db.transaction(async (tx) => {
        const written = !already.has(post.key) && (await writePost(deps, tx, scope, post, files.copied, context));
        await saveStep(tx, scope.importId, problems, run.progress(done));
        return written;
      });
      if (wrote) made += 1;
    }
  }
  return made;
}
