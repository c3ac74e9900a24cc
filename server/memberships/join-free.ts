/**
 * A free join: the membership and its `joined` history row, in the caller's
 * transaction. A membership that already entitles is left as it is and
 * records nothing; a lapsed one (canceled, expired) begins again on the free
 * tier and is a join again. The insert's conflict clause decides both in one
 * statement, so two joins at once (two tabs, two servers) make one membership
 * and one `joined` row: the second waits on the first's row and then finds it
 * entitling.
 */
import { notInArray } from 'drizzle-orm';
import { ENTITLING_STATUSES } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { recordMembershipEvent } from './membership-history.ts';

type MembershipRow = typeof memberships.$inferSelect;

export interface FreeJoin {
  siteId: string;
  userId: string;
  /** The site's free tier (the caller checked it is this site's and active). */
  tierId: string;
  now: Date;
}

/** The membership when it began now (new or renewed); undefined when one that entitles was already there. */
export async function joinFreeTier(tx: Database, { siteId, userId, tierId, now }: FreeJoin): Promise<MembershipRow | undefined> {
  const renewed = { tierId, status: 'active', source: 'free', cadence: null, amount: null, currency: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, compExpiresAt: null, endedAt: null, updatedAt: now } as const;
  const [row] = await tx
    .insert(memberships)
    .values({ siteId, userId, ...renewed, createdAt: now })
    .onConflictDoUpdate({
      target: [memberships.siteId, memberships.userId],
      set: renewed,
      setWhere: notInArray(memberships.status, [...ENTITLING_STATUSES]),
    })
    .returning();
  if (row) await recordMembershipEvent(tx, row, 'joined', { detail: 'Free membership started', occurredAt: now });
  return row;
}
