/**
 * A file already on this server's disk made into a media library item (an
 * import's copied images and attachments, docs/decisions/154): what it is is
 * told by its bytes, never by its name or a type someone declared; it is
 * refused as an upload would be (a kind the library takes no upload of, past
 * UPLOAD_MAX_BYTES, past the site's storage quota), with the same errors.
 * Then the steps of a tus upload: the row and its room in the quota first,
 * the file moved into storage, and the row turned `processing` in the
 * transaction that queues its processing job. After processing it is a
 * library item like any other.
 */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { MEDIA_ALT_MAX_LENGTH, type MediaKind } from '../../common/media.ts';
import type { Database } from '../../db/connect.ts';
import { media } from '../../db/content-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { JobQueue } from '../queue/index.ts';
import type { Storage } from '../storage/index.ts';
import { fileKindOf } from './file-kind.ts';
import { MEDIA_PROCESS_JOB, type MediaProcessJobData } from './media-jobs.ts';
import { originalKey } from './media-service.ts';
import { fitsInQuota } from './storage-quota.ts';
import { sanitizeFileName } from './upload-names.ts';

export interface FileImportDeps {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  clock: Clock;
  /** UPLOAD_MAX_BYTES: an imported file is held to an upload's limit. */
  maxBytes: number;
  /** SITE_STORAGE_QUOTA_BYTES: 0 for none. */
  siteQuotaBytes: number;
}

export interface FileToImport {
  siteId: string;
  /** Moved into storage when taken; left where it is when refused (the caller's to remove). */
  filePath: string;
  /** The name the library shows, cleaned as an upload's is. */
  originalName: string;
  alt?: string;
  /** Take a zip too: the file was a library item of another site of this platform (its export), sold as a product's file. */
  zip?: boolean;
}

export interface ImportedFile {
  id: string;
  kind: MediaKind;
  type: string;
  bytes: number;
}

export function createFileImport({ db, storage, queue, clock, maxBytes, siteQuotaBytes }: FileImportDeps) {
  return async function importFile({ siteId, filePath, originalName, alt = '', zip = false }: FileToImport): Promise<ImportedFile> {
    const { size: bytes } = await stat(filePath);
    if (bytes > maxBytes) throw new AppError('payload-too-large', 413);
    const found = await fileKindOf(filePath, { zip });
    if (!found) throw new AppError('unsupported-media-type', 415);
    const id = randomUUID();
    const storageKey = originalKey(siteId, id);
    await db.transaction(async (tx) => {
      if (!(await fitsInQuota(tx, siteId, bytes, siteQuotaBytes))) throw new AppError('storage-quota-exceeded', 413);
      await tx.insert(media).values({
        id,
        siteId,
        kind: found.kind,
        originalName: sanitizeFileName(originalName),
        type: found.type,
        bytes,
        status: 'uploading',
        storageKey,
        alt: alt.trim().slice(0, MEDIA_ALT_MAX_LENGTH),
      });
    });
    try {
      await storage.putFile(storageKey, filePath, { move: true });
    } catch (error) {
      // Nothing stored: the row gives its room in the quota back. (A server that dies here leaves an `uploading` row, which the clean-up of expired uploads removes.)
      await db.delete(media).where(and(eq(media.id, id), eq(media.status, 'uploading')));
      throw error;
    }
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(media)
        .set({ status: 'processing', progress: 0, updatedAt: clock() })
        .where(and(eq(media.id, id), eq(media.status, 'uploading')))
        .returning({ id: media.id });
      if (updated.length > 0) await queue.send(MEDIA_PROCESS_JOB, { mediaId: id } satisfies MediaProcessJobData, tx);
    });
    return { id, kind: found.kind, type: found.type, bytes };
  };
}
