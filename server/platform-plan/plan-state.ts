/**
 * What a stored plan row means at a given moment (docs/decisions/057): the
 * trial and a canceled plan run out by the clock, so their end is computed on
 * read and no job has to flip them.
 */
import type { PlatformPlanStatus } from '../../common/memberships.ts';

export interface StoredPlan {
  status: PlatformPlanStatus;
  trialEndsAt: Date;
  currentPeriodEnd: Date | null;
}

export function effectiveStatus(plan: StoredPlan, now: Date): PlatformPlanStatus {
  if (plan.status === 'trialing') return plan.trialEndsAt > now ? 'trialing' : 'expired';
  if (plan.status === 'canceled') return (plan.currentPeriodEnd ?? plan.trialEndsAt) > now ? 'canceled' : 'expired';
  return plan.status;
}

/** Stripe's subscription statuses in the plan's words; `incomplete` (first payment pending) changes nothing yet. */
export function planStatusOf(stripeStatus: string): PlatformPlanStatus | null {
  switch (stripeStatus) {
    // Subscribed during the trial: the rest of it carries over, and the creator has chosen the plan.
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
    default:
      return null;
  }
}
