import { describe, expect, it } from 'vitest';
import { addMonths } from './gift-terms.ts';

describe('addMonths', () => {
  it('adds calendar months in UTC', () => {
    expect(addMonths(new Date('2026-11-28T10:00:00Z'), 3).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-15T00:00:00Z'), 12).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('ends a month on its last day when the start day is past it', () => {
    expect(addMonths(new Date('2027-01-31T08:00:00Z'), 1).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T08:00:00Z'), 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
  });
});
