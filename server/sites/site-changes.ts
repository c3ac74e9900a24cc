/**
 * "Something a reader of this site sees has changed": told by the feature that
 * made the change (a post, a tier, the site's settings, its payments or plan),
 * heard by whatever keeps a copy of a site's pages (the anonymous page cache,
 * server/public-site/page-cache.ts). The NOTIFY goes out on the connection
 * that made the change, inside its transaction when one is handed in, so
 * Postgres delivers it at commit and never for a change that rolled back; every
 * server LISTENs, and this server's own listeners also hear it at once, so the
 * request after a change on the same server never sees the old page.
 */
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Unlisten } from '../../db/connect.ts';
import type { Logger } from '../logger.ts';

export const SITE_CHANGED_CHANNEL = 'site_changed';

/** Which site changed; undefined means any of them may have (the listener missed notifications). */
export type SiteChangeListener = (siteId: string | undefined) => void;

/** What a feature calls after (or inside the transaction of) a change readers see. */
export type SiteChanged = (siteId: string, executor?: Pick<Database, 'execute'>) => Promise<void>;

export function createSiteChanges({ database, logger }: { database: DatabaseHandle; logger: Logger }) {
  const listeners = new Set<SiteChangeListener>();
  let unlisten: Unlisten | undefined;

  const tell = (siteId: string | undefined) => {
    for (const listener of listeners) listener(siteId);
  };

  const siteChanged: SiteChanged = async (siteId, executor = database.db) => {
    tell(siteId);
    await executor.execute(sql`select pg_notify(${SITE_CHANGED_CHANNEL}, ${siteId})`);
  };

  return {
    siteChanged,
    subscribe(listener: SiteChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start(): Promise<void> {
      unlisten = await database.listen(SITE_CHANGED_CHANNEL, (payload) => tell(payload), () => {
        logger.info('site-change listener subscribed again after a lost connection: every copy is dropped');
        tell(undefined);
      });
    },
    async stop(): Promise<void> {
      await unlisten?.().catch(() => undefined);
    },
  };
}

export type SiteChanges = ReturnType<typeof createSiteChanges>;
