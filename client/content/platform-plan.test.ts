import { describe, expect, it } from 'vitest';
import type { PlatformPlanView } from '../../common/api/platform-plan.ts';
import { lapsedBanner, planPrice, planSummary } from './platform-plan.ts';

const plan = (overrides: Partial<PlatformPlanView> = {}): PlatformPlanView => ({
  feeEnabled: true,
  stripeConfigured: true,
  status: 'trialing',
  trialEndsAt: '2026-07-01T12:00:00.000Z',
  daysLeft: 20,
  price: { amount: 1900, currency: 'usd' },
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  hasBilling: false,
  canPublish: true,
  ...overrides,
});

describe('planSummary', () => {
  it('counts the trial down quietly, then gently in its last week', () => {
    expect(planSummary(plan())).toMatchObject({ title: 'Free trial: 20 days left', urgent: false, canSubscribe: true });
    expect(planSummary(plan({ daysLeft: 1 }))).toMatchObject({ title: 'Free trial: 1 day left', urgent: true });
    expect(planSummary(plan({ daysLeft: 7 })).detail).toContain('Subscribe now');
  });

  it('asks for a new card when a payment failed', () => {
    expect(planSummary(plan({ status: 'past_due' }))).toMatchObject({ detail: expect.stringContaining('Your last payment failed — update your card') as string, canManage: true, canSubscribe: false });
  });

  it('tells when an active plan renews or ends', () => {
    expect(planSummary(plan({ status: 'active', currentPeriodEnd: '2026-08-01T00:00:00.000Z' })).detail).toBe('Renews on August 1, 2026.');
    expect(planSummary(plan({ status: 'active', currentPeriodEnd: '2026-08-01T00:00:00.000Z', cancelAtPeriodEnd: true })).detail).toContain('will not renew');
  });

  it('offers to subscribe once the trial is over', () => {
    expect(planSummary(plan({ status: 'expired', daysLeft: 0, canPublish: false }))).toMatchObject({ title: 'Your free trial has ended', canSubscribe: true, urgent: true });
  });

  it('asks nothing with the fee off or without billing on the server', () => {
    expect(planSummary(plan({ feeEnabled: false }))).toMatchObject({ title: 'Your plan: self-hosted, no platform fee', canSubscribe: false, canManage: false });
    expect(planSummary(plan({ stripeConfigured: false })).detail).toContain('has not set up billing');
  });
});

describe('planPrice and lapsedBanner', () => {
  it('word the price and the pause', () => {
    expect(planPrice(plan())).toBe("$19 / month, 0% of your members' payments");
    expect(lapsedBanner(plan())).toBeNull();
    expect(lapsedBanner(plan({ status: 'expired', canPublish: false }))).toContain('publishing is paused');
  });
});
