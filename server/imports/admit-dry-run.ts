/**
 * Before `POST /api/imports` reads its body: so many dry runs an hour per
 * creator (RATE_LIMIT_IMPORT_DRY_RUNS_PER_HOUR), counted by the house's rate
 * limits (server/rate-limits/). Each dry run reads a file of up to 2 GiB and
 * keeps it in storage, so without a limit uploads could fill the disk
 * (docs/decisions/160, after the security review).
 */
import { tooManyRequests } from '../errors.ts';
import type { ImportsDeps } from './import-deps.ts';

const HOUR_SECONDS = 3600;

export async function admitDryRun({ rateLimiter, dryRunsPerHour }: Pick<ImportsDeps, 'rateLimiter' | 'dryRunsPerHour'>, ownerId: string): Promise<void> {
  const wait = await rateLimiter.overLimit(`import-dry-run:${ownerId}`, dryRunsPerHour, HOUR_SECONDS);
  if (wait !== undefined) throw tooManyRequests(wait, 'file');
}
