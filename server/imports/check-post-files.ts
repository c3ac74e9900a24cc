/**
 * The dry run's problems of a file's images and files (issue 30 item 2, "an image that cannot be fetched"): of
 * the posts the run would write (not refused, not made by an earlier import of the same source), the files no
 * earlier import copied, each checked once (check-files.ts), and each that fails named as the run names it, with
 * the first post that links to it.
 */
import type { ImportProblem } from '../../common/api/imports.ts';
import { CHECKS_BUDGET_MS, checkFiles } from './check-files.ts';
import { fileProblem, uncheckedProblem } from './file-fetches.ts';
import type { ImportsDeps } from './import-deps.ts';
import { findItems, type ImportScope } from './import-items.ts';
import { postRefusal } from './plan-posts.ts';
import { filesWanted, type FileWanted } from './post-files.ts';
import type { SourcePost } from './sources/source-bundle.ts';

type CheckDeps = Pick<ImportsDeps, 'db' | 'checkAddress' | 'fetchTimeoutMs' | 'logger'>;

export async function checkPostFiles(deps: CheckDeps, scope: Pick<ImportScope, 'siteId' | 'source'>, posts: readonly SourcePost[]): Promise<ImportProblem[]> {
  const wanted = posts.filter((post) => postRefusal(post) === null);
  const made = await findItems(deps.db, scope, 'post', wanted.map((post) => post.key));
  const firstUse = new Map<string, { post: SourcePost; file: FileWanted }>();
  for (const post of wanted) {
    if (made.has(post.key)) continue;
    for (const file of filesWanted(post)) if (!firstUse.has(file.url)) firstUse.set(file.url, { post, file });
  }
  const copied = await findItems(deps.db, scope, 'media', [...firstUse.keys()]);
  const todo = [...firstUse.values()].filter(({ file }) => !copied.has(file.url)).map(({ file }) => file);
  const checked = await checkFiles(deps, todo);
  const problems = [...firstUse.values()].flatMap(({ post, file }) => {
    const words = checked.failures.get(file.url);
    return words === undefined ? [] : [fileProblem(post, file, words)];
  });
  if (checked.unchecked > 0) problems.push(uncheckedProblem(checked.unchecked, CHECKS_BUDGET_MS));
  return problems;
}
