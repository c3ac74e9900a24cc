import { describe, expect, it } from 'vitest';
import { domainNextPath, sameHostPath } from './next-path.ts';

describe('domainNextPath', () => {
  it('keeps a plain path of the domain and drops its query', () => {
    expect(domainNextPath('/posts/a')).toBe('/posts/a');
    expect(domainNextPath('/join?tier=x')).toBe('/join');
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/x', 'javascript:alert(1)', '/posts/../../x', '', 42, undefined])('sends %j home', (value) => {
    expect(domainNextPath(value)).toBe('/');
  });
});

describe('sameHostPath', () => {
  it.each([
    ['//attacker.example/x', '/attacker.example/x'],
    ['/\\attacker.example/x', '/attacker.example/x'],
    ['\\\\attacker.example', '/attacker.example'],
    ['/posts/a', '/posts/a'],
    ['', '/'],
  ])('folds %j into %j', (path, expected) => {
    expect(sameHostPath(path)).toBe(expected);
  });
});
