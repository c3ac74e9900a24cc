import { describe, expect, it } from 'vitest';
import { EMPTY_GOOGLE_SIGNUP, toGoogleSignupRequest, validateGoogleSignup } from './google-signup-form.ts';

describe('the Google terms step', () => {
  it('asks for a niche and the terms with the sign-up form\'s words', () => {
    const errors = validateGoogleSignup(EMPTY_GOOGLE_SIGNUP);
    expect(errors).toEqual({
      niche: 'Please select your niche.',
      agreeToTerms: 'You must agree to the Terms and Privacy Policy to create an account.',
    });
  });

  it('asks for the custom niche only when other is chosen, and sends it only then', () => {
    expect(validateGoogleSignup({ niche: 'other', customNiche: '  ', agreeToTerms: true })).toEqual({ customNiche: 'Please specify your niche.' });
    expect(validateGoogleSignup({ niche: 'music', customNiche: '', agreeToTerms: true })).toEqual({});
    expect(toGoogleSignupRequest({ niche: 'music', customNiche: 'left over', agreeToTerms: true })).toEqual({ niche: 'music', agreeToTerms: true });
    expect(toGoogleSignupRequest({ niche: 'other', customNiche: 'Bees', agreeToTerms: true })).toEqual({ niche: 'other', customNiche: 'Bees', agreeToTerms: true });
  });

  it('asks a member joining a site only the terms, and sends only them', () => {
    expect(validateGoogleSignup(EMPTY_GOOGLE_SIGNUP, true)).toEqual({ agreeToTerms: 'You must agree to the Terms and Privacy Policy to create an account.' });
    expect(validateGoogleSignup({ ...EMPTY_GOOGLE_SIGNUP, agreeToTerms: true }, true)).toEqual({});
    expect(toGoogleSignupRequest({ niche: 'music', customNiche: 'x', agreeToTerms: true }, true)).toEqual({ agreeToTerms: true });
  });
});
