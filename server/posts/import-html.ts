/**
 * HTML in place of the editor's document (imports and scripts, DESIGN.md
 * "HTTP API added"): sanitised, then turned into the document the editor
 * edits, so an imported post is edited and rendered like any other. The
 * comment `<!--members-only-->` becomes the members-only marker.
 */
import { ElementType, parseDocument } from 'htmlparser2';
import { MEMBERS_ONLY_COMMENT, type EditorDocument, type EditorNode } from '../../common/posts.ts';
import { MEMBERS_ONLY_NODE } from './render-document.ts';
import { sanitizeImportedHtml } from './sanitize.ts';

type DomNode = ReturnType<typeof parseDocument>['children'][number];
type Mark = NonNullable<EditorNode['marks']>[number];

const INLINE_MARKS: Record<string, string> = { strong: 'bold', em: 'italic', s: 'strike', u: 'underline', code: 'code' };
const HEADINGS: Record<string, number> = { h2: 2, h3: 3, h4: 4 };
const CONTAINERS = new Set(['div', 'section', 'article']);

interface DomElement {
  name: string;
  attribs: Record<string, string>;
  children: DomNode[];
}

function elementOf(node: DomNode): DomElement | null {
  return node.type === ElementType.Tag ? node : null;
}

function textOf(node: DomNode): string | null {
  return node.type === ElementType.Text ? node.data : null;
}

/** Inline content of an element: text with the marks of the elements around it, and line breaks. */
function inlineOf(nodes: DomNode[], marks: Mark[], preformatted: boolean): EditorNode[] {
  const inline: EditorNode[] = [];
  for (const node of nodes) {
    const text = textOf(node);
    if (text !== null) {
      const value = preformatted ? text : text.replace(/\s+/g, ' ');
      if (value) inline.push(marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value });
      continue;
    }
    const element = elementOf(node);
    if (!element) continue;
    if (element.name === 'br') {
      inline.push({ type: 'hardBreak' });
      continue;
    }
    const markType = INLINE_MARKS[element.name];
    const mark: Mark | undefined = markType ? { type: markType } : element.name === 'a' && element.attribs.href ? { type: 'link', attrs: { href: element.attribs.href } } : undefined;
    inline.push(...inlineOf(element.children, mark ? [...marks, mark] : marks, preformatted));
  }
  return trimEdges(inline);
}

/** Collapsed whitespace at a block's edges is not content. */
function trimEdges(inline: EditorNode[]): EditorNode[] {
  const first = inline[0];
  if (first?.type === 'text') first.text = first.text!.replace(/^ /, '');
  const last = inline.at(-1);
  if (last?.type === 'text') last.text = last.text!.replace(/ $/, '');
  return inline.filter((node) => node.type !== 'text' || node.text);
}

function paragraph(inline: EditorNode[]): EditorNode {
  return inline.length > 0 ? { type: 'paragraph', content: inline } : { type: 'paragraph' };
}

/** Blocks of a container; loose inline content between blocks becomes a paragraph. */
function blocksOf(nodes: DomNode[]): EditorNode[] {
  const blocks: EditorNode[] = [];
  let loose: DomNode[] = [];
  const flushLoose = () => {
    const inline = inlineOf(loose, [], false);
    if (inline.length > 0) blocks.push(paragraph(inline));
    loose = [];
  };
  for (const node of nodes) {
    const element = elementOf(node);
    const block = element ? blockOf(element) : undefined;
    if (block === undefined) {
      loose.push(node);
      continue;
    }
    flushLoose();
    blocks.push(...block);
  }
  flushLoose();
  return blocks;
}

/** The blocks an element stands for; undefined when it is inline. */
function blockOf(element: DomElement): EditorNode[] | undefined {
  const { name, children } = element;
  if (name === 'p') return [paragraph(inlineOf(children, [], false))];
  if (HEADINGS[name]) return [{ type: 'heading', attrs: { level: HEADINGS[name] }, content: inlineOf(children, [], false) }];
  if (name === 'ul' || name === 'ol') {
    const items = children.flatMap((child) => {
      const item = elementOf(child);
      return item?.name === 'li' ? [{ type: 'listItem', content: blocksOf(item.children) }] : [];
    });
    return [name === 'ol' ? { type: 'orderedList', attrs: { start: Number(element.attribs.start ?? 1) }, content: items } : { type: 'bulletList', content: items }];
  }
  if (name === 'blockquote') return [{ type: 'blockquote', content: blocksOf(children) }];
  if (name === 'pre') return [{ type: 'codeBlock', content: inlineOf(children, [], true) }];
  if (name === 'hr') return [{ type: 'horizontalRule' }];
  if (name === 'figure' || name === 'figcaption') return blocksOf(children);
  if (CONTAINERS.has(name) || name === 'li') return blocksOf(children);
  return undefined;
}

function htmlToBlocks(html: string): EditorNode[] {
  return blocksOf(parseDocument(sanitizeImportedHtml(html)).children);
}

export function importHtml(html: string): EditorDocument {
  const markerAt = html.indexOf(MEMBERS_ONLY_COMMENT);
  if (markerAt === -1) return { type: 'doc', content: htmlToBlocks(html) };
  const before = htmlToBlocks(html.slice(0, markerAt));
  const after = htmlToBlocks(html.slice(markerAt + MEMBERS_ONLY_COMMENT.length));
  return { type: 'doc', content: [...before, { type: MEMBERS_ONLY_NODE }, ...after] };
}
