import { describe, expect, it } from 'vitest';
import { firstFieldWithError, placeProblem, withoutField } from './form-problems.ts';

type Field = 'name' | 'email' | 'password';
const ORDER: readonly Field[] = ['name', 'email', 'password'];

describe('firstFieldWithError', () => {
  it('follows the order of the form, not of the errors', () => {
    expect(firstFieldWithError(ORDER, { password: 'x', email: 'y' })).toBe('email');
    expect(firstFieldWithError(ORDER, {})).toBeUndefined();
  });
});

describe('withoutField', () => {
  it('clears one field and keeps the others', () => {
    expect(withoutField<Field>({ email: 'x', password: 'y' }, 'email')).toEqual({ password: 'y' });
  });

  it('returns the same object when there was nothing to clear, so React skips the render', () => {
    const errors = { password: 'y' };
    expect(withoutField<Field>(errors, 'email')).toBe(errors);
  });
});

describe('placeProblem', () => {
  it('puts a problem with a field under that field', () => {
    expect(placeProblem<Field>({ field: 'email', message: 'Taken.' })).toEqual({ errors: { email: 'Taken.' }, message: undefined });
  });

  it('says a problem without a field in the form message', () => {
    expect(placeProblem<Field>({ message: 'Offline.' })).toEqual({ errors: {}, message: 'Offline.' });
  });
});
