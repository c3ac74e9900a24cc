/** The creator's imports as one service for the routes: each call a use case of its own file, answered as the API shows it. */
import type { ImportRunInput, ImportUploadFields, ImportView } from '../../common/api/imports.ts';
import { admitDryRun } from './admit-dry-run.ts';
import { createImport } from './create-import.ts';
import { findImport, lastImports, siteOfCreator } from './find-import.ts';
import type { ImportsDeps } from './import-deps.ts';
import { importView } from './import-view.ts';
import type { ReceivedUpload } from './receive-upload.ts';
import { startRun } from './start-run.ts';
import { undoImport } from './undo-import.ts';

export function createImportsService(deps: ImportsDeps) {
  const view = (row: Parameters<typeof importView>[0]) => importView(row, deps.clock());
  return {
    /** Before a dry run's upload is read: 429 past the creator's dry runs of the hour. */
    admitDryRun(ownerId: string): Promise<void> {
      return admitDryRun(deps, ownerId);
    },
    /** The dry run of an uploaded file; the caller's temp file is taken (moved or removed). */
    async create(ownerId: string, fields: ImportUploadFields, upload: ReceivedUpload): Promise<ImportView> {
      return view(await createImport(deps, ownerId, fields, upload));
    },
    async list(ownerId: string): Promise<ImportView[]> {
      const site = await siteOfCreator(deps.db, ownerId);
      return (await lastImports(deps.db, site.id)).map(view);
    },
    async get(ownerId: string, id: string): Promise<ImportView> {
      const site = await siteOfCreator(deps.db, ownerId);
      return view(await findImport(deps.db, site.id, id));
    },
    async run(ownerId: string, id: string, input: ImportRunInput): Promise<ImportView> {
      return view(await startRun(deps, ownerId, id, input));
    },
    async undo(ownerId: string, id: string): Promise<ImportView> {
      return view(await undoImport(deps, ownerId, id));
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
