/** The creator's platform plan (docs/decisions/057-platform-plan.md): read it, subscribe through Checkout, manage billing. */
import type { PlatformPlanStatus } from '../memberships.ts';
import type { MoneyAmount } from '../member-figures.ts';
import { endpoint } from './endpoint.ts';

export interface PlatformPlanView {
  /** False: the operator turned the fee off (PLATFORM_FEE=off); nothing else here applies. */
  feeEnabled: boolean;
  /** False: no STRIPE_SECRET_KEY, so the fee cannot be charged and nothing is asked. */
  stripeConfigured: boolean;
  status: PlatformPlanStatus;
  trialEndsAt: string;
  /** Whole days left of the trial (0 once it is over). */
  daysLeft: number;
  price: MoneyAmount;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Whether the creator has a Stripe customer for the plan, so the billing portal has something to show. */
  hasBilling: boolean;
  canPublish: boolean;
}

export const get = endpoint<undefined, undefined, { plan: PlatformPlanView }>('GET', '/api/platform-plan');
export const checkout = endpoint<undefined, undefined, { url: string }>('POST', '/api/platform-plan/checkout');
export const portal = endpoint<undefined, undefined, { url: string }>('POST', '/api/platform-plan/portal');
