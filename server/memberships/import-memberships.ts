/**
 * The memberships an import makes (the members CSV, server/members/members-import.ts,
 * and the imports from other platforms, server/imports/members/), each with its
 * `imported` history row, in the caller's transaction. Someone who became a
 * member between the import's check and now stays as they joined and records
 * nothing, so a second run, or two at once, imports each address once.
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
  /** A comp's end (an active patron's next charge date); null or absent: none. */
  compExpiresAt?: Date | null;
  /** Set for a membership that came in already ended (canceled or expired at the source). */
  endedAt?: Date | null;
  /** The history row's words; the CSV import's when absent. */
  detail?: string;
  /** When they joined at the source, kept as the membership's start; now when absent. */
  joinedAt?: Date | null;
}

const csvDetail = (row: ImportedMembership) => (row.stripe ? 'Imported from CSV and linked to their Stripe subscription' : 'Imported from CSV');

/** At most a slice the caller keeps under Postgres's parameter limit; answers the memberships it made, by user. */
export async function importMemberships(tx: Database, siteId: string, rows: readonly ImportedMembership[], now: Date): Promise<{ id: string; userId: string }[]> {
  if (rows.length === 0) return [];
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
        compExpiresAt: row.compExpiresAt ?? null,
        endedAt: row.endedAt ?? null,
        note: row.note,
        labels: row.labels,
        subscribedToEmails: row.subscribedToEmails,
        createdAt: row.joinedAt ?? now,
        updatedAt: now,
      })),
    )
    // Any unique rule: the member already here, or a subscription some membership is already linked to.
    .onConflictDoNothing()
    .returning({ id: memberships.id, userId: memberships.userId, tierId: memberships.tierId });
  if (inserted.length === 0) return [];
  const rowOf = new Map(rows.map((row) => [row.userId, row]));
  // One statement for the slice; the same rows recordMembershipEvent writes one at a time.
  await tx.insert(membershipEvents).values(
    inserted.map((membership) => {
      const row = rowOf.get(membership.userId)!;
      return { membershipId: membership.id, siteId, kind: 'imported' as const, tierId: membership.tierId, detail: row.detail ?? csvDetail(row), occurredAt: now };
    }),
  );
  return inserted.map(({ id, userId }) => ({ id, userId }));
}

/** The members CSV's writer: answers how many it made. */
export async function insertImportedMemberships(tx: Database, siteId: string, rows: readonly ImportedMembership[], now: Date): Promise<number> {
  return (await importMemberships(tx, siteId, rows, now)).length;
}
