/**
 * Plain text of a comment as HTML: escaped first, then each http(s) address
 * made a link with rel="ugc nofollow" (a reader's link earns no ranking and
 * is marked as theirs). Escaping comes first, so no markup can survive, and
 * the address is matched in the escaped text: `&quot;`, `&#39;`, `&lt;` and
 * `&gt;` end it, as the characters they stand for would.
 */
import { text } from '../rendering/index.ts';

const ADDRESS = /https?:\/\/(?:(?!&quot;|&#39;|&lt;|&gt;)[^\s<])+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /(?:[.,;:!?)\]]|&#39;)+$/;

export function linkify(plain: string): string {
  return text(plain).replace(ADDRESS, (match) => {
    const trailing = TRAILING.exec(match)?.[0] ?? '';
    const address = match.slice(0, match.length - trailing.length);
    return `<a href="${address}" rel="ugc nofollow">${address}</a>${trailing}`;
  });
}
