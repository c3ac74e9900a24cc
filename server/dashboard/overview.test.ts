import { describe, expect, it } from 'vitest';
import { lastDays, VIEW_DAYS } from './overview.ts';

describe('lastDays', () => {
  it('lists 30 UTC days ending today, oldest first', () => {
    const days = lastDays(new Date('2026-03-01T23:30:00Z'));
    expect(days).toHaveLength(VIEW_DAYS);
    expect(days.at(-1)).toBe('2026-03-01');
    expect(days[0]).toBe('2026-01-31');
  });

  it('counts by UTC, whatever the hour', () => {
    expect(lastDays(new Date('2026-03-01T00:00:00Z'), 2)).toEqual(['2026-02-28', '2026-03-01']);
  });
});
