import { describe, expect, it } from 'vitest';
import { HANDLE_MAX_LENGTH, handleProblem, normaliseHandle, RESERVED_HANDLES } from './handles.ts';

describe('handleProblem', () => {
  it.each(['ada', 'night-owl', 'a1b', 'x'.repeat(HANDLE_MAX_LENGTH), '123'])('accepts %s', (handle) => {
    expect(handleProblem(handle)).toBeUndefined();
  });

  it.each([
    ['', 'too-short'],
    ['ab', 'too-short'],
    ['x'.repeat(HANDLE_MAX_LENGTH + 1), 'too-long'],
    ['Night', 'bad-characters'],
    ['night_owl', 'bad-characters'],
    ['night owl', 'bad-characters'],
    ['-owl', 'bad-characters'],
    ['owl-', 'bad-characters'],
    ['night--owl', 'bad-characters'],
    ['nïght', 'bad-characters'],
    ['admin', 'reserved'],
    ['preview-page', 'reserved'],
  ] as const)('refuses %j as %s', (handle, problem) => {
    expect(handleProblem(handle)).toBe(problem);
  });

  it('reserves the platform\'s own paths', () => {
    for (const word of ['api', 'login', 'www', 'dashboard', 'media', 'upload']) expect(RESERVED_HANDLES.has(word)).toBe(true);
  });
});

describe('normaliseHandle', () => {
  it('trims and lowercases what was typed', () => {
    expect(normaliseHandle('  Night-Owl ')).toBe('night-owl');
    expect(handleProblem(normaliseHandle(' ADA '))).toBeUndefined();
  });
});
