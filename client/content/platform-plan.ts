/**
 * What the studio says about the creator's platform plan (docs/decisions/057),
 * as plain functions of the plan, so the wording is tested without a browser.
 */
import type { PlatformPlanView } from '../../common/api/platform-plan.ts';
import { formatMoney } from '../../common/money.ts';
import { TRIAL_NOTICE_DAYS } from '../../common/platform-plan.ts';

export interface PlanSummary {
  title: string;
  /** The state in a sentence: days left, renewal, what went wrong. */
  detail: string;
  /** Shown as a warning (a failed payment, a lapsed plan, the trial's last week). */
  urgent: boolean;
  /** Which buttons the section offers. */
  canSubscribe: boolean;
  canManage: boolean;
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'long', year: 'numeric' });
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

export function planPrice(plan: PlatformPlanView): string {
  return `${formatMoney(plan.price.amount, plan.price.currency, { compact: true })} / month, 0% of your members' payments`;
}

export function planSummary(plan: PlatformPlanView): PlanSummary {
  const none = { urgent: false, canSubscribe: false, canManage: false };
  if (!plan.feeEnabled) return { ...none, title: 'Your plan: self-hosted, no platform fee', detail: 'This server runs without a platform fee. Everything is included.' };
  if (!plan.stripeConfigured) {
    return { ...none, title: 'Your plan: no platform fee', detail: 'The operator of this server has not set up billing, so there is nothing to pay and nothing is limited.' };
  }
  switch (plan.status) {
    case 'trialing':
      return {
        title: `Free trial: ${days(plan.daysLeft)} left`,
        detail:
          plan.daysLeft <= TRIAL_NOTICE_DAYS
            ? `Your trial ends on ${dateOf(plan.trialEndsAt)}. Subscribe now to keep publishing after it; the days left carry over.`
            : `Your trial runs until ${dateOf(plan.trialEndsAt)}. Subscribe any time: the days left carry over.`,
        urgent: plan.daysLeft <= TRIAL_NOTICE_DAYS,
        canSubscribe: true,
        canManage: plan.hasBilling,
      };
    case 'active':
      return {
        title: 'Creator plan',
        detail: plan.currentPeriodEnd
          ? plan.cancelAtPeriodEnd
            ? `Your plan ends on ${dateOf(plan.currentPeriodEnd)} and will not renew.`
            : `Renews on ${dateOf(plan.currentPeriodEnd)}.`
          : 'Your plan is active.',
        urgent: plan.cancelAtPeriodEnd,
        canSubscribe: false,
        canManage: true,
      };
    case 'past_due':
      return { title: 'Creator plan', detail: 'Your last payment failed — update your card. You can keep publishing while Stripe tries again.', urgent: true, canSubscribe: false, canManage: true };
    case 'canceled':
      return {
        title: 'Creator plan, canceled',
        detail: plan.currentPeriodEnd ? `You can publish until ${dateOf(plan.currentPeriodEnd)}. Subscribe again to keep going.` : 'Subscribe again to keep publishing.',
        urgent: true,
        canSubscribe: true,
        canManage: plan.hasBilling,
      };
    case 'expired':
      return {
        title: 'Your free trial has ended',
        detail: 'Subscribe to publish again. Your site stays online for your visitors and members, and your drafts are safe.',
        urgent: true,
        canSubscribe: true,
        canManage: plan.hasBilling,
      };
  }
}

/** The studio's banner while publishing is paused; null while it is not. */
export function lapsedBanner(plan: PlatformPlanView): string | null {
  return plan.canPublish ? null : 'Your plan has lapsed: publishing is paused until you subscribe. Your site stays online and drafts still save.';
}
