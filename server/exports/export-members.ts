/**
 * members.csv: Ghost's member columns, as the members export writes them
 * (server/members/, formula cells neutralised the same way), then ours: the
 * membership's status, cadence, Stripe subscription, comp expiry and when it
 * began. Read a page at a time by membership id.
 */
import { and, asc, eq, gt, sql, type AnyColumn } from 'drizzle-orm';
import { EXPORT_COLUMNS } from '../../common/api/members.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { csvLine, EXPORT_CELLS } from '../members/index.ts';
import { PLATFORM_MEMBER_COLUMNS } from './export-format.ts';
import { keysetPages } from './json-pages.ts';

const PAGE = 1000;

const isoText = (column: AnyColumn) => sql<string>`coalesce(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;

const CELLS = {
  ...EXPORT_CELLS,
  status: sql<string>`${memberships.status}`.as('status'),
  cadence: sql<string>`coalesce(${memberships.cadence}, '')`.as('cadence'),
  stripe_subscription_id: sql<string>`coalesce(${memberships.stripeSubscriptionId}, '')`.as('stripe_subscription_id'),
  comp_expires_at: isoText(memberships.compExpiresAt).as('comp_expires_at'),
  joined_at: isoText(memberships.createdAt).as('joined_at'),
};

const COLUMNS = [...EXPORT_COLUMNS, ...PLATFORM_MEMBER_COLUMNS] as const;

/** The file's text, a page at a time; `counted.count` is the number of members once it has run. */
export async function* membersCsv(db: Database, siteId: string, counted: { count: number }): AsyncGenerator<string> {
  yield csvLine(COLUMNS);
  const pages = keysetPages((after: { id: string } | undefined) =>
    db
      .select(CELLS)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(memberships.siteId, siteId), after ? gt(memberships.id, after.id) : undefined))
      .orderBy(asc(memberships.id))
      .limit(PAGE),
  );
  for await (const rows of pages) {
    counted.count += rows.length;
    yield rows.map((row) => csvLine(COLUMNS.map((column) => row[column]))).join('');
  }
}
