/**
 * Whether the operator has suspended a site (issue 27, item 2): the one check
 * that every channel by which a site reaches people passes through: its
 * pages, RSS, member feeds, media, comments, messages, account pages, custom
 * domain and TLS, newsletters and welcome mail, and the platform sitemap; the
 * fediverse, the APIs and search of release 4 call it too
 * (docs/decisions/124-one-check-for-a-suspended-site.md). A suspension is a
 * row of `site_suspensions`: one primary-key read, made fresh on each call,
 * so a suspension or a restore holds on every server the moment it commits,
 * with no copy to keep in step. Lists filter with `siteIsOpen`, the same rule
 * in SQL. The creator's studio does not ask: it stays open, to read why.
 */
import { eq, getTableName, is, sql, SQL, type Column } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { siteSuspensions } from '../../db/reports-schema.ts';
import { AppError } from '../errors.ts';

/** The app's database, or the transaction in hand (PGlite has one connection: a read beside it would wait for ever). */
type Reader = Pick<Database, 'select'>;

export interface Suspension {
  suspendedAt: Date;
  /** The operator's words for the creator; may be empty. */
  reason: string;
}

export async function suspensionOf(db: Reader, siteId: string): Promise<Suspension | undefined> {
  const [row] = await db
    .select({ suspendedAt: siteSuspensions.suspendedAt, reason: siteSuspensions.reason })
    .from(siteSuspensions)
    .where(eq(siteSuspensions.siteId, siteId))
    .limit(1);
  return row;
}

export async function isSiteSuspended(db: Reader, siteId: string): Promise<boolean> {
  return (await suspensionOf(db, siteId)) !== undefined;
}

/**
 * Refuses a call on a suspended site with `site-suspended`: 410 to readers and
 * members, for whom the site is gone; 403 to its creator, whose studio stays
 * but who may reach nobody through it (a newsletter, a test send, a reply).
 */
export async function refuseIfSuspended(db: Reader, siteId: string, status: 403 | 410 = 410): Promise<void> {
  if (await isSiteSuspended(db, siteId)) throw new AppError('site-suspended', status);
}

/**
 * `siteId` named with its table, whatever the query: in a select from one table drizzle writes a column without it,
 * and `site_id` inside the subquery below would then be the suspension's own column, true as soon as any site is
 * suspended (it closed every site's media files while one site was suspended). An `SQL` is taken as already qualified.
 */
function qualified(siteId: Column | SQL): SQL {
  if (is(siteId, SQL)) return siteId;
  return sql`${sql.identifier(getTableName(siteId.table))}.${sql.identifier(siteId.name)}`;
}

/** The subquery's own name for the suspensions, so no column of the outer query can be taken for one of its own. */
const suspension = sql.identifier('site_standing_suspension');

/** The same rule for a query over many sites: true where the site whose id is `siteId` (a column) is not suspended. */
export function siteIsOpen(siteId: Column | SQL): SQL {
  return sql`not exists (select 1 from ${siteSuspensions} as ${suspension} where ${suspension}.site_id = ${qualified(siteId)})`;
}

/** A column for a query that reads a site anyway: whether it is suspended, at no extra round trip. */
export function siteIsSuspendedColumn(siteId: Column | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${siteSuspensions} as ${suspension} where ${suspension}.site_id = ${qualified(siteId)})`;
}
