import { describe, expect, it } from 'vitest';
import { linkProblem, resendFailed, resendSucceeded } from '../../../content/verify-email.ts';

describe('resend feedback', () => {
  it('names the address on success', () => {
    expect(resendSucceeded('ada@example.com')).toEqual({ tone: 'success', message: 'We sent a new verification email to ada@example.com.' });
  });

  it('explains the rate limit, the network and anything else', () => {
    expect(resendFailed('too-many-requests').message).toMatch(/once a minute/);
    expect(resendFailed('network-request-failed').message).toBe('Network error. Please check your connection.');
    expect(resendFailed('internal-error').message).toBe("We couldn't send the email. Please try again later.");
  });
});

describe('linkProblem', () => {
  it('explains an expired or invalid link and ignores anything else', () => {
    expect(linkProblem('expired-token')).toMatch(/expired/);
    expect(linkProblem('invalid-token')).toMatch(/not valid/);
    expect(linkProblem('something-else')).toBeUndefined();
    expect(linkProblem(null)).toBeUndefined();
  });
});
