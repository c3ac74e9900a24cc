/**
 * A Ghost post's Lexical document (Ghost 5's editor, kept as a JSON string in
 * `posts.lexical`) as HTML, for an export whose post has no `html`. Ghost's own
 * renderer is a large package tied to its editor; the common nodes are few and
 * plain, so this small pure renderer writes them, and names the nodes it does
 * not know (the caller lists them once as a problem) instead of guessing.
 */
import { text } from '../../rendering/index.ts';
import { field, ghostCardHtml } from './ghost-cards.ts';

type LexicalNode = Record<string, unknown>;

export interface RenderedBody {
  html: string;
  /** The kinds of content left out, each once. */
  skipped: string[];
}

/** A document nested deeper than this is not one Ghost's editor makes; what is below is left out. */
const MAX_DEPTH = 40;

/** Lexical's text format bits, innermost first (code inside bold reads `<strong><code>`). */
const TEXT_FORMATS: [bit: number, tag: string][] = [
  [16, 'code'],
  [64, 'sup'],
  [32, 'sub'],
  [8, 'u'],
  [4, 's'],
  [2, 'em'],
  [1, 'strong'],
];

/** Lexical nodes that are Ghost cards under another name. */
const CARD_NAMES: Record<string, string> = { codeblock: 'code', horizontalrule: 'hr' };

const BLOCK_TAGS: Record<string, string> = { paragraph: 'p', quote: 'blockquote', 'extended-quote': 'blockquote', aside: 'blockquote', listitem: 'li' };

function childrenOf(node: LexicalNode): LexicalNode[] {
  return Array.isArray(node.children) ? node.children.filter((child): child is LexicalNode => Boolean(child) && typeof child === 'object') : [];
}

function formattedText(node: LexicalNode): string {
  const format = typeof node.format === 'number' ? node.format : 0;
  let html = text(field(node, 'text'));
  for (const [bit, tag] of TEXT_FORMATS) if (format & bit) html = `<${tag}>${html}</${tag}>`;
  return html;
}

function headingTag(node: LexicalNode): string {
  const tag = field(node, 'tag');
  return /^h[1-6]$/.test(tag) ? tag : 'h2';
}

function listTag(node: LexicalNode): string {
  const ordered = field(node, 'listType') === 'number' || field(node, 'tag') === 'ol';
  const start = typeof node.start === 'number' && node.start > 1 ? ` start="${Math.floor(node.start)}"` : '';
  return ordered ? `ol${start}` : 'ul';
}

function renderNode(node: LexicalNode, depth: number, skipped: Set<string>): string {
  const type = field(node, 'type');
  if (depth > MAX_DEPTH) {
    skipped.add('content nested too deep');
    return '';
  }
  const inner = () => childrenOf(node).map((child) => renderNode(child, depth + 1, skipped)).join('');
  const wrap = (tag: string) => `<${tag}>${inner()}</${tag.split(' ')[0]}>`;
  switch (type) {
    case 'root':
      return inner();
    case 'text':
    case 'extended-text':
      return formattedText(node);
    case 'linebreak':
      return '<br>';
    case 'tab':
      return ' ';
    case 'link':
    case 'autolink':
      return `<a href="${text(field(node, 'url'))}">${inner()}</a>`;
    case 'heading':
    case 'extended-heading':
      return wrap(headingTag(node));
    case 'list':
      return wrap(listTag(node));
  }
  const blockTag = Object.hasOwn(BLOCK_TAGS, type) ? BLOCK_TAGS[type] : undefined;
  if (blockTag) return wrap(blockTag);
  const card = ghostCardHtml(Object.hasOwn(CARD_NAMES, type) ? CARD_NAMES[type]! : type, node);
  if (card !== undefined) return card;
  skipped.add(type ? `“${type}”` : 'a part with no type');
  return '';
}

/** The HTML of a Lexical JSON string; `skipped` names what was left out. Not valid JSON: no HTML, and says so. */
export function lexicalToHtml(json: string): RenderedBody {
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch {
    return { html: '', skipped: ['the Lexical document, which is not valid JSON'] };
  }
  const root = document && typeof document === 'object' ? (document as LexicalNode).root : undefined;
  if (!root || typeof root !== 'object') return { html: '', skipped: ['the Lexical document, which has no root'] };
  const skipped = new Set<string>();
  const html = renderNode(root as LexicalNode, 0, skipped);
  return { html, skipped: [...skipped] };
}
