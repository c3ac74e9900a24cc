/**
 * WordPress's auto-paragraphs (its `wpautop` filter), for a WXR body written in
 * the classic editor: WordPress keeps such a post as text with blank lines
 * between paragraphs and single newlines for line breaks, and adds the `<p>`
 * and `<br>` only when it shows the post. Without them an imported post would
 * be one run-on paragraph. A small pure function, not WordPress's long chain of
 * regular expressions: block elements stand alone, text between blank lines
 * becomes a paragraph, and preformatted text keeps its blank lines.
 */

const BLOCK_NAMES =
  'address|article|aside|blockquote|caption|col|colgroup|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|legend|li|map|math|menu|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul';
const BLOCK_OPENING = new RegExp(`(<(?:${BLOCK_NAMES})[\\s/>])`, 'gi');
const BLOCK_CLOSING = new RegExp(`(</(?:${BLOCK_NAMES})>|<hr\\b[^<>]*>)`, 'gi');
const BLOCK_TAG = new RegExp(`^</?(?:${BLOCK_NAMES})\\b[^<>]*>$`, 'i');
const LEADING_BLOCK_TAGS = new RegExp(`^(?:\\s*(?:</?(?:${BLOCK_NAMES})\\b[^<>]*>|<!--[^<]*?-->))*`, 'i');
/** Elements whose text is not made of paragraphs: text right inside them stays as it is. */
const NO_PARAGRAPHS_INSIDE = /^<\/?(?:caption|dd|dt|figcaption|figure|h[1-6]|legend|li|p|summary|td|th)\b/i;
/** Elements whose blank lines are content, set aside while the rest is split. */
const PRESERVED = /<(pre|script|style|textarea)\b[\s\S]*?<\/\1>/gi;
const PLACEHOLDER = /<!--autop:(\d+)-->/g;

/** Block tags and comments at the end of a chunk, found from the end without a regular expression that could backtrack. */
function trailingBlockTags(chunk: string): string {
  let rest = chunk.trimEnd();
  let at = rest.length;
  while (rest.endsWith('>')) {
    const start = rest.lastIndexOf('<');
    const tag = rest.slice(start);
    if (start === -1 || !(BLOCK_TAG.test(tag) || (tag.startsWith('<!--') && tag.endsWith('-->')))) break;
    rest = rest.slice(0, start).trimEnd();
    at = rest.length;
  }
  return chunk.slice(at);
}

/** One blank-line-separated chunk: its loose text wrapped in a paragraph, its block tags left standing. */
function paragraphOf(chunk: string): string {
  const trimmed = chunk.trim();
  if (!trimmed) return '';
  const leading = LEADING_BLOCK_TAGS.exec(trimmed)?.[0] ?? '';
  const rest = trimmed.slice(leading.length);
  const trailing = trailingBlockTags(rest);
  const middle = rest.slice(0, rest.length - trailing.length).trim();
  // Text between a block's own tags (`<li>a</li>`, `<p>b</p>`), or right inside a figure or a list item, is already placed.
  const inside = NO_PARAGRAPHS_INSIDE.test(leading.slice(leading.lastIndexOf('<'))) || NO_PARAGRAPHS_INSIDE.test(trailing.trim());
  if (!middle || (leading && trailing) || inside) return trimmed;
  return `${leading}<p>${middle.replace(/\n/g, '<br>\n')}</p>${trailing.trim()}`;
}

export function autop(html: string): string {
  const preserved: string[] = [];
  const source = html
    .replace(/\r\n?/g, '\n')
    .replace(PRESERVED, (element) => `\n\n<!--autop:${preserved.push(element) - 1}-->\n\n`)
    .replace(BLOCK_OPENING, '\n\n$1')
    .replace(BLOCK_CLOSING, '$1\n\n');
  return source
    .split(/\n[ \t]*\n\s*/)
    .map(paragraphOf)
    .filter(Boolean)
    .join('\n')
    .replace(PLACEHOLDER, (_, index: string) => preserved[Number(index)] ?? '');
}
