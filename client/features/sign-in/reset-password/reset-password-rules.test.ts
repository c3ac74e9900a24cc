import { describe, expect, it } from 'vitest';
import { confirmFailure, newPasswordProblem, withoutToken } from './reset-password-rules.ts';

describe('newPasswordProblem', () => {
  it('asks for 8 characters', () => {
    expect(newPasswordProblem('')).toBe('Password must be at least 8 characters long.');
    expect(newPasswordProblem('1234567')).toBe('Password must be at least 8 characters long.');
    expect(newPasswordProblem('12345678')).toBeUndefined();
  });
});

describe('confirmFailure', () => {
  it('sends the user for a new link when the token is bad or expired', () => {
    expect(confirmFailure('invalid-token')).toEqual({ kind: 'link', message: 'This link is not valid. Please request a new one.' });
    expect(confirmFailure('expired-token')).toEqual({ kind: 'link', message: 'This link has expired. Please request a new one.' });
  });

  it('puts a refused password under the field', () => {
    expect(confirmFailure('weak-password')).toEqual({ kind: 'field', message: 'Password must be at least 8 characters long.' });
  });

  it('says what concerns no field in the form message', () => {
    expect(confirmFailure('network-request-failed')).toEqual({ kind: 'form', message: 'Network error. Please check your connection.' });
    expect(confirmFailure('too-many-requests')).toEqual({ kind: 'form', message: 'Too many failed attempts. Please try again later.' });
    expect(confirmFailure('forbidden-origin')).toEqual({ kind: 'form', message: 'Something went wrong. Please try again.' });
  });
});

describe('withoutToken', () => {
  it('reads the token and leaves an address without it', () => {
    expect(withoutToken('?token=abc123')).toEqual({ token: 'abc123', search: '' });
    expect(withoutToken('?utm_source=mail&token=abc123')).toEqual({ token: 'abc123', search: '?utm_source=mail' });
  });

  it('gives an empty token when there is none', () => {
    expect(withoutToken('')).toEqual({ token: '', search: '' });
  });
});
