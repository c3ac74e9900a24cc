/**
 * A post's images and files copied into the media library: each address
 * fetched through the address guard (IMPORT_FETCH_TIMEOUT_MS, 20 s unless set;
 * 50 MB a file; images checked to be images), stored by the media room's
 * importFile, and recorded as an item keyed by its address, so a second post
 * naming the same address, or a resumed run, uses the copy already made. At
 * most 8 fetches at once (file-fetches.ts): 2,000 images in well under the 3
 * minutes a whole import may take. A file that cannot be fetched or is not
 * media is a problem by name, never a failed import.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { MediaKind } from '../../../common/media.ts';
import { media } from '../../../db/content-schema.ts';
import { AddressRefused } from '../../address-guard/index.ts';
import { AppError } from '../../errors.ts';
import { eachBounded, FETCH_MAX_BYTES, FETCHES_AT_ONCE } from '../file-fetches.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import type { ImportsDeps } from '../import-deps.ts';
import type { FileWanted } from '../post-files.ts';

export interface CopiedFile {
  id: string;
  kind: MediaKind;
}

/** The name the library shows: the address's last part, or a plain word. */
function nameOf(url: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '');
    return last.replace(/[\p{Cc}\p{Cf}/\\]/gu, '').slice(0, 200) || 'file';
  } catch {
    return 'file';
  }
}

/** The guard's and the library's refusals are written for the creator; anything else is ours to log, not theirs to read. */
function plainWords(deps: ImportsDeps, url: string, error: unknown): string {
  if (error instanceof AddressRefused || error instanceof AppError) return error.message;
  deps.logger.warn({ err: error, url }, 'import: a file could not be copied');
  return 'It could not be copied.';
}

async function mediaKinds(deps: ImportsDeps, siteId: string, ids: string[]): Promise<Map<string, MediaKind>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: media.id, kind: media.kind })
    .from(media)
    .where(and(eq(media.siteId, siteId), inArray(media.id, ids)));
  return new Map(rows.map((row) => [row.id, row.kind]));
}

/**
 * Copies what `wanted` names that no earlier post or attempt copied; answers every address's media (copied
 * now or before) and, for those that could not be copied, why. `workDir` holds each file while it is fetched.
 */
export async function copyFiles(deps: ImportsDeps, scope: ImportScope, wanted: readonly FileWanted[], workDir: string): Promise<{ copied: Map<string, CopiedFile>; failures: Map<string, string> }> {
  const copied = new Map<string, CopiedFile>();
  const failures = new Map<string, string>();
  const unique = [...new Map(wanted.map((file) => [file.url, file])).values()];
  const before = await findItems(deps.db, scope, 'media', unique.map((file) => file.url));
  const kinds = await mediaKinds(deps, scope.siteId, [...before.values()]);
  for (const [url, id] of before) {
    const kind = kinds.get(id);
    if (kind) copied.set(url, { id, kind });
  }
  const todo = unique.filter((file) => !before.has(file.url));
  await eachBounded(todo, FETCHES_AT_ONCE, async (file) => {
    const filePath = path.join(workDir, `fetch-${randomUUID()}`);
    try {
      await deps.fetchToFile(file.url, filePath, { timeoutMs: deps.fetchTimeoutMs, maxBytes: FETCH_MAX_BYTES, accept: file.image ? 'image' : 'any' });
      const media = await deps.importFile({ siteId: scope.siteId, filePath, originalName: nameOf(file.url), ...(file.alt ? { alt: file.alt } : {}) });
      await recordItems(deps.db, scope, 'media', [{ sourceKey: file.url, targetId: media.id }]);
      copied.set(file.url, { id: media.id, kind: media.kind });
    } catch (error) {
      failures.set(file.url, plainWords(deps, file.url, error));
    } finally {
      await rm(filePath, { force: true });
    }
  });
  return { copied, failures };
}
