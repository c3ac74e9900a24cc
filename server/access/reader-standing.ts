/**
 * The reader's standing on one site, read for the access rule: whether they
 * own it, and their membership with its tier's type, comp expiry, source and
 * whether they have confirmed their e-mail. One query, by the unique (site,
 * user) index; the site's past_due setting comes with the site row the caller
 * already holds.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { ANONYMOUS, type ReaderStanding } from './post-access.ts';

export interface StandingSite {
  id: string;
  ownerId: string;
  pastDueAccess: boolean;
}

/** What the access rule reads of a membership; the feed's token lookup reads the same. */
export const standingColumns = {
  status: memberships.status,
  tierId: memberships.tierId,
  tierType: tiers.type,
  compExpiresAt: memberships.compExpiresAt,
  source: memberships.source,
  emailVerified: users.emailVerified,
};

export async function readerStanding(db: Database, site: StandingSite, userId: string | undefined): Promise<ReaderStanding> {
  if (userId === undefined) return ANONYMOUS;
  if (userId === site.ownerId) return { isOwner: true, membership: null };
  const [row] = await db
    .select(standingColumns)
    .from(memberships)
    .innerJoin(tiers, eq(tiers.id, memberships.tierId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.siteId, site.id), eq(memberships.userId, userId)))
    .limit(1);
  return { isOwner: false, membership: row ? { ...row, pastDueAccess: site.pastDueAccess } : null };
}
