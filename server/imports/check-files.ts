/**
 * The dry run's look at the files the run would copy: each address asked through the address guard as the run
 * fetches it (same timeout, size limit and Accept), at most FETCHES_AT_ONCE at a time, reading only the answer's
 * status line and headers, all within one budget (docs/decisions/177).
 *
 * The budget: a host that never answers holds each check for the whole fetch timeout (20 s), so 2,000 files on a dead
 * host would hold the dry run for over an hour; past CHECKS_BUDGET_MS the checks in flight stop and the files not yet
 * answered are counted, not named. It is longer than the fetch timeout, so a few hanging files are still named as
 * hanging. The dry run of 1,000 posts with 2,000 images, on a host that answers each after 20 ms, needs about
 * 2,000 / 8 × 20 ms ≈ 5 s of it (a fresh connection a check, which loopback makes in well under a millisecond), beside
 * the 2 s the rest of the dry run took: far under the 30 s.
 */
import { AddressRefused } from '../address-guard/index.ts';
import { eachBounded, FETCH_MAX_BYTES, FETCHES_AT_ONCE } from './file-fetches.ts';
import type { ImportsDeps } from './import-deps.ts';
import type { FileWanted } from './post-files.ts';

export const CHECKS_BUDGET_MS = 25_000;

export interface FilesChecked {
  /** Address → why the run would not copy it, in the guard's words. */
  failures: Map<string, string>;
  /** Files the budget ran out on, or whose check failed on our side (logged). */
  unchecked: number;
}

export async function checkFiles(deps: Pick<ImportsDeps, 'checkAddress' | 'fetchTimeoutMs' | 'logger'>, files: readonly FileWanted[], budgetMs = CHECKS_BUDGET_MS): Promise<FilesChecked> {
  const failures = new Map<string, string>();
  let unchecked = 0;
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(new Error('the dry run has no more time for its files')), budgetMs);
  try {
    await eachBounded(files, FETCHES_AT_ONCE, async (file) => {
      if (budget.signal.aborted) {
        unchecked += 1;
        return;
      }
      try {
        await deps.checkAddress(file.url, { timeoutMs: deps.fetchTimeoutMs, maxBytes: FETCH_MAX_BYTES, accept: file.image ? 'image' : 'any', signal: budget.signal });
      } catch (error) {
        if (error instanceof AddressRefused) return void failures.set(file.url, error.message);
        if (!budget.signal.aborted) deps.logger.warn({ err: error, url: file.url }, 'import: a file could not be checked');
        unchecked += 1;
      }
    });
  } finally {
    clearTimeout(timer);
  }
  return { failures, unchecked };
}
