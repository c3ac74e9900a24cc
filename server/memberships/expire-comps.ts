/**
 * Comps whose date has passed go back to the site's free tier, each with a
 * history row (a comp on a paid tier ending is a downgrade, tier-change.ts),
 * in the caller's transaction. The due rows are locked first: a second run at
 * once (another server) waits, then finds them no longer comped, so each comp
 * ends once.
 */
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { membershipEvents } from '../../db/money-schema.ts';
import { tierChangeKind } from './tier-change.ts';

const NOTHING_PAID = { amount: null, cadence: null, currency: null } as const;

/** Answers how many comps ended. */
export async function endExpiredComps(tx: Database, now: Date): Promise<number> {
  // The comp's tier is read first: once updated the row only knows the free tier.
  const due = await tx
    .select({ id: memberships.id, compTier: tiers.type })
    .from(memberships)
    .innerJoin(tiers, eq(tiers.id, memberships.tierId))
    .where(and(eq(memberships.status, 'comped'), isNotNull(memberships.compExpiresAt), lte(memberships.compExpiresAt, now)))
    .for('update', { of: memberships });
  if (due.length === 0) return 0;
  const compTier = new Map(due.map((row) => [row.id, row.compTier]));
  const ended = await tx
    .update(memberships)
    .set({ tierId: sql`(select ${tiers.id} from ${tiers} where ${tiers.siteId} = ${memberships.siteId} and ${tiers.type} = 'free')`, status: 'active', source: 'free', compExpiresAt: null, updatedAt: now })
    .where(inArray(memberships.id, [...compTier.keys()]))
    .returning({ id: memberships.id, siteId: memberships.siteId, tierId: memberships.tierId });
  if (ended.length === 0) return 0;
  const kindOf = (id: string) => tierChangeKind({ tierType: compTier.get(id) ?? 'paid', ...NOTHING_PAID }, { tierType: 'free', ...NOTHING_PAID });
  // One statement for all of them; the same row recordMembershipEvent writes.
  await tx.insert(membershipEvents).values(ended.map((membership) => ({ membershipId: membership.id, siteId: membership.siteId, kind: kindOf(membership.id), tierId: membership.tierId, detail: 'Comp ended: back on the free tier', occurredAt: now })));
  return ended.length;
}
