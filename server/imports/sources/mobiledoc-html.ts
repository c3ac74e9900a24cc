/**
 * A Ghost post's mobiledoc (Ghost 1 to 4's editor, a JSON string in
 * `posts.mobiledoc`) as HTML, for an export whose post has no `html`.
 * Mobiledoc 0.3 is a flat list of sections whose text runs open and close
 * markups by index; this small pure renderer writes the common sections,
 * markups and cards, and names the cards it does not know instead of guessing.
 */
import { text } from '../../rendering/index.ts';
import { ghostCardHtml } from './ghost-cards.ts';
import type { RenderedBody } from './lexical-html.ts';

/** Mobiledoc's section kinds (its spec's numbers). */
const MARKUP_SECTION = 1;
const IMAGE_SECTION = 2;
const LIST_SECTION = 3;
const CARD_SECTION = 10;
const ATOM_MARKER = 1;

const SECTION_TAGS: Record<string, string> = { p: 'p', h1: 'h1', h2: 'h2', h3: 'h3', h4: 'h4', h5: 'h5', h6: 'h6', blockquote: 'blockquote', aside: 'blockquote', 'pull-quote': 'blockquote' };
const MARKUP_TAGS = new Set(['a', 'b', 'code', 'em', 'i', 's', 'strong', 'sub', 'sup', 'u']);

interface Mobiledoc {
  atoms: unknown[];
  cards: unknown[];
  markups: unknown[];
  sections: unknown[];
}

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A markup's opening tag and its tag name ('' for one this renderer leaves out, keeping its text). */
function openMarkup(markup: unknown): [open: string, name: string] {
  const [tag, attributes] = arrayOf(markup);
  const name = stringOf(tag).toLowerCase();
  if (!MARKUP_TAGS.has(name)) return ['', ''];
  if (name !== 'a') return [`<${name}>`, name];
  const pairs = arrayOf(attributes);
  const hrefAt = pairs.findIndex((value, index) => index % 2 === 0 && value === 'href');
  return [`<a href="${text(stringOf(pairs[hrefAt + 1]))}">`, 'a'];
}

/** A run of markers: text and atoms, with markups opened by index and closed by count. */
function markersHtml(doc: Mobiledoc, markers: unknown): string {
  const open: string[] = [];
  let html = '';
  for (const marker of arrayOf(markers)) {
    const [kind, opened, closeCount, value] = arrayOf(marker);
    for (const index of arrayOf(opened)) {
      const [tag, name] = openMarkup(doc.markups[Number(index)]);
      html += tag;
      open.push(name);
    }
    if (kind === ATOM_MARKER) {
      const [atomName, atomText] = arrayOf(doc.atoms[Number(value)]);
      html += atomName === 'soft-return' ? '<br>' : text(stringOf(atomText));
    } else {
      html += text(stringOf(value));
    }
    const closing = Math.min(typeof closeCount === 'number' ? closeCount : 0, open.length);
    for (let closed = 0; closed < closing; closed += 1) {
      const name = open.pop();
      if (name) html += `</${name}>`;
    }
  }
  return html + open.reverse().map((name) => (name ? `</${name}>` : '')).join('');
}

function sectionHtml(doc: Mobiledoc, section: unknown, skipped: Set<string>): string {
  const [kind, first, second] = arrayOf(section);
  if (kind === MARKUP_SECTION) {
    const name = stringOf(first).toLowerCase();
    const tag = Object.hasOwn(SECTION_TAGS, name) ? SECTION_TAGS[name] : 'p';
    return `<${tag}>${markersHtml(doc, second)}</${tag}>`;
  }
  if (kind === IMAGE_SECTION) return ghostCardHtml('image', { src: first }) ?? '';
  if (kind === LIST_SECTION) {
    const tag = stringOf(first).toLowerCase() === 'ol' ? 'ol' : 'ul';
    return `<${tag}>${arrayOf(second).map((item) => `<li>${markersHtml(doc, item)}</li>`).join('')}</${tag}>`;
  }
  if (kind === CARD_SECTION) {
    const [name, payload] = arrayOf(doc.cards[Number(first)]);
    const card = ghostCardHtml(stringOf(name), payload);
    if (card !== undefined) return card;
    skipped.add(`“${stringOf(name) || 'unnamed'}”`);
    return '';
  }
  skipped.add(`a section of kind ${Number(kind)}`);
  return '';
}

/** The HTML of a mobiledoc JSON string; `skipped` names what was left out. */
export function mobiledocToHtml(json: string): RenderedBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { html: '', skipped: ['the mobiledoc, which is not valid JSON'] };
  }
  const source = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  const doc: Mobiledoc = { atoms: arrayOf(source.atoms), cards: arrayOf(source.cards), markups: arrayOf(source.markups), sections: arrayOf(source.sections) };
  const skipped = new Set<string>();
  const html = doc.sections.map((section) => sectionHtml(doc, section, skipped)).join('');
  return { html, skipped: [...skipped] };
}
