/**
 * One member of a site as the studio shows them: the list's summary, and the detail with the
 * creator's note and the membership's history. Another site's member is not found (404,
 * docs/decisions/025).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { MemberDetail, MemberEvent, MemberSummary } from '../../common/api/members.ts';
import { isUuid } from '../../common/post-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { membershipEvents } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { BILLED_STATUSES } from '../memberships/index.ts';
import { MEMBER_COLUMNS, type MemberRow } from './members-query.ts';

export const notFound = () => new AppError('not-found', 404);

export const paysThroughStripe = (row: Pick<MemberRow, 'stripeSubscriptionId' | 'status' | 'source'>) =>
  row.source === 'stripe' && row.stripeSubscriptionId !== null && BILLED_STATUSES.includes(row.status);

export function toMemberSummary(row: MemberRow): MemberSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    tier: { id: row.tierId, name: row.tierName },
    status: row.status,
    source: row.source,
    cadence: row.cadence,
    joined: row.createdAt.toISOString(),
    renewal: { at: row.currentPeriodEnd?.toISOString() ?? null, cancelAtPeriodEnd: row.cancelAtPeriodEnd },
    lifetimeValue: { amount: row.lifetimeValue, currency: row.currency ?? row.tierCurrency },
    compExpiresAt: row.compExpiresAt?.toISOString() ?? null,
    labels: row.labels,
    emailDisabled: row.emailDisabledReason !== null,
    emailDisabledReason: row.emailDisabledReason,
  };
}

/** The site's membership of this id, or 404. */
export async function findMemberRow(db: Database, siteId: string, id: string): Promise<MemberRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select(MEMBER_COLUMNS)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(tiers, eq(tiers.id, memberships.tierId))
    .where(and(eq(memberships.id, id), eq(memberships.siteId, siteId)));
  if (!row) throw notFound();
  return row;
}

export async function memberDetail(db: Database, siteId: string, id: string): Promise<MemberDetail> {
  const row = await findMemberRow(db, siteId, id);
  const events = await db
    .select({
      id: membershipEvents.id,
      kind: membershipEvents.kind,
      tierName: tiers.name,
      amount: membershipEvents.amount,
      currency: membershipEvents.currency,
      detail: membershipEvents.detail,
      occurredAt: membershipEvents.occurredAt,
    })
    .from(membershipEvents)
    .leftJoin(tiers, eq(tiers.id, membershipEvents.tierId))
    .where(eq(membershipEvents.membershipId, id))
    .orderBy(desc(membershipEvents.occurredAt), desc(membershipEvents.id));
  const history: MemberEvent[] = events.map((event) => ({
    id: event.id,
    kind: event.kind,
    tierName: event.tierName,
    amount: event.amount === null ? null : { amount: event.amount, currency: event.currency ?? row.tierCurrency },
    detail: event.detail,
    occurredAt: event.occurredAt.toISOString(),
  }));
  return {
    ...toMemberSummary(row),
    note: row.note,
    subscribedToEmails: row.subscribedToEmails,
    stripeCustomerId: row.stripeCustomerId,
    paysThroughStripe: paysThroughStripe(row),
    endedAt: row.endedAt?.toISOString() ?? null,
    history,
  };
}
