import { describe, expect, it } from 'vitest';
import type { TierView } from '../../../../common/api/tiers.ts';
import { createOfferSchema, updateOfferSchema } from '../../../../common/offer-schemas.ts';
import { checkDraft, checkEdit, editDraftOf, emptyDraft, type OfferDraft } from './offer-draft.ts';

const tier: TierView = { id: '6f1c2a3e-9d4b-4c5a-8e7f-0a1b2c3d4e5f', name: 'Supporter', description: '', benefits: [], type: 'paid', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd', active: true, position: 1, trialDays: null };
const now = new Date('2026-11-28T12:00:00Z');
const draft = (over: Partial<OfferDraft>): OfferDraft => ({ ...emptyDraft(tier.id), name: 'Spring', code: 'spring', percentOff: '25', ...over });

describe('the offer form', () => {
  it('makes a body the server schema takes, for each kind', () => {
    const bodies = [
      checkDraft(draft({ duration: 'repeating', durationMonths: '3' }), tier, now).body,
      checkDraft(draft({ kind: 'amount', amountOff: '2.50', duration: 'forever', redemptionLimit: '10' }), tier, now).body,
      checkDraft(draft({ kind: 'trial', trialDays: '14', duration: 'repeating', endsOn: '2026-12-31' }), tier, now).body,
    ];
    expect(bodies[0]).toMatchObject({ kind: 'percent', percentOff: 25, duration: 'repeating', durationMonths: 3 });
    expect(bodies[1]).toMatchObject({ kind: 'amount', amountOff: 250, duration: 'forever', redemptionLimit: 10 });
    expect(bodies[2]).toMatchObject({ kind: 'trial', trialDays: 14 });
    expect(bodies[2]).not.toHaveProperty('duration');
    for (const body of bodies) expect(createOfferSchema.safeParse(body).success).toBe(true);
  });

  it('puts each problem under its field', () => {
    expect(checkDraft(draft({ percentOff: '0' }), tier, now).problems).toHaveProperty('percentOff');
    expect(checkDraft(draft({ percentOff: '12.5' }), tier, now).problems).toHaveProperty('percentOff');
    expect(checkDraft(draft({ kind: 'amount', amountOff: '5' }), tier, now).problems.amountOff).toMatch(/less than/);
    expect(checkDraft(draft({ kind: 'trial', trialDays: '366' }), tier, now).problems).toHaveProperty('trialDays');
    expect(checkDraft(draft({ duration: 'repeating' }), tier, now).problems).toHaveProperty('durationMonths');
    expect(checkDraft(draft({ endsOn: '2026-11-27' }), tier, now).problems).toHaveProperty('endsAt');
    expect(checkDraft(draft({ code: 'Bad code' }), tier, now).problems).toHaveProperty('code');
    expect(checkDraft(draft({ redemptionLimit: '0' }), tier, now).problems).toHaveProperty('redemptionLimit');
    expect(checkDraft(draft({}), undefined, now).problems).toHaveProperty('tierId');
  });
});

describe('the offer edit form', () => {
  const offer = { name: 'Spring', endsAt: null, redemptionLimit: 10, redemptions: 3 };

  it('sends only what changed, and clears the end date or the limit when emptied', () => {
    const unchanged = checkEdit(editDraftOf(offer), offer, now);
    expect(unchanged.body).toEqual({});
    const changed = checkEdit({ name: ' Spring sale ', endsOn: '2026-12-31', redemptionLimit: '' }, offer, now).body!;
    expect(changed).toEqual({ name: 'Spring sale', endsAt: new Date('2026-12-31T23:59:59').toISOString(), redemptionLimit: null });
    expect(updateOfferSchema.safeParse(changed).success).toBe(true);
    const ending = { ...offer, endsAt: new Date('2026-12-31T23:59:59').toISOString() };
    expect(checkEdit({ ...editDraftOf(ending), endsOn: '' }, ending, now).body).toEqual({ endsAt: null });
  });

  it('refuses an empty name, a day past, and a limit under the readers who already claimed it', () => {
    const problems = checkEdit({ name: ' ', endsOn: '2026-11-01', redemptionLimit: '2' }, offer, now).problems;
    expect(Object.keys(problems).sort()).toEqual(['endsAt', 'name', 'redemptionLimit']);
    expect(problems.redemptionLimit).toBe('3 readers have already claimed it: the limit cannot be lower.');
    expect(checkEdit({ ...editDraftOf(offer), redemptionLimit: 'x' }, offer, now).problems).toHaveProperty('redemptionLimit');
  });
});
