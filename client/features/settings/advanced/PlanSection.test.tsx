import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlatformPlanView } from '../../../../common/api/platform-plan.ts';
import { PlanDetails } from './PlanSection.tsx';

const plan = (overrides: Partial<PlatformPlanView> = {}): PlatformPlanView => ({
  feeEnabled: true,
  stripeConfigured: true,
  status: 'trialing',
  trialEndsAt: '2026-07-01T12:00:00.000Z',
  daysLeft: 12,
  price: { amount: 1900, currency: 'usd' },
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  hasBilling: false,
  canPublish: true,
  ...overrides,
});

const render = (view: PlatformPlanView) => renderToStaticMarkup(<PlanDetails plan={view} busy={null} onGo={() => undefined} />);

describe('PlanDetails', () => {
  it('shows the trial, the price and a Subscribe button', () => {
    const html = render(plan());
    expect(html).toContain('Free trial: 12 days left');
    expect(html).toContain('$19 / month, 0% of your members&#x27; payments');
    expect(html).toContain('>Subscribe<');
    expect(html).not.toContain('Manage billing');
  });

  it('offers billing, not a second plan, when a payment failed', () => {
    const html = render(plan({ status: 'past_due', hasBilling: true }));
    expect(html).toContain('Your last payment failed — update your card');
    expect(html).toContain('Manage billing');
    expect(html).not.toContain('>Subscribe<');
  });

  it('shows no price and no button with the fee off', () => {
    const html = render(plan({ feeEnabled: false }));
    expect(html).toContain('Your plan: self-hosted, no platform fee');
    expect(html).not.toContain('$19');
    expect(html).not.toContain('<button');
  });
});
