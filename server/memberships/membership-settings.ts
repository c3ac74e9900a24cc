/**
 * What a membership carries besides its standing: the creator's note and
 * labels, the member's newsletter switch, and the hash of their private feed
 * link. Changing these changes no one's membership, so they write no history;
 * they live here because this room is the one writer of `memberships`.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';

/** One membership: by id within a site, by id alone (an unsubscribe token names it), or a user's on a site. */
export type MembershipKey = { membershipId: string; siteId?: string } | { siteId: string; userId: string };

function matching(key: MembershipKey): SQL {
  if ('userId' in key) return and(eq(memberships.siteId, key.siteId), eq(memberships.userId, key.userId))!;
  return key.siteId ? and(eq(memberships.id, key.membershipId), eq(memberships.siteId, key.siteId))! : eq(memberships.id, key.membershipId);
}

export interface CreatorFields {
  note?: string;
  labels?: string[];
  subscribedToEmails?: boolean;
}

/** The creator's note, labels and newsletter switch for one of their members. */
export async function setCreatorFields(db: Database, key: MembershipKey, fields: CreatorFields, now: Date): Promise<void> {
  await db
    .update(memberships)
    .set({
      ...(fields.note !== undefined ? { note: fields.note } : {}),
      ...(fields.labels ? { labels: fields.labels } : {}),
      ...(fields.subscribedToEmails !== undefined ? { subscribedToEmails: fields.subscribedToEmails } : {}),
      updatedAt: now,
    })
    .where(matching(key));
}

/** The member's own newsletter switch (their account page, or a mail's unsubscribe link). */
export async function setEmailSubscription(db: Database, key: MembershipKey, subscribed: boolean, now: Date): Promise<void> {
  await db.update(memberships).set({ subscribedToEmails: subscribed, updatedAt: now }).where(matching(key));
}

/** A new private feed link's hash; the old link stops at once. */
export async function setFeedTokenHash(db: Database, key: MembershipKey, feedTokenHash: string, now: Date): Promise<void> {
  await db.update(memberships).set({ feedTokenHash, updatedAt: now }).where(matching(key));
}
