/**
 * The creator comps a member: onto a tier for free until a date, or for good,
 * with a `comped` history row, in the caller's transaction. One UPDATE decides
 * whether it happens: a member whom Stripe still bills is left alone (the card
 * would be charged for what is now free; remove them first), and the very
 * comp they already have (a second click, a retried request) changes nothing
 * and records nothing.
 */
import { and, eq, inArray, isNotNull, not, sql } from 'drizzle-orm';
import type { MembershipStatus } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { recordMembershipEvent } from './membership-history.ts';

/** A subscription Stripe still bills. */
export const BILLED_STATUSES: readonly MembershipStatus[] = ['active', 'trialing', 'past_due'];

export interface Comp {
  membershipId: string;
  siteId: string;
  tier: { id: string; name: string };
  /** Null: for good. */
  until: Date | null;
  now: Date;
  /** Who comped, as the history says it: "by the creator" (the default), "by a gift", "by a gift's refund". */
  by?: 'the creator' | 'a gift' | "a gift's refund";
}

export type CompOutcome = 'comped' | 'unchanged' | 'billed-by-stripe';

const billedByStripe = and(eq(memberships.source, 'stripe'), isNotNull(memberships.stripeSubscriptionId), inArray(memberships.status, [...BILLED_STATUSES]));

export async function compMembership(tx: Database, { membershipId, siteId, tier, until, now, by = 'the creator' }: Comp): Promise<CompOutcome> {
  const sameComp = and(eq(memberships.status, 'comped'), eq(memberships.tierId, tier.id), sql`${memberships.compExpiresAt} is not distinct from ${until?.toISOString() ?? null}::timestamptz`);
  const [changed] = await tx
    .update(memberships)
    .set({ tierId: tier.id, status: 'comped', source: 'comp', compExpiresAt: until, cadence: null, amount: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, endedAt: null, updatedAt: now })
    .where(and(eq(memberships.id, membershipId), eq(memberships.siteId, siteId), not(billedByStripe!), not(sameComp!)))
    .returning({ id: memberships.id, siteId: memberships.siteId, tierId: memberships.tierId });
  if (changed) {
    const detail = until ? `Comped on ${tier.name} until ${until.toISOString().slice(0, 10)} by ${by}` : `Comped on ${tier.name} by ${by}`;
    await recordMembershipEvent(tx, changed, 'comped', { detail, occurredAt: now });
    return 'comped';
  }
  const [row] = await tx
    .select({ billed: sql<boolean>`${billedByStripe}` })
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.siteId, siteId)));
  return row?.billed ? 'billed-by-stripe' : 'unchanged';
}
