/**
 * A post's address from its title: lowercase ASCII, diacritics folded, words
 * joined by single dashes. The studio shows the same slug as the creator types
 * the title, and the server makes it when none is given.
 */
import { POST_SLUG_MAX_LENGTH } from './posts.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Letters that Unicode does not decompose into a base letter and a mark. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', '&': ' and ' };

/** '' when the text has no letter or digit that folds to ASCII. */
export function slugify(text: string): string {
  const folded = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþıħ&]/g, (letter) => FOLDED[letter] ?? letter);
  const dashed = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (dashed.length <= POST_SLUG_MAX_LENGTH) return dashed;
  // Cut at a word's end when one is near, so the slug does not end mid-word.
  const cut = dashed.slice(0, POST_SLUG_MAX_LENGTH);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > POST_SLUG_MAX_LENGTH / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}

export function isValidSlug(slug: string): boolean {
  return slug.length <= POST_SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

/** `base`, then `base-2`, `base-3`...: the first that `taken` does not hold, kept within the length limit. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let number = 2; ; number += 1) {
    const suffix = `-${number}`;
    const candidate = `${base.slice(0, POST_SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
