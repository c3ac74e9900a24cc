/**
 * A membership's history row (db/money-schema.ts `membership_events`), which
 * Recent Activity, the member's page and churn read. Only this room writes it,
 * and always in the transaction of the change it records: a change that rolls
 * back leaves no row, and a row never stands without its change.
 */
import type { MembershipEventKind } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { membershipEvents } from '../../db/money-schema.ts';

export interface Changed {
  id: string;
  siteId: string;
  tierId: string;
}

export type HistoryExtra = Partial<Pick<typeof membershipEvents.$inferInsert, 'amount' | 'currency' | 'detail' | 'stripeObjectId' | 'occurredAt' | 'tierId'>>;

export async function recordMembershipEvent(tx: Database, membership: Changed, kind: MembershipEventKind, extra: HistoryExtra = {}): Promise<void> {
  await tx.insert(membershipEvents).values({ membershipId: membership.id, siteId: membership.siteId, tierId: membership.tierId, kind, ...extra });
}
