import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('takes a page of a creator site', () => {
    expect(safeNextPath('?next=%2F%40ada%2Fjoin')).toBe('/@ada/join');
    expect(safeNextPath('?next=/@ada/posts/first-song')).toBe('/@ada/posts/first-song');
  });

  it('refuses anything that could leave the site or run script', () => {
    for (const next of ['https://evil.example', '//evil.example', '/@ada//evil.example', 'javascript:alert(1)', '/dashboard', '/@ada/../admin', '']) {
      expect(safeNextPath(`?next=${encodeURIComponent(next)}`), next).toBeUndefined();
    }
    expect(safeNextPath('')).toBeUndefined();
  });
});
