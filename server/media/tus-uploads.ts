/**
 * Resumable uploads at /api/uploads (tus 1.0 with creation, termination and
 * expiration; DESIGN.md "HTTP API added"). Everything an upload is refused
 * for is decided when it is created, before a byte is stored: its declared
 * length (UPLOAD_MAX_BYTES), its declared type, its site, the room left in
 * the site's storage quota (SITE_STORAGE_QUOTA_BYTES). Parts live in a
 * @tus/file-store folder that several servers share, under the shared locker
 * (docs/decisions/034-media-storage-and-shared-uploads.md). The upload id is
 * the media id; a finished upload moves into storage and queues its processing
 * in the same transaction that marks it `processing`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type Upload } from '@tus/server';
import { and, eq, lt } from 'drizzle-orm';
import { UPLOADS_PATH } from '../../common/api/media.ts';
import type { ErrorCode } from '../../common/error-codes.ts';
import { ACCEPTED_MEDIA_TYPES } from '../../common/media.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { Database } from '../../db/connect.ts';
import { media } from '../../db/content-schema.ts';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import type { Clock } from '../clock.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../http/index.ts';
import type { Logger } from '../logger.ts';
import type { JobQueue } from '../queue/index.ts';
import type { Site } from '../sites/index.ts';
import type { Storage } from '../storage/index.ts';
import { MEDIA_PROCESS_JOB, type MediaProcessJobData } from './media-jobs.ts';
import { mediaPrefix, originalKey } from './media-service.ts';
import { fitsInQuota } from './storage-quota.ts';
import { sanitizeFileName } from './upload-names.ts';
import type { SharedLocker } from './upload-locker.ts';

export interface UploadsDeps {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  clock: Clock;
  logger: Logger;
  /** The shared folder of unfinished uploads' parts. */
  partsDir: string;
  maxBytes: number;
  /** SITE_STORAGE_QUOTA_BYTES: 0 for none. */
  siteQuotaBytes: number;
  expiryMs: number;
  /** The only origin tus's CORS headers name: uploads come from the studio, never from another site. */
  appOrigin: string;
  /** Made on first use: the shared locker opens its own connection. */
  locker: () => Promise<SharedLocker>;
}

/** What the route checked of a request before handing it to tus: the caller's site, and the upload it owns (none at the root). */
export interface UploadRequest {
  site: Site;
  uploadId?: string;
}

/** tus hands hooks a web Request; the node request under it is the Express one, which carries what the route checked. */
const checkedRequests = new WeakMap<IncomingMessage, UploadRequest>();

export function rememberUploadRequest(req: IncomingMessage, checked: UploadRequest): void {
  checkedRequests.set(req, checked);
}

/** srvx's request on Node: the node request and response sit at `runtime.node` (older versions: `node`). */
type NodeBackedRequest = Request & { runtime?: { node?: { req: IncomingMessage; res?: ServerResponse } }; node?: { req: IncomingMessage; res?: ServerResponse } };

function nodeOf(req: Request) {
  const { runtime, node } = req as NodeBackedRequest;
  return runtime?.node ?? node;
}

function checkedRequestOf(req: Request): UploadRequest {
  const incoming = nodeOf(req)?.req;
  const checked = incoming ? checkedRequests.get(incoming) : undefined;
  // The route sets it before tus runs; reaching here without it is a wiring mistake.
  if (!checked) throw new Error('upload request the route did not check');
  return checked;
}

const errorBody = (code: ErrorCode) => JSON.stringify({ error: { code, message: SERVER_MESSAGES[code] } });

/** A refusal in the API's error shape: tus answers a thrown error's `status_code` with its `body`. */
class UploadRefused extends Error {
  override name = 'UploadRefused';
  readonly status_code: number;
  readonly body: string;
  constructor(statusCode: number, code: ErrorCode) {
    super(SERVER_MESSAGES[code]);
    this.status_code = statusCode;
    this.body = errorBody(code);
  }
}

export function createUploads({ db, storage, queue, clock, logger, partsDir, maxBytes, siteQuotaBytes, expiryMs, appOrigin, locker }: UploadsDeps) {
  const datastore = new FileStore({ directory: partsDir, expirationPeriodInMilliseconds: expiryMs });

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    locker,
    relativeLocation: true,
    allowedOrigins: [appOrigin],
    maxSize: maxBytes,
    namingFunction: () => randomUUID(),
    // The id whose ownership the route checked, never one tus would read from the rest of the URL.
    getFileIdFromRequest: (req) => checkedRequestOf(req).uploadId,
    async onUploadCreate(req, upload) {
      const { site } = checkedRequestOf(req);
      if (upload.sizeIsDeferred || upload.size === undefined) throw new UploadRefused(400, 'invalid-input');
      const type = (upload.metadata?.filetype ?? '').toLowerCase();
      const kind = ACCEPTED_MEDIA_TYPES[type];
      if (!kind) throw new UploadRefused(415, 'unsupported-media-type');
      const originalName = sanitizeFileName(upload.metadata?.filename);
      const size = upload.size;
      await db.transaction(async (tx) => {
        // 413 like UPLOAD_MAX_BYTES, not 507: a refusal of this request that no retry fixes (tus clients retry a 5xx).
        if (!(await fitsInQuota(tx, site.id, size, siteQuotaBytes))) throw new UploadRefused(413, 'storage-quota-exceeded');
        await tx.insert(media).values({
          id: upload.id,
          siteId: site.id,
          kind,
          originalName,
          type,
          bytes: size,
          status: 'uploading',
          storageKey: originalKey(site.id, upload.id),
        });
      });
      return { metadata: { ...upload.metadata, filename: originalName, filetype: type } };
    },
    async onUploadFinish(_req, upload) {
      await finish(upload);
      return {};
    },
    // tus puts an unexpected error's message in its answer; ours may name paths or queries, so it goes to the log instead.
    onResponseError(req, error) {
      if ('status_code' in error && error.status_code < 500) return undefined;
      // As the API's error handler answers an outage: a retry may succeed, and tus clients retry a 503.
      if (isDatabaseUnavailable(error)) {
        logger.warn({ err: error }, 'database unavailable');
        // tus builds its answer's headers itself; Node merges the ones already set on the response into them.
        nodeOf(req)?.res?.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
        return { status_code: 503, body: errorBody('service-unavailable') };
      }
      logger.error({ err: error }, 'upload failed');
      return { status_code: 500, body: errorBody('internal-error') };
    },
  });

  tus.on(EVENTS.POST_TERMINATE, (_req: unknown, _res: unknown, id: string) => {
    db.delete(media)
      .where(and(eq(media.id, id), eq(media.status, 'uploading')))
      .catch((error: unknown) => logger.error({ err: error, mediaId: id }, 'could not delete the row of a cancelled upload'));
  });

  /** The parts become the original in storage, then the row and its job commit together. */
  async function finish(upload: Upload) {
    const [row] = await db.select().from(media).where(eq(media.id, upload.id)).limit(1);
    if (!row || row.status !== 'uploading') return;
    await storage.putFile(row.storageKey, path.join(partsDir, upload.id), { move: true });
    await datastore.configstore.delete(upload.id);
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(media)
        .set({ status: 'processing', progress: 0, updatedAt: clock() })
        .where(and(eq(media.id, upload.id), eq(media.status, 'uploading')))
        .returning({ id: media.id });
      if (updated.length > 0) await queue.send(MEDIA_PROCESS_JOB, { mediaId: upload.id } satisfies MediaProcessJobData, tx);
    });
  }

  return {
    /** Removes an unfinished upload's parts; nothing if there are none. */
    async discard(mediaId: string): Promise<void> {
      await datastore.remove(mediaId).catch(() => undefined);
    },
    handle: (req: IncomingMessage, res: Parameters<Server['handle']>[1]) => tus.handle(req, res),

    /**
     * The expiration extension's clean-up, run by the periodic clean-up job:
     * uploads unfinished after the expiry period lose their parts and rows.
     * Told by the row's age on this server's clock; parts left without a row
     * go by tus's own expiry.
     */
    async deleteExpired(): Promise<number> {
      const stale = await db
        .select({ id: media.id, siteId: media.siteId })
        .from(media)
        .where(and(eq(media.status, 'uploading'), lt(media.createdAt, new Date(clock().getTime() - expiryMs))));
      for (const row of stale) {
        await datastore.remove(row.id).catch(() => undefined);
        await db.delete(media).where(and(eq(media.id, row.id), eq(media.status, 'uploading')));
        await storage.deletePrefix(mediaPrefix(row.siteId, row.id));
      }
      await datastore.deleteExpired();
      return stale.length;
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
