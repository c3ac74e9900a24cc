import { describe, expect, it } from 'vitest';
import { effectiveStatus, planStatusOf } from './plan-state.ts';

const now = new Date('2026-06-01T12:00:00Z');
const later = new Date('2026-06-05T00:00:00Z');
const earlier = new Date('2026-05-20T00:00:00Z');

describe('effectiveStatus', () => {
  it('keeps a trial until its end, then calls it expired', () => {
    expect(effectiveStatus({ status: 'trialing', trialEndsAt: later, currentPeriodEnd: null }, now)).toBe('trialing');
    expect(effectiveStatus({ status: 'trialing', trialEndsAt: earlier, currentPeriodEnd: null }, now)).toBe('expired');
    expect(effectiveStatus({ status: 'trialing', trialEndsAt: now, currentPeriodEnd: null }, now)).toBe('expired');
  });

  it('keeps a canceled plan until its paid period ends', () => {
    expect(effectiveStatus({ status: 'canceled', trialEndsAt: earlier, currentPeriodEnd: later }, now)).toBe('canceled');
    expect(effectiveStatus({ status: 'canceled', trialEndsAt: earlier, currentPeriodEnd: earlier }, now)).toBe('expired');
  });

  it('leaves a paid plan as Stripe last said, whatever the trial date', () => {
    expect(effectiveStatus({ status: 'active', trialEndsAt: earlier, currentPeriodEnd: earlier }, now)).toBe('active');
    expect(effectiveStatus({ status: 'past_due', trialEndsAt: earlier, currentPeriodEnd: null }, now)).toBe('past_due');
  });
});

describe('planStatusOf', () => {
  it('maps Stripe statuses onto the plan', () => {
    expect(planStatusOf('trialing')).toBe('active');
    expect(planStatusOf('active')).toBe('active');
    expect(planStatusOf('unpaid')).toBe('past_due');
    expect(planStatusOf('incomplete_expired')).toBe('canceled');
    expect(planStatusOf('incomplete')).toBeNull();
  });
});
