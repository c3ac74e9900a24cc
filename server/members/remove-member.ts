/**
 * Removing a member: the membership ends (server/memberships writes it). A member Stripe
 * bills: their subscription on the creator's own account ends at period end or now, as the
 * creator chose; the row is updated at once and the webhooks confirm it.
 */
import type { MemberDetail } from '../../common/api/members.ts';
import type { RemoveInput } from '../../common/member-schemas.ts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { cancelRenewal, endMembership } from '../memberships/index.ts';
import type { StripeClient, StripeForSite } from '../payments/index.ts';
import type { Site } from '../sites/index.ts';
import { findMemberRow, memberDetail, paysThroughStripe } from './member-detail.ts';

export interface RemoveMemberDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  stripeForSite: StripeForSite;
}

async function stripeAccountOf({ stripeForSite }: RemoveMemberDeps, siteId: string): Promise<{ stripe: StripeClient; stripeAccount: string | undefined }> {
  const site = await stripeForSite(siteId);
  if (!site) throw new AppError('member-stripe-unavailable', 503);
  return { stripe: site.client, stripeAccount: site.stripeAccount };
}

export async function removeMember(deps: RemoveMemberDeps, site: Site, id: string, input: RemoveInput): Promise<MemberDetail> {
  const { db, clock, logger } = deps;
  const row = await findMemberRow(db, site.id, id);
  const now = clock();
  if (row.status === 'canceled' || row.status === 'expired') return memberDetail(db, site.id, id);
  const billed = paysThroughStripe(row);
  const atPeriodEnd = billed && input.stripe !== 'now';
  if (billed) {
    const { stripe: client, stripeAccount } = await stripeAccountOf(deps, site.id);
    try {
      if (atPeriodEnd) await client.subscriptions.update(row.stripeSubscriptionId!, { cancel_at_period_end: true }, { stripeAccount });
      else await client.subscriptions.cancel(row.stripeSubscriptionId!, {}, { stripeAccount });
    } catch (error) {
      logger.warn({ err: error, membershipId: id }, 'stripe refused to end a subscription');
      throw new AppError('member-stripe-unavailable', 502);
    }
  }
  // Stripe's webhook for the same end may have come first: then it recorded the change and this finds nothing to do.
  const ending = { membershipId: id, siteId: site.id, now, stripeObjectId: billed ? row.stripeSubscriptionId : null };
  await db.transaction((tx) =>
    atPeriodEnd ? cancelRenewal(tx, { ...ending, detail: 'Removed by the creator: ends at the end of the period' }) : endMembership(tx, { ...ending, detail: 'Removed by the creator' }),
  );
  return memberDetail(db, site.id, id);
}
