import { describe, expect, it } from 'vitest';
import { loginServerError, passwordResetErrorMessage } from './login-messages.ts';
import { passwordResetRequestProblem, validateLogin } from './login-rules.ts';

const SUPPORT = 'support@example.com';

describe('validateLogin', () => {
  it('accepts a plausible address and an 8-character password', () => {
    expect(validateLogin({ email: 'ada@example.com', password: '12345678' }, SUPPORT)).toEqual({});
  });

  it('asks for a valid address when the pattern fails or the field is empty', () => {
    for (const email of ['', 'ada', 'ada@example', 'a da@example.com']) {
      expect(validateLogin({ email, password: '12345678' }, SUPPORT).email).toBe('Please enter a valid email address.');
    }
  });

  it("rejects the support address and 'test' in any case", () => {
    expect(validateLogin({ email: 'Support@Example.com', password: '12345678' }, SUPPORT).email).toBe('Please enter a valid email address.');
    expect(validateLogin({ email: 'TEST', password: '12345678' }, SUPPORT).email).toBe('Please enter a valid email address.');
    expect(validateLogin({ email: 'ada@example.com', password: '12345678' }, undefined)).toEqual({});
  });

  it('asks for at least 8 password characters', () => {
    expect(validateLogin({ email: 'ada@example.com', password: '' }, SUPPORT).password).toBe('Password must be at least 8 characters long.');
    expect(validateLogin({ email: 'ada@example.com', password: '1234567' }, SUPPORT).password).toBe('Password must be at least 8 characters long.');
  });

  it('reports both fields at once', () => {
    expect(validateLogin({ email: 'x', password: 'x' }, SUPPORT)).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 8 characters long.',
    });
  });
});

describe('loginServerError', () => {
  it('puts account problems under the e-mail field', () => {
    expect(loginServerError('user-not-found')).toEqual({ field: 'email', message: 'No user found with this email.' });
    expect(loginServerError('user-disabled')).toEqual({ field: 'email', message: 'This account has been disabled.' });
    expect(loginServerError('invalid-email')).toEqual({ field: 'email', message: 'Email address format is invalid.' });
    expect(loginServerError('missing-email')).toEqual({ field: 'email', message: 'Email is required.' });
  });

  it('puts everything else under the password field', () => {
    expect(loginServerError('invalid-login-credentials')).toEqual({ field: 'password', message: 'Invalid login credentials.' });
    expect(loginServerError('wrong-password')).toEqual({ field: 'password', message: 'Incorrect password.' });
    expect(loginServerError('too-many-requests')).toEqual({ field: 'password', message: 'Too many failed attempts. Please try again later.' });
    expect(loginServerError('network-request-failed')).toEqual({ field: 'password', message: 'Network error. Please check your connection.' });
  });

  it('falls back to the generic message', () => {
    expect(loginServerError('forbidden')).toEqual({ field: 'password', message: 'Login failed. Please try again.' });
  });

  it('says what to set when the server refuses the address the page was opened at', () => {
    expect(loginServerError('forbidden-origin').message).toMatch(/set APP_URL/);
  });
});

describe('password reset request', () => {
  it('needs an e-mail first', () => {
    expect(passwordResetRequestProblem('')).toBe('Please enter your email address first.');
    expect(passwordResetRequestProblem('   ')).toBe('Please enter your email address first.');
    expect(passwordResetRequestProblem('ada')).toBe('Please enter a valid email address.');
    expect(passwordResetRequestProblem('ada@example.com')).toBeUndefined();
  });

  it('maps server answers to the reset catalogue', () => {
    expect(passwordResetErrorMessage('user-not-found')).toBe('No user found with this email.');
    expect(passwordResetErrorMessage('too-many-requests')).toBe('Failed to send reset email. Try again later.');
  });
});
