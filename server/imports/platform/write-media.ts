/**
 * The export's media originals into this site's library: each entry streamed
 * (its SHA-256 checked by the reader) to a temporary file and handed to the
 * media room's importFile, which stores and processes it as an upload (a zip
 * too: it was a library item there, sold as a product's file). One the
 * library refuses (its kind, its size) is left out with a problem, and the
 * run goes on. Recorded as kind `media` by the export's id, so a rerun makes
 * none twice.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ImportsDeps } from '../import-deps.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import type { SourceBundle } from '../sources/source-bundle.ts';
import { AppError } from '../../errors.ts';
import { addProblems } from './run-problems.ts';

/** Export media id → the new media id (made now or by an earlier run of the same file). */
export async function writePlatformMedia(deps: ImportsDeps, scope: ImportScope, bundle: SourceBundle): Promise<Map<string, string>> {
  const items = bundle.platform?.media ?? [];
  const mediaIdByKey = await findItems(deps.db, scope, 'media', items.map((item) => item.key));
  const workDir = path.join(deps.dataDir, 'imports-work');
  await mkdir(workDir, { recursive: true });
  for (const item of items) {
    if (mediaIdByKey.has(item.key)) continue;
    const body = await bundle.openEntry(item.entry);
    if (!body) continue;
    const filePath = path.join(workDir, `platform-media-${randomUUID()}`);
    try {
      await pipeline(body, createWriteStream(filePath));
      const made = await deps.importFile({ siteId: scope.siteId, filePath, originalName: item.originalName, alt: item.alt, zip: true }).catch((error: unknown) => {
        if (error instanceof AppError && (error.code === 'unsupported-media-type' || error.code === 'payload-too-large')) return error;
        throw error;
      });
      if (made instanceof AppError) {
        await addProblems(deps.db, scope.importId, [{ where: item.entry, message: `${made.message} The file is left out.` }]);
        continue;
      }
      await recordItems(deps.db, scope, 'media', [{ sourceKey: item.key, targetId: made.id }]);
      mediaIdByKey.set(item.key, made.id);
    } finally {
      await rm(filePath, { force: true });
    }
  }
  return mediaIdByKey;
}
