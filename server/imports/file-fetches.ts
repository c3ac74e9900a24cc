/**
 * How an import reaches the source's files, the dry run's check and the run's copy alike: at most 8 at once,
 * enough to hide the source's latency, few enough not to hammer its host or fill this server's sockets and disk;
 * 50 MB a file; and a file that fails named in the creator's words with the first post that links to it
 * ("Post “Hello” — Image https://…/a.png: The server answered 404."), so the dry run says what the run will.
 */
import type { ImportProblem } from '../../common/api/imports.ts';
import { postWhere } from './plan-posts.ts';
import type { FileWanted } from './post-files.ts';
import type { SourcePost } from './sources/source-bundle.ts';

export const FETCHES_AT_ONCE = 8;
export const FETCH_MAX_BYTES = 50 * 1024 * 1024;

const FILE_PROBLEM = /^(Image|File) https?:\/\//i;
/** The dry run's line for the files it had no time to check. */
const UNCHECKED_WHERE = 'Images and files';

/** Runs `work` over `items`, at most `limit` at a time, in no particular order. */
export async function eachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function fileProblem(post: SourcePost, file: Pick<FileWanted, 'url' | 'image'>, words: string): ImportProblem {
  return { where: postWhere(post), message: `${file.image ? 'Image' : 'File'} ${file.url}: ${words}` };
}

/** The files the dry run did not check: the run tries each, and names those it cannot copy. */
export function uncheckedProblem(count: number, budgetMs: number): ImportProblem {
  const files = count === 1 ? '1 file was' : `${count} files were`;
  return { where: UNCHECKED_WHERE, message: `${files} not checked in the ${Math.round(budgetMs / 1000)} seconds the dry run gives them; the import tries each and names any it cannot copy.` };
}

/** A problem of the source's files, one of them or those left unchecked: the run fetches each again, so what the dry run foresaw gives way to what the run finds. */
export function isFileProblem(problem: ImportProblem): boolean {
  return problem.where === UNCHECKED_WHERE || FILE_PROBLEM.test(problem.message);
}
