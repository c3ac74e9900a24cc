/**
 * The reader's standing on one site, read for the access rule: whether they
 * own it, and their membership with its tier's type and comp expiry. One
 * query, by the unique (site, user) index; the site's past_due setting comes
 * with the site row the caller already holds.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { ANONYMOUS, type ReaderStanding } from './post-access.ts';

export interface StandingSite {
  id: string;
  ownerId: string;
  pastDueAccess: boolean;
}

export async function readerStanding(db: Database, site: StandingSite, userId: string | undefined): Promise<ReaderStanding> {
  if (userId === undefined) return ANONYMOUS;
  if (userId === site.ownerId) return { isOwner: true, membership: null };
  const [row] = await db
    .select({ status: memberships.status, tierId: memberships.tierId, tierType: tiers.type, compExpiresAt: memberships.compExpiresAt })
    .from(memberships)
    .innerJoin(tiers, eq(tiers.id, memberships.tierId))
    .where(and(eq(memberships.siteId, site.id), eq(memberships.userId, userId)))
    .limit(1);
  return { isOwner: false, membership: row ? { ...row, pastDueAccess: site.pastDueAccess } : null };
}
