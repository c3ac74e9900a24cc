/**
 * The creator's exports (DESIGN.md "Release 4" > "Move in, move out"): ask for
 * one (one at a time per site: asking again while one waits or runs answers
 * that one), list the last ten, see one with its signed link when ready, open
 * the download for its owner only, make it in the queue, and forget exports
 * older than a week (row and file) so they do not fill the disk.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { ExportView } from '../../common/api/exports.ts';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { siteExports } from '../../db/move-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { JobQueue } from '../queue/index.ts';
import { findSiteByOwner, type Site } from '../sites/index.ts';
import type { OpenedFile, Storage } from '../storage/index.ts';
import { buildExport } from './build-export.ts';
import type { DownloadLinks } from './download-link.ts';
import { EXPORT_JOB } from './export-queue.ts';

const KEPT_DAYS = 7;
/** Longer than the job's expiry and its retries: an export still `running` after this died on every try. */
const STALE_MS = 24 * 3600_000;
const LISTED = 10;

type ExportRow = typeof siteExports.$inferSelect;

export interface ExportsServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  queue: JobQueue;
  storage: Storage;
  links: DownloadLinks;
  /** Where the zip is written before storage takes it (under DATA_DIR). */
  workDir: string;
}

export interface ExportDownload {
  file: OpenedFile;
  fileName: string;
}

const storageKeyOf = (row: Pick<ExportRow, 'siteId' | 'id'>) => `exports/${row.siteId}/${row.id}.zip`;

export function createExportsService({ db, clock, logger, queue, storage, links, workDir }: ExportsServiceDeps) {
  async function siteOf(ownerId: string): Promise<Site> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('site-required', 409);
    return site;
  }

  function view(row: ExportRow): ExportView {
    return {
      id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      ...(row.status === 'ready' ? { url: links.url(row.id), bytes: row.bytes ?? 0 } : {}),
      failure: row.failure,
    };
  }

  /** Another creator's export and an id that is none look the same: not found. */
  async function ownRow(ownerId: string, exportId: string): Promise<{ site: Site; row: ExportRow }> {
    const site = await siteOf(ownerId);
    const [row] = await db
      .select()
      .from(siteExports)
      .where(and(eq(siteExports.id, exportId), eq(siteExports.siteId, site.id)));
    if (!row) throw new AppError('not-found', 404);
    return { site, row };
  }

  async function markFailed(exportId: string, failure: string): Promise<void> {
    await db.update(siteExports).set({ status: 'failed', failure, finishedAt: clock() }).where(eq(siteExports.id, exportId));
  }

  return {
    /** The export waiting or running for the site, else a new one sent to the queue with its row. */
    async start(ownerId: string): Promise<ExportView> {
      const site = await siteOf(ownerId);
      const row = await db.transaction(async (tx) => {
        // The site's row is the lock: two requests at once make one export.
        await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, site.id)).for('update');
        const [current] = await tx
          .select()
          .from(siteExports)
          .where(and(eq(siteExports.siteId, site.id), inArray(siteExports.status, ['queued', 'running'])))
          .orderBy(desc(siteExports.createdAt))
          .limit(1);
        if (current && current.createdAt.getTime() > clock().getTime() - STALE_MS) return current;
        if (current) await tx.update(siteExports).set({ status: 'failed', failure: 'The export stopped before it was made. Try again.', finishedAt: clock() }).where(eq(siteExports.id, current.id));
        const [made] = await tx.insert(siteExports).values({ siteId: site.id, createdAt: clock() }).returning();
        await queue.send(EXPORT_JOB, { exportId: made!.id }, tx);
        return made!;
      });
      return view(row);
    },

    async list(ownerId: string): Promise<ExportView[]> {
      const site = await siteOf(ownerId);
      const rows = await db.select().from(siteExports).where(eq(siteExports.siteId, site.id)).orderBy(desc(siteExports.createdAt)).limit(LISTED);
      return rows.map(view);
    },

    async get(ownerId: string, exportId: string): Promise<ExportView> {
      return view((await ownRow(ownerId, exportId)).row);
    },

    /** The zip for its owner, with a link this server signed that has not expired. */
    async download(ownerId: string, exportId: string, expires: string, signature: string): Promise<ExportDownload> {
      const { site, row } = await ownRow(ownerId, exportId);
      const checked = links.check(exportId, expires, signature);
      if (checked === 'bad') throw new AppError('not-found', 404);
      if (checked === 'expired') throw new AppError('expired-token', 410);
      const file = row.status === 'ready' && row.storageKey ? await storage.open(row.storageKey) : undefined;
      if (!file) throw new AppError('not-found', 404);
      return { file, fileName: `${site.handle}-${row.createdAt.toISOString().slice(0, 10)}.zip` };
    },

    /** The queue's job: makes the zip, hands it to storage, marks the export ready (or failed, saying why). */
    async run(exportId: string): Promise<void> {
      const [row] = await db.select().from(siteExports).where(eq(siteExports.id, exportId));
      if (!row || row.status === 'ready' || row.status === 'failed') return;
      const [site] = await db.select().from(sites).where(eq(sites.id, row.siteId));
      if (!site) return;
      await db.update(siteExports).set({ status: 'running' }).where(eq(siteExports.id, exportId));
      await mkdir(workDir, { recursive: true });
      const filePath = path.join(workDir, `${exportId}-${randomUUID()}.zip`);
      try {
        const bytes = await buildExport({ db, storage, clock }, site, filePath);
        const storageKey = storageKeyOf(row);
        await storage.putFile(storageKey, filePath, { move: true });
        await db.update(siteExports).set({ status: 'ready', storageKey, bytes, finishedAt: clock() }).where(eq(siteExports.id, exportId));
      } catch (error) {
        logger.error({ err: error, exportId }, 'site export failed');
        await markFailed(exportId, 'The export could not be made. Try again; if it fails again, contact support.');
      } finally {
        await rm(filePath, { force: true });
      }
    },

    /** The clean-up: exports older than a week go, their files first; answers how many. */
    async deleteOld(): Promise<number> {
      const before = new Date(clock().getTime() - KEPT_DAYS * 24 * 3600_000);
      const old = await db.select().from(siteExports).where(lt(siteExports.createdAt, before));
      for (const row of old) {
        if (row.storageKey) await storage.deletePrefix(row.storageKey);
        await db.delete(siteExports).where(eq(siteExports.id, row.id));
      }
      return old.length;
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
