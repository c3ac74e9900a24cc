/**
 * Page views counted on the server (issue 9, item 2): one per rendered GET of a
 * site page, by site, UTC day and path, with no cookie, no third-party script
 * and nothing about the reader kept. Not counted: HEAD, the owner's own
 * visits, previews, and clients that say they are bots.
 *
 * Counting is a sum in memory; once a second, or sooner after
 * PAGE_VIEWS_PER_FLUSH views, the sums go to Postgres in one statement, and
 * the last ones on shutdown (docs/decisions/075). A page never waits for it,
 * and a failed flush is only logged: those views, like the last second's
 * after a crash, are lost, which the figure (a floor already, 047) tolerates.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { pageViews } from '../../db/content-schema.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';

const BOTS = /bot|crawl|spider|slurp|preview|fetch|monitor|lighthouse|headless|curl|wget|python|java\/|go-http|okhttp|node|axios|http-client|facebookexternalhit|embedly|quora|whatsapp|telegram|discord|skype/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOTS.test(userAgent);
}

export const PAGE_VIEWS_FLUSH_MS = 1000;
/** A burst flushes before the second is up, so one statement never carries more than this many rows. */
export const PAGE_VIEWS_PER_FLUSH = 1000;

interface Pending {
  siteId: string;
  day: string;
  path: string;
  views: number;
}

export function createPageViewCounter({ db, clock, logger, flushMs = PAGE_VIEWS_FLUSH_MS }: { db: Database; clock: Clock; logger: Logger; flushMs?: number }) {
  let pending = new Map<string, Pending>();
  let viewsPending = 0;
  let timer: NodeJS.Timeout | undefined;
  const flushing = new Set<Promise<void>>();

  async function write(batch: Pending[]): Promise<void> {
    try {
      await db
        .insert(pageViews)
        .values(batch)
        .onConflictDoUpdate({ target: [pageViews.siteId, pageViews.day, pageViews.path], set: { views: sql`${pageViews.views} + excluded.views` } });
    } catch (error) {
      logger.warn({ err: error, rows: batch.length }, 'page views not counted');
    }
  }

  /** Sends what has been counted so far; resolves when it is written or given up. */
  function flush(): Promise<void> {
    if (pending.size === 0) return Promise.all(flushing).then(() => undefined);
    // In key order, so two servers' batches lock the same rows in the same order and never deadlock.
    const batch = [...pending.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    pending = new Map();
    viewsPending = 0;
    const written = write(batch);
    flushing.add(written);
    void written.finally(() => flushing.delete(written));
    return Promise.all(flushing).then(() => undefined);
  }

  return {
    count: (siteId: string, path: string): void => {
      const day = clock().toISOString().slice(0, 10);
      const key = `${siteId} ${day} ${path}`;
      const row = pending.get(key);
      if (row) row.views += 1;
      else pending.set(key, { siteId, day, path, views: 1 });
      viewsPending += 1;
      if (viewsPending >= PAGE_VIEWS_PER_FLUSH) void flush();
    },
    flush,
    start(): void {
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    /** After the last request: the views still in memory are written. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type PageViewCounter = ReturnType<typeof createPageViewCounter>;
