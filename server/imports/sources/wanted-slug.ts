/**
 * The slug a reader asks for: the source's own when it is one of ours (ASCII,
 * dashes), else one made from it or from the title, else from the source's
 * key, so every post asks for a valid slug and keeps the old one where it can.
 */
import { isValidSlug, slugify } from '../../../common/slugs.ts';

export function wantedSlug(sourceSlug: string, title: string, key: string): string {
  return isValidSlug(sourceSlug) ? sourceSlug : slugify(sourceSlug) || slugify(title) || `post-${slugify(key) || 'imported'}`;
}
