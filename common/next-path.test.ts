import { describe, expect, it } from 'vitest';
import { isSitePath, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('takes a page of a creator site', () => {
    expect(safeNextPath('?next=%2F%40ada%2Fjoin')).toBe('/@ada/join');
    expect(safeNextPath('?next=/@ada/posts/first-song')).toBe('/@ada/posts/first-song');
  });

  it('takes the join page with its chosen tier and cadence', () => {
    const next = '/@ada/join?tier=0b6c3a9e-54d1-4a4e-9d2f-6f1c2a3b4c5d&cadence=year';
    expect(safeNextPath(`?next=${encodeURIComponent(next)}`)).toBe(next);
  });

  it("takes the way back to a site's own domain (the sign-in handoff), and nothing else under /auth", () => {
    const state = 'abcdefghijklmnopqrstuvwxyz234567';
    const next = `/auth/handoff/start?domain=fans.example.com&state=${state}&next=/posts/first-song`;
    expect(safeNextPath(`?next=${encodeURIComponent(next)}`)).toBe(next);
    for (const bad of [
      `/auth/handoff/start?domain=fans.example.com&state=${state}&next=//evil.example`,
      `/auth/handoff/start?domain=evil.example/x&state=${state}&next=/`,
      '/auth/handoff?token=x&next=/',
      `/auth/handoff/start?domain=fans.example.com&state=${state}&next=/../x`,
      `/auth/handoff/start?domain=fans.example.com&state=${state}&next=/posts&token=x`,
      '/auth/handoff/start?domain=fans.example.com&state=short&next=/',
      '/auth/handoff/start?domain=fans.example.com&next=/posts/first-song',
    ]) {
      expect(isSitePath(bad), bad).toBe(false);
    }
  });

  it('refuses anything that could leave the site or run script', () => {
    for (const next of ['https://evil.example', '//evil.example', '/@ada//evil.example', 'javascript:alert(1)', '/dashboard', '/@ada/../admin', '', '/@ada?x=%2F%2Fevil.example', '/@ada\\evil.example', '/@ada/join?next=//evil']) {
      expect(safeNextPath(`?next=${encodeURIComponent(next)}`), next).toBeUndefined();
      expect(isSitePath(next), next).toBe(false);
    }
    expect(safeNextPath('')).toBeUndefined();
  });
});
