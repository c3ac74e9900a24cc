/**
 * Members whose Stripe subscription still bills (active, trialing or past due):
 * while any runs, the creator may neither delete their account (docs/decisions/148)
 * nor disconnect their site's own Stripe key (docs/decisions/144). Either would
 * leave members charged with nobody here to hear Stripe's news or to cancel, so
 * both ask the same question, here.
 */
import { and, count, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { BILLED_STATUSES } from './comp-membership.ts';

/** A membership row whose subscription Stripe still bills, whatever made it (a join, an import). */
export const billedSubscription = and(isNotNull(memberships.stripeSubscriptionId), inArray(memberships.status, [...BILLED_STATUSES]))!;

/** How many members of these sites a Stripe subscription still bills; `executor` is the caller's transaction when it holds one. */
export async function payingMembersOf(executor: Database, siteIds: readonly string[]): Promise<number> {
  if (siteIds.length === 0) return 0;
  const [paying] = await executor
    .select({ value: count() })
    .from(memberships)
    .where(and(inArray(memberships.siteId, [...siteIds]), billedSubscription));
  return paying?.value ?? 0;
}
