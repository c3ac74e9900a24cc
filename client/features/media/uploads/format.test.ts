import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, percentOf } from './format.ts';

describe('formatBytes', () => {
  it('writes bytes, then binary multiples with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(8 * 1024 * 1024)).toBe('8 MB');
    expect(formatBytes(123.4 * 1024 * 1024)).toBe('123 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(2.25 * 1024 ** 4)).toBe('2.3 TB');
  });

  it('never shows a negative or NaN size', () => {
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});

describe('percentOf', () => {
  it('floors, and reaches 100 only when everything is there', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('formatDuration', () => {
  it('writes minutes and seconds, hours when there are any', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3600 + 62)).toBe('1:01:02');
  });
});
