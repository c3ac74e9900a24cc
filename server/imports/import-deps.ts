/**
 * What the imports room is handed by the composition root (server/services.ts):
 * real parts, each use case taking the ones it needs. The fetch of a file and
 * the media it becomes are the address guard's and the media room's; the
 * members' plan and write are this room's members/ (part of the same room).
 */
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { PaymentsReady, StripeForSite } from '../payments/index.ts';
import type { JobQueue } from '../queue/index.ts';
import type { SiteChanged } from '../sites/index.ts';
import type { Storage } from '../storage/index.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { MediaKind } from '../../common/media.ts';

interface FetchToFile {
  (url: string, destPath: string, options: { timeoutMs: number; maxBytes: number; accept?: 'image' | 'any' }): Promise<unknown>;
}

interface CheckAddress {
  (url: string, options: { timeoutMs: number; maxBytes: number; accept?: 'image' | 'any'; signal?: AbortSignal }): Promise<unknown>;
}

interface ImportFile {
  (input: { siteId: string; filePath: string; originalName: string; alt?: string; zip?: boolean }): Promise<{ id: string; kind: MediaKind; type: string; bytes: number }>;
}

export interface ImportsDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  storage: Storage;
  queue: JobQueue;
  /** DATA_DIR: the uploads and the files being fetched wait in `imports-work/` under it. */
  dataDir: string;
  /** The largest upload taken (IMPORT_MAX_FILE_BYTES; tests give a smaller one). */
  maxFileBytes: number;
  siteChanged: SiteChanged;
  /** The house's rate limits: dry runs are counted per creator (admit-dry-run.ts). */
  rateLimiter: Pick<RateLimiter, 'overLimit'>;
  /** RATE_LIMIT_IMPORT_DRY_RUNS_PER_HOUR. */
  dryRunsPerHour: number;
  stripeForSite: StripeForSite;
  /** Whether the site can take money: an imported discount offer gets its coupon only then (server/offers/). */
  paymentsReady: PaymentsReady;
  /** The address guard's fetch (server/address-guard/). */
  fetchToFile: FetchToFile;
  /** The address guard's look at a file's answer, its head only: the dry run's check (check-post-files.ts). */
  checkAddress: CheckAddress;
  /** IMPORT_FETCH_TIMEOUT_MS: how long one file may take, checked or fetched. */
  fetchTimeoutMs: number;
  /** The media room's file into the library (server/media/). */
  importFile: ImportFile;
}
