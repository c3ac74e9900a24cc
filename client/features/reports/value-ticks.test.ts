import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../common/money.ts';
import { valueTicks } from './value-ticks.ts';

describe('valueTicks', () => {
  it('gives an empty money chart whole units, each label different', () => {
    const ticks = valueTicks(0, 100);
    expect(ticks).toEqual([0, 100]);
    expect(ticks.map((tick) => formatMoney(tick, 'usd', { compact: true }))).toEqual(['$0', '$1']);
  });

  it('never splits a count below one', () => {
    expect(valueTicks(0, 1)).toEqual([0, 1]);
    expect(valueTicks(3, 1)).toEqual([0, 1, 2, 3]);
  });

  it('steps by 1, 2 or 5 times a power of ten and reaches the largest value in at most five steps', () => {
    for (const [max, step] of [
      [7, 1],
      [12, 1],
      [99, 1],
      [1234, 1],
      [4_990, 100],
      [123_456, 100],
      [950, 1],
    ] as const) {
      const ticks = valueTicks(max, step);
      const increment = ticks[1]! - ticks[0]!;
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1).toBeLessThanOrEqual(5);
      expect(increment % step).toBe(0);
      expect(String(increment / step)).toMatch(/^[125]0*$/);
      const labels = ticks.map((tick) => formatMoney(tick * (100 / step), 'usd', { compact: true }));
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('uses one yen as the step of a currency without cents', () => {
    expect(valueTicks(0, 1).map((tick) => formatMoney(tick, 'jpy', { compact: true }))).toEqual(['¥0', '¥1']);
  });
});
