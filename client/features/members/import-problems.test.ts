import { describe, expect, it } from 'vitest';
import { importProblem } from './import-problems.ts';

describe('why an import was refused', () => {
  it('speaks of the file, the connection or Stripe where the import has words of its own', () => {
    expect(importProblem('invalid-input')).toBe('The file could not be read with this mapping. Check the e-mail column and try again.');
    expect(importProblem('member-stripe-unavailable')).toBe('Stripe could not be reached to look up subscriptions. Nothing was imported; try again shortly.');
    expect(importProblem('payload-too-large')).toContain('Split it into smaller files');
  });

  it('names any other refusal as the server does, not as a bad mapping', () => {
    expect(importProblem('site-required')).toBe('Set up your site first.');
  });
});
