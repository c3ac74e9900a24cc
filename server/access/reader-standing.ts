/**
 * The reader's standing on one site, read for the access rule: whether they
 * own it, and their membership with its tier's type. One query, by the unique
 * (site, user) index.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { ANONYMOUS, type ReaderStanding } from './post-access.ts';

export async function readerStanding(db: Database, site: { id: string; ownerId: string }, userId: string | undefined): Promise<ReaderStanding> {
  if (userId === undefined) return ANONYMOUS;
  if (userId === site.ownerId) return { isOwner: true, membership: null };
  const [row] = await db
    .select({ status: memberships.status, tierId: memberships.tierId, tierType: tiers.type })
    .from(memberships)
    .innerJoin(tiers, eq(tiers.id, memberships.tierId))
    .where(and(eq(memberships.siteId, site.id), eq(memberships.userId, userId)))
    .limit(1);
  return { isOwner: false, membership: row ?? null };
}
