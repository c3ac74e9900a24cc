/**
 * The dry run's check of the source's files, with a fake guard: the guard's refusals are kept in its words, at most
 * 8 checks run at once, and the budget stops the checks in flight and leaves the rest unchecked, counted.
 */
import { describe, expect, it } from 'vitest';
import { AddressRefused } from '../address-guard/index.ts';
import { createLogger } from '../logger.ts';
import { checkFiles } from './check-files.ts';
import { FETCH_MAX_BYTES, FETCHES_AT_ONCE } from './file-fetches.ts';
import type { ImportsDeps } from './import-deps.ts';

const logger = createLogger('silent');
const files = (count: number) => Array.from({ length: count }, (_, index) => ({ url: `https://cdn.example/${index}.png`, image: index % 2 === 0 }));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A guard that waits until `signal` aborts, as one whose host never answers would until its own timeout. */
const neverAnswers: ImportsDeps['checkAddress'] = (_url, { signal }) =>
  new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));

describe('checkFiles', () => {
  it("asks the guard as the run fetches, and keeps each refusal in the guard's words", async () => {
    const asked: unknown[] = [];
    const checkAddress: ImportsDeps['checkAddress'] = async (url, options) => {
      asked.push({ url, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, accept: options.accept });
      if (url.endsWith('/1.png')) throw new AddressRefused('http-status', 'The server answered 404.');
      if (url.endsWith('/2.png')) throw new AddressRefused('private-address', 'The address points to a private network.');
    };
    const checked = await checkFiles({ checkAddress, fetchTimeoutMs: 1500, logger }, files(3));
    expect(checked).toEqual({
      failures: new Map([
        ['https://cdn.example/1.png', 'The server answered 404.'],
        ['https://cdn.example/2.png', 'The address points to a private network.'],
      ]),
      unchecked: 0,
    });
    expect(asked).toEqual([
      { url: 'https://cdn.example/0.png', timeoutMs: 1500, maxBytes: FETCH_MAX_BYTES, accept: 'image' },
      { url: 'https://cdn.example/1.png', timeoutMs: 1500, maxBytes: FETCH_MAX_BYTES, accept: 'any' },
      { url: 'https://cdn.example/2.png', timeoutMs: 1500, maxBytes: FETCH_MAX_BYTES, accept: 'image' },
    ]);
  });

  it('checks at most 8 files at once', async () => {
    let inFlight = 0;
    let most = 0;
    const checkAddress: ImportsDeps['checkAddress'] = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await pause(2);
      inFlight -= 1;
    };
    expect(await checkFiles({ checkAddress, fetchTimeoutMs: 1000, logger }, files(40))).toEqual({ failures: new Map(), unchecked: 0 });
    expect(most).toBe(FETCHES_AT_ONCE);
  });

  it('stops the checks in flight when its budget ends, and counts them with those never started as unchecked', async () => {
    const started = Date.now();
    const checked = await checkFiles({ checkAddress: neverAnswers, fetchTimeoutMs: 20_000, logger }, files(20), 50);
    expect(checked).toEqual({ failures: new Map(), unchecked: 20 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('counts a check that fails on our side as unchecked, not as the file’s fault', async () => {
    const checkAddress: ImportsDeps['checkAddress'] = () => Promise.reject(new Error('a bug of ours'));
    expect(await checkFiles({ checkAddress, fetchTimeoutMs: 1000, logger }, files(2))).toEqual({ failures: new Map(), unchecked: 2 });
  });
});
