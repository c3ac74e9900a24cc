import { describe, expect, it } from 'vitest';
import { guessMapping, headerNames } from './import-columns.ts';

describe('the import header', () => {
  it('reads quoted names with commas and doubled quotes, and stops at the first line', () => {
    expect(headerNames('\uFEFFEmail Address,"Name, full","Say ""hi"""\r\na@b.c,x,y')).toEqual(['Email Address', 'Name, full', 'Say "hi"']);
    expect(headerNames('\n')).toEqual([]);
  });

  it("guesses the fields from Ghost's and other platforms' names", () => {
    expect(guessMapping(['id', 'email', 'name', 'note', 'subscribed_to_emails', 'complimentary_plan', 'stripe_customer_id', 'created_at', 'deleted_at', 'labels', 'tiers'])).toEqual({
      email: 'email', name: 'name', note: 'note', subscribed_to_emails: 'subscribed_to_emails', complimentary_plan: 'complimentary_plan', stripe_customer_id: 'stripe_customer_id', labels: 'labels', tiers: 'tiers',
    });
    expect(guessMapping(['Email Address', 'Full Name', 'Plan'])).toEqual({ email: 'Email Address', name: 'Full Name', tiers: 'Plan' });
  });
});
