/**
 * What deleting an account would take with it, and what stops it for now
 * (docs/decisions/148): the sites it owns with their members, and every Stripe
 * subscription still billing that would be left running without its account.
 * One aggregate query each, read by the settings page before it asks and by the
 * deletion itself inside its transaction. Since docs/decisions/159 the account's
 * own paid memberships no longer hold the deletion (it cancels them); they are
 * counted here so the page says so before anyone goes. The account's own plan
 * on the platform still holds it.
 */
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AccountDeletionPlan } from '../../common/api/account.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { platformPlans } from '../../db/money-schema.ts';
import { billedSubscription, payingMembersOf } from '../memberships/index.ts';

const BILLED_PLAN_STATUSES = ['active', 'trialing', 'past_due'] as const;

export async function deletionPlan(db: Database, userId: string): Promise<AccountDeletionPlan> {
  const owned = await db
    .select({ id: sites.id, handle: sites.handle, title: sites.title, members: count(memberships.id) })
    .from(sites)
    .leftJoin(memberships, eq(memberships.siteId, sites.id))
    .where(eq(sites.ownerId, userId))
    .groupBy(sites.id);
  const payingMembers = await payingMembersOf(db, owned.map((site) => site.id));
  const [ownMemberships] = await db.select({ value: count() }).from(memberships).where(and(eq(memberships.userId, userId), billedSubscription));
  return {
    sites: owned.map(({ handle, title, members }) => ({ handle, title, members })),
    payingMembers,
    ownSubscriptions: ownMemberships!.value,
    billedPlan: (await billedPlans(db, userId)) > 0,
  };
}

/** The account's own plan on the platform while Stripe bills it: cancelled from the plan page, never by a deletion (docs/decisions/159). */
export async function billedPlans(db: Database, userId: string): Promise<number> {
  const [ownPlan] = await db
    .select({ value: count() })
    .from(platformPlans)
    .where(and(eq(platformPlans.userId, userId), isNotNull(platformPlans.stripeSubscriptionId), inArray(platformPlans.status, BILLED_PLAN_STATUSES)));
  return ownPlan!.value;
}
