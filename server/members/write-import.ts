/**
 * The real run of a members import (members-import.ts): the planned rows written in one
 * transaction, so a failure leaves nothing half-imported and a second run finds them all
 * members already. New accounts are members with no password.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { buildNewUser } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import { insertImportedMemberships } from '../memberships/index.ts';
import type { Site } from '../sites/index.ts';
import { slices, type PlannedMember } from './plan-import.ts';

/** Answers how many memberships it made. */
export async function writeImport({ db, clock }: { db: Database; clock: Clock }, site: Site, accepted: PlannedMember[]): Promise<number> {
  const now = clock();
  return db.transaction(async (tx) => {
    let created = 0;
    for (const slice of slices(accepted)) {
      const made = await tx
        .insert(users)
        .values(slice.map((member) => ({ ...buildNewUser({ email: member.email, fullName: member.name, niche: '', passwordHash: null, emailVerified: false, now }), role: 'member' as const })))
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id, email: users.email });
      const ids = new Map(made.map((user) => [user.email, user.id]));
      // Only addresses that already had an account are looked up. Looking up the whole slice just after inserting it
      // took 10-13 s a slice: with statistics from before the insert, Postgres chose the trigram index for the
      // equality, and read its pending list, full of this transaction's new entries, once per address.
      const existing = slice.map((member) => member.email).filter((email) => !ids.has(email));
      if (existing.length > 0) {
        for (const user of await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, existing))) ids.set(user.email, user.id);
      }
      // Someone who joined between the check and now stays as they joined (server/memberships writes each with its `imported` row).
      created += await insertImportedMemberships(
        tx,
        site.id,
        slice.map((member) => ({
          userId: ids.get(member.email)!,
          tierId: member.tier.id,
          status: member.status,
          source: member.source,
          note: member.note,
          labels: member.labels,
          subscribedToEmails: member.subscribedToEmails,
          ...(member.stripe ? { stripe: member.stripe } : {}),
        })),
        now,
      );
    }
    return created;
  });
}
