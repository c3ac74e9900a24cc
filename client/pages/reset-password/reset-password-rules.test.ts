import { describe, expect, it } from 'vitest';
import { confirmFailure, newPasswordProblem } from './reset-password-rules.ts';

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

  it('keeps other problems on the form', () => {
    expect(confirmFailure('weak-password')).toEqual({ kind: 'field', message: 'Password must be at least 8 characters long.' });
    expect(confirmFailure('network-request-failed')).toEqual({ kind: 'field', message: 'Network error. Please check your connection.' });
    expect(confirmFailure('too-many-requests')).toEqual({ kind: 'field', message: 'Too many failed attempts. Please try again later.' });
    expect(confirmFailure('forbidden-origin')).toEqual({ kind: 'field', message: 'Something went wrong. Please try again.' });
  });
});
