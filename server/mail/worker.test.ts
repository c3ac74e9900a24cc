import { describe, expect, it } from 'vitest';
import { isPermanentRejection, retryDelayMs } from './worker.ts';

describe('mail retry backoff', () => {
  it('doubles from five seconds and stops growing at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(60 * 60_000);
  });
});

describe('permanent rejections', () => {
  it('are a 5xx refusal of the recipient', () => {
    expect(isPermanentRejection({ code: 'EENVELOPE', responseCode: 550 })).toBe(true);
    expect(isPermanentRejection({ code: 'EENVELOPE', responseCode: 501 })).toBe(true);
  });

  it('are not a temporary refusal, refused credentials or an outage, which may pass', () => {
    expect(isPermanentRejection({ code: 'EENVELOPE', responseCode: 451 })).toBe(false);
    expect(isPermanentRejection({ code: 'EAUTH', responseCode: 535 })).toBe(false);
    expect(isPermanentRejection({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isPermanentRejection(new Error('socket hang up'))).toBe(false);
    expect(isPermanentRejection(undefined)).toBe(false);
  });
});
