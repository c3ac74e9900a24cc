/**
 * The memberships a CSV import makes (server/members/members-import.ts plans
 * them), each with its `imported` history row, in the caller's transaction.
 * Someone who became a member between the import's check and now stays as
 * they joined and records nothing, so a second run, or two at once, imports
 * each address once.
 */
import type { Cadence, MembershipSource, MembershipStatus } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { membershipEvents } from '../../db/money-schema.ts';

export interface ImportedMembership {
  userId: string;
  tierId: string;
  status: MembershipStatus;
  source: MembershipSource;
  note: string;
  labels: string[];
  subscribedToEmails: boolean;
  stripe?: { customerId: string; subscriptionId: string; cadence: Cadence | null; amount: number | null; currency: string; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean };
}

/** At most a slice the caller keeps under Postgres's parameter limit; answers how many it made. */
export async function insertImportedMemberships(tx: Database, siteId: string, rows: readonly ImportedMembership[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(memberships)
    .values(
      rows.map((row) => ({
        siteId,
        userId: row.userId,
        tierId: row.tierId,
        status: row.status,
        source: row.source,
        cadence: row.stripe?.cadence ?? null,
        amount: row.stripe?.amount ?? null,
        currency: row.stripe?.currency ?? null,
        currentPeriodEnd: row.stripe?.currentPeriodEnd ?? null,
        cancelAtPeriodEnd: row.stripe?.cancelAtPeriodEnd ?? false,
        stripeCustomerId: row.stripe?.customerId ?? null,
        stripeSubscriptionId: row.stripe?.subscriptionId ?? null,
        note: row.note,
        labels: row.labels,
        subscribedToEmails: row.subscribedToEmails,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: memberships.id, tierId: memberships.tierId, source: memberships.source });
  if (inserted.length === 0) return 0;
  // One statement for the slice; the same rows recordMembershipEvent writes one at a time.
  await tx.insert(membershipEvents).values(
    inserted.map((membership) => ({
      membershipId: membership.id,
      siteId,
      kind: 'imported' as const,
      tierId: membership.tierId,
      detail: membership.source === 'stripe' ? 'Imported from CSV and linked to their Stripe subscription' : 'Imported from CSV',
      occurredAt: now,
    })),
  );
  return inserted.length;
}
