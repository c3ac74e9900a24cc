/**
 * An import's undo (server/imports/): the memberships it made go, with their
 * history (membership_events and every row about a membership go with it by
 * their foreign keys). Only memberships of this site are touched, whatever ids
 * the caller hands in; what the import matched was never its own and is never
 * in the list.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';

const SLICE = 1000;

/** In the caller's transaction; answers how many it removed. */
export async function removeImportedMemberships(tx: Database, siteId: string, membershipIds: readonly string[]): Promise<number> {
  let removed = 0;
  for (let start = 0; start < membershipIds.length; start += SLICE) {
    const gone = await tx
      .delete(memberships)
      .where(and(eq(memberships.siteId, siteId), inArray(memberships.id, membershipIds.slice(start, start + SLICE))))
      .returning({ id: memberships.id });
    removed += gone.length;
  }
  return removed;
}
