import { describe, expect, it } from 'vitest';
import { fromLocalInputValue, toLocalInputValue } from './post-dates.ts';

describe('datetime-local values', () => {
  it('round-trip a moment to the minute in the local time zone', () => {
    const moment = new Date(2026, 10, 24, 9, 5);
    expect(toLocalInputValue(moment)).toBe('2026-11-24T09:05');
    expect(fromLocalInputValue('2026-11-24T09:05')?.getTime()).toBe(moment.getTime());
  });

  it('reads an empty or broken value as no date', () => {
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('not a date')).toBeNull();
  });
});
