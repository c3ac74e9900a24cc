import { describe, expect, it } from 'vitest';
import { satisfiesEngines } from './require-node.mjs';

describe('satisfiesEngines', () => {
  it('refuses a node older than the engines range, so `npm start` stops with one line', () => {
    expect(satisfiesEngines('20.20.2', '>=22.22')).toBe(false);
    expect(satisfiesEngines('22.21.0', '>=22.22')).toBe(false);
    expect(satisfiesEngines('v18.0.0', '>=22.22')).toBe(false);
  });

  it('accepts the range itself and anything newer', () => {
    expect(satisfiesEngines('22.22.0', '>=22.22')).toBe(true);
    expect(satisfiesEngines('v24.21.0', '>=22.22')).toBe(true);
    expect(satisfiesEngines('26.0.0', '>=22.22')).toBe(true);
  });

  it('names a range it cannot read instead of guessing', () => {
    expect(() => satisfiesEngines('24.0.0', '^22 || ^24')).toThrow(/engines\.node/);
  });
});
