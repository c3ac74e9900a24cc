import { describe, expect, it } from 'vitest';
import { EMPTY_SIGNUP, signupServerError, toSignupRequest, type SignupValues } from './signup-form.ts';
import { validateSignup } from './signup-rules.ts';

const valid: SignupValues = {
  fullName: 'Ada Lovelace',
  niche: 'music',
  customNiche: '',
  email: 'ada@example.com',
  password: 'correct horse',
  agreeToTerms: true,
};

describe('validateSignup', () => {
  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toEqual({});
  });

  it('shows every message of SPEC.md section 5 on an empty form', () => {
    expect(validateSignup(EMPTY_SIGNUP)).toEqual({
      fullName: 'Full name is required.',
      niche: 'Please select your niche.',
      email: 'Enter a valid email address.',
      password: 'Password must be at least 8 characters.',
      agreeToTerms: 'You must agree to the Terms and Privacy Policy to create an account.',
    });
  });

  it('treats a blank name as missing', () => {
    expect(validateSignup({ ...valid, fullName: '   ' }).fullName).toBe('Full name is required.');
  });

  it('asks for a valid address and 8 password characters', () => {
    expect(validateSignup({ ...valid, email: 'ada@' }).email).toBe('Enter a valid email address.');
    expect(validateSignup({ ...valid, password: '1234567' }).password).toBe('Password must be at least 8 characters.');
  });

  it("asks to specify the niche when 'other' is chosen, even alongside other problems", () => {
    expect(validateSignup({ ...valid, niche: 'other', customNiche: ' ' })).toEqual({ customNiche: 'Please specify your niche.' });
    expect(validateSignup({ ...valid, niche: 'other', fullName: '' })).toEqual({
      fullName: 'Full name is required.',
      customNiche: 'Please specify your niche.',
    });
    expect(validateSignup({ ...valid, niche: 'other', customNiche: 'Beekeeping' })).toEqual({});
  });
});

describe('toSignupRequest', () => {
  it('sends the custom niche only with other', () => {
    expect(toSignupRequest({ ...valid, customNiche: 'left over' })).not.toHaveProperty('customNiche');
    expect(toSignupRequest({ ...valid, niche: 'other', customNiche: 'Beekeeping' }).customNiche).toBe('Beekeeping');
  });
});

describe('signupServerError', () => {
  it('uses the sign-up catalogue with its fallback', () => {
    expect(signupServerError('email-already-in-use')).toBe('This email is already in use.');
    expect(signupServerError('invalid-email')).toBe('Invalid email format.');
    expect(signupServerError('weak-password')).toBe('Password is too weak.');
    expect(signupServerError('too-many-requests')).toBe('Signup failed. Try again.');
    expect(signupServerError('network-request-failed')).toBe('Signup failed. Try again.');
  });

  it('says what to set when the server refuses the address the page was opened at, not "Signup failed"', () => {
    expect(signupServerError('forbidden-origin')).toBe(
      'This server does not accept forms from this address. Open the address it printed at start-up, or set APP_URL to the address you use.',
    );
  });
});
