import { describe, expect, it } from 'vitest';
import { POST_SLUG_MAX_LENGTH } from './posts.ts';
import { firstFreeSlug, isValidSlug, slugify } from './slugs.ts';

describe('slugify', () => {
  it.each([
    ['Hello, World!', 'hello-world'],
    ['Crème brûlée à la française', 'creme-brulee-a-la-francaise'],
    ['Straße & Smørrebrød', 'strasse-and-smorrebrod'],
    ['  --Déjà   vu--  ', 'deja-vu'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
    ['日本語', ''],
  ])('%s -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('keeps long titles within the limit and ends on a whole word', () => {
    const slug = slugify('word '.repeat(60));
    expect(slug.length).toBeLessThanOrEqual(POST_SLUG_MAX_LENGTH);
    expect(slug.endsWith('word')).toBe(true);
    expect(isValidSlug(slug)).toBe(true);
  });
});

describe('firstFreeSlug', () => {
  it('adds -2, -3 after a taken slug', () => {
    expect(firstFreeSlug('hello', new Set())).toBe('hello');
    expect(firstFreeSlug('hello', new Set(['hello']))).toBe('hello-2');
    expect(firstFreeSlug('hello', new Set(['hello', 'hello-2']))).toBe('hello-3');
  });

  it('stays within the limit with a suffix', () => {
    const base = 'a'.repeat(POST_SLUG_MAX_LENGTH);
    const slug = firstFreeSlug(base, new Set([base]));
    expect(slug).toHaveLength(POST_SLUG_MAX_LENGTH);
    expect(slug.endsWith('-2')).toBe(true);
  });
});

describe('isValidSlug', () => {
  it.each(['Hello', 'a--b', '-a', 'a-', 'a b', 'é', ''])('refuses %j', (slug) => {
    expect(isValidSlug(slug)).toBe(false);
  });
});
