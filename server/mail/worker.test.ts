import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './worker.ts';

describe('mail retry backoff', () => {
  it('doubles from five seconds and stops growing at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(60 * 60_000);
  });
});
