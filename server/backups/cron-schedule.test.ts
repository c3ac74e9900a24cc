import { describe, expect, it } from 'vitest';
import { isCronExpression } from '../config/cron-expression.ts';
import { lastTickAt } from './cron-schedule.ts';

describe('isCronExpression', () => {
  it.each(['0 3 * * *', '*/15 * * * *', '30 2 * * 1-5', '0 0 3 * * *', '@daily'])('takes %j', (expression) => {
    expect(isCronExpression(expression)).toBe(true);
  });

  it.each(['', 'daily', '0 3 * *', '61 * * * *', '0 25 * * *', '* * * * * * * *', 'every night'])('refuses %j', (expression) => {
    expect(isCronExpression(expression)).toBe(false);
  });
});

describe('lastTickAt', () => {
  it('is the latest tick at or before the time, in UTC', () => {
    expect(lastTickAt('0 3 * * *', new Date('2026-11-28T10:15:00Z')).toISOString()).toBe('2026-11-28T03:00:00.000Z');
    expect(lastTickAt('0 3 * * *', new Date('2026-11-28T02:59:59Z')).toISOString()).toBe('2026-11-27T03:00:00.000Z');
  });

  it('counts a tick that falls exactly on the time as that time', () => {
    expect(lastTickAt('0 3 * * *', new Date('2026-11-28T03:00:00Z')).toISOString()).toBe('2026-11-28T03:00:00.000Z');
  });

  it('reads six fields with seconds first', () => {
    expect(lastTickAt('*/10 * * * * *', new Date('2026-11-28T03:00:27.500Z')).toISOString()).toBe('2026-11-28T03:00:20.000Z');
  });
});
