/**
 * Page views counted on the server (issue 9, item 2): one per rendered GET of a
 * site page, by site, UTC day and path, with no cookie and no third-party
 * script. Of the reader only a daily hash (the visitor), the referrer's host
 * and `utm_source` are kept (issue 20, docs/decisions/100). Not counted: HEAD,
 * the owner's own visits, previews, and clients that say they are bots.
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
import { referrerDays, visitorDays } from '../../db/reports-schema.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { createVisitorHasher, createVisitorSalts, type PageReader, type VisitorSalts } from '../reports/index.ts';

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

interface PendingReferrer {
  siteId: string;
  day: string;
  host: string;
  utmSource: string;
  views: number;
}

interface PendingVisitor {
  siteId: string;
  day: string;
  visitor: string;
}

const inKeyOrder = <Row>(rows: Map<string, Row>): Row[] => [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

export function createPageViewCounter({
  db,
  clock,
  logger,
  salts = createVisitorSalts({ clock, logger }),
  flushMs = PAGE_VIEWS_FLUSH_MS,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** The day's salt of every server (visitor-salts.ts); one of this process's own when not given. */
  salts?: Pick<VisitorSalts, 'saltOf'>;
  flushMs?: number;
}) {
  let pending = new Map<string, Pending>();
  let visitors = new Map<string, PendingVisitor>();
  let referrers = new Map<string, PendingReferrer>();
  let viewsPending = 0;
  const visitorOf = createVisitorHasher(salts.saltOf);
  let timer: NodeJS.Timeout | undefined;
  const flushing = new Set<Promise<void>>();

  async function write(batch: Pending[], visitorBatch: PendingVisitor[], referrerBatch: PendingReferrer[]): Promise<void> {
    try {
      await db
        .insert(pageViews)
        .values(batch)
        .onConflictDoUpdate({ target: [pageViews.siteId, pageViews.day, pageViews.path], set: { views: sql`${pageViews.views} + excluded.views` } });
      if (visitorBatch.length > 0) await db.insert(visitorDays).values(visitorBatch).onConflictDoNothing();
      if (referrerBatch.length > 0) {
        await db
          .insert(referrerDays)
          .values(referrerBatch)
          .onConflictDoUpdate({ target: [referrerDays.siteId, referrerDays.day, referrerDays.host, referrerDays.utmSource], set: { views: sql`${referrerDays.views} + excluded.views` } });
      }
    } catch (error) {
      logger.warn({ err: error, rows: batch.length }, 'page views not counted');
    }
  }

  /** Sends what has been counted so far; resolves when it is written or given up. */
  function flush(): Promise<void> {
    if (pending.size === 0) return Promise.all(flushing).then(() => undefined);
    // In key order, so two servers' batches lock the same rows in the same order and never deadlock.
    const written = write(inKeyOrder(pending), inKeyOrder(visitors), inKeyOrder(referrers));
    pending = new Map();
    visitors = new Map();
    referrers = new Map();
    viewsPending = 0;
    flushing.add(written);
    void written.finally(() => flushing.delete(written));
    return Promise.all(flushing).then(() => undefined);
  }

  return {
    /** The reader's address and user agent go no further than the hash made here. */
    count: (siteId: string, path: string, reader: PageReader): void => {
      const day = clock().toISOString().slice(0, 10);
      const key = `${siteId} ${day} ${path}`;
      const row = pending.get(key);
      if (row) row.views += 1;
      else pending.set(key, { siteId, day, path, views: 1 });
      const visitor = visitorOf(siteId, day, reader.address, reader.userAgent);
      visitors.set(`${siteId} ${day} ${visitor}`, { siteId, day, visitor });
      if (reader.referrerHost || reader.utmSource) {
        const referrerKey = `${siteId} ${day} ${reader.referrerHost} ${reader.utmSource}`;
        const referrer = referrers.get(referrerKey);
        if (referrer) referrer.views += 1;
        else referrers.set(referrerKey, { siteId, day, host: reader.referrerHost, utmSource: reader.utmSource, views: 1 });
      }
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
