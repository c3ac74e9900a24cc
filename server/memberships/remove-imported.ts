/**
 * An import's undo (server/imports/): the memberships it made go, with their
 * history (membership_events and every row about a membership go with it by
 * their foreign keys). Only memberships of this site are touched, whatever ids
 * the caller hands in; what the import matched was never its own and is never
 * in the list.
 *
 * Only a membership still as the import left it goes (docs/decisions/160,
 * "What the undo keeps"): still `import`, with no Stripe
 * subscription, unchanged since the import finished. One the import linked to
 * the member's own Stripe subscription stays, and so does one that started
 * paying here since (subscription-sync.ts turns the same row into a `stripe`
 * one): Stripe goes on charging them, and removing the row would leave a
 * paying member with no access. Any other change since (a tier, a comp, a
 * setting) keeps it too: the member is no longer the import's.
 */
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';

const SLICE = 1000;

interface ImportedMembershipsRemoval {
  removed: string[];
  /** Kept because they have a Stripe subscription (linked by the import, or paid here since). */
  keptPaying: string[];
  /** Kept because they changed since the import in some other way. */
  keptChanged: string[];
}

/** In the caller's transaction; `finishedAt` is when the import ended. */
export async function removeImportedMemberships(tx: Database, siteId: string, membershipIds: readonly string[], finishedAt: Date): Promise<ImportedMembershipsRemoval> {
  const outcome: ImportedMembershipsRemoval = { removed: [], keptPaying: [], keptChanged: [] };
  for (let start = 0; start < membershipIds.length; start += SLICE) {
    const ours = and(eq(memberships.siteId, siteId), inArray(memberships.id, membershipIds.slice(start, start + SLICE)));
    const gone = await tx
      .delete(memberships)
      .where(and(ours, eq(memberships.source, 'import'), isNull(memberships.stripeSubscriptionId), lte(memberships.updatedAt, finishedAt)))
      .returning({ id: memberships.id });
    outcome.removed.push(...gone.map((row) => row.id));
    const kept = await tx.select({ id: memberships.id, subscription: memberships.stripeSubscriptionId }).from(memberships).where(ours);
    for (const row of kept) (row.subscription ? outcome.keptPaying : outcome.keptChanged).push(row.id);
  }
  return outcome;
}
