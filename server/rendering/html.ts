/**
 * The one escaping helper of the server-rendered site: every value that is not
 * our own markup passes through `text` (element content and quoted attribute
 * values alike) or `jsonInScript`, so markup typed into a title, tagline or
 * excerpt reaches the reader as inert text.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function text(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** JSON inside `<script type="application/ld+json">`: `<` escaped, so no value can close the element. */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Plain text of sanitised HTML, for descriptions and excerpts: tags dropped, entities left as they are (they are re-escaped on output). */
export function plainText(html: string, maxLength: number): string {
  const stripped = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return stripped.length > maxLength ? `${stripped.slice(0, maxLength - 1).trimEnd()}…` : stripped;
}
