/**
 * Everything the imports feature runs on for one server: the service the
 * routes call, where uploads wait, the run's worker on the job queue, and the
 * clean-up of old uploads; started and stopped with the server (runtime.ts).
 */
import { forgetOldUploads } from './forget-old-uploads.ts';
import type { ImportsDeps } from './import-deps.ts';
import { IMPORT_RUN_JOB, type ImportRunJobData } from './import-jobs.ts';
import { createImportsService } from './imports-service.ts';
import { createImportRunner, importsWorkDir } from './run/run-import.ts';

export function createImports(deps: ImportsDeps) {
  const runner = createImportRunner(deps);
  return {
    service: createImportsService(deps),
    uploads: { dir: importsWorkDir(deps.dataDir), maxBytes: deps.maxFileBytes },
    /** For the clean-up job: uploads older than 30 days. */
    forgetOldUploads: () => forgetOldUploads(deps),
    /** Registers the run's worker; the queue itself is started by the media room (services.ts). */
    start: () => deps.queue.work<ImportRunJobData>(IMPORT_RUN_JOB, (job) => runner.run(job)),
    /** Before the queue stops: the run in hand ends after its current step and is taken up again later. */
    stop: () => runner.stop(),
  };
}
