/**
 * Page views counted on the server (issue 9, item 2): one per rendered GET of a
 * site page, by site, UTC day and path, with no cookie, no third-party script
 * and nothing about the reader kept. Not counted: HEAD, the owner's own
 * visits, previews, and clients that say they are bots. The write is not
 * awaited: the page is never held up by it, and a failed count is only logged.
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

export function pageViewCounter({ db, clock, logger }: { db: Database; clock: Clock; logger: Logger }) {
  return function countPageView(siteId: string, path: string): void {
    const day = clock().toISOString().slice(0, 10);
    db.insert(pageViews)
      .values({ siteId, day, path, views: 1 })
      .onConflictDoUpdate({ target: [pageViews.siteId, pageViews.day, pageViews.path], set: { views: sql`${pageViews.views} + 1` } })
      .then(
        () => undefined,
        (error: unknown) => logger.warn({ err: error }, 'page view not counted'),
      );
  };
}
