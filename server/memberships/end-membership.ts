/**
 * Cancellations our side makes, each with its history row in the caller's
 * transaction: the member leaves, or the creator removes them now (`ended`),
 * or the creator stops a paying member's renewal (`renewal-canceled`). Each
 * UPDATE names the state it changes, so it happens once: removing twice, a
 * member leaving while the creator removes them, or Stripe's webhook for the
 * same cancellation arriving first (subscription-sync.ts records it then)
 * finds nothing left to change and records nothing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ENTITLING_STATUSES } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { recordMembershipEvent } from './membership-history.ts';

export interface Ending {
  membershipId: string;
  siteId: string;
  now: Date;
  /** What the history says: "Left the site", "Removed by the creator". */
  detail: string;
  /** The subscription Stripe was told to end, for support. */
  stripeObjectId?: string | null;
  /** The member's private feed link stops at once (they left); a removal keeps it for a comp that may follow. */
  forgetFeedToken?: boolean;
}

/** Ends a membership that still entitles; answers whether it did. */
export async function endMembership(tx: Database, { membershipId, siteId, now, detail, stripeObjectId = null, forgetFeedToken = false }: Ending): Promise<boolean> {
  const [ended] = await tx
    .update(memberships)
    .set({ status: 'canceled', endedAt: now, cancelAtPeriodEnd: false, compExpiresAt: null, ...(forgetFeedToken ? { feedTokenHash: null } : {}), updatedAt: now })
    .where(and(eq(memberships.id, membershipId), eq(memberships.siteId, siteId), inArray(memberships.status, [...ENTITLING_STATUSES])))
    .returning({ id: memberships.id, siteId: memberships.siteId, tierId: memberships.tierId });
  if (ended) await recordMembershipEvent(tx, ended, 'ended', { detail, stripeObjectId, occurredAt: now });
  return ended !== undefined;
}

/** Marks an entitling membership to end at its period's end (Stripe was told so first); answers whether it did. */
export async function cancelRenewal(tx: Database, { membershipId, siteId, now, detail, stripeObjectId = null }: Omit<Ending, 'forgetFeedToken'>): Promise<boolean> {
  const [marked] = await tx
    .update(memberships)
    .set({ cancelAtPeriodEnd: true, updatedAt: now })
    .where(and(eq(memberships.id, membershipId), eq(memberships.siteId, siteId), eq(memberships.cancelAtPeriodEnd, false), inArray(memberships.status, [...ENTITLING_STATUSES])))
    .returning({ id: memberships.id, siteId: memberships.siteId, tierId: memberships.tierId });
  if (marked) await recordMembershipEvent(tx, marked, 'renewal-canceled', { detail, stripeObjectId, occurredAt: now });
  return marked !== undefined;
}
