/**
 * HTML in place of the editor's document (imports and scripts, DESIGN.md
 * "HTTP API added"): sanitised, then turned into the document the editor
 * edits, so an imported post is edited and rendered like any other. The
 * comment `<!--members-only-->` becomes the members-only marker. An import
 * that copied a post's images into the media library hands their addresses
 * with the media they became: each such `<img>` becomes a media block (its
 * figure's caption kept), and every other image is dropped, as it always was.
 * A link to a copied file (an attachment, a podcast's audio) becomes a media
 * block too, after its paragraph, so the post no longer depends on the old host.
 */
import { ElementType, parseDocument } from 'htmlparser2';
import type { MediaKind } from '../../common/media.ts';
import { MEMBERS_ONLY_COMMENT, type EditorDocument, type EditorNode } from '../../common/posts.ts';
import { MEDIA_NODE, MEMBERS_ONLY_NODE } from './render-document.ts';
import { sanitizeImportedHtml } from './sanitize.ts';

type DomNode = ReturnType<typeof parseDocument>['children'][number];
type Mark = NonNullable<EditorNode['marks']>[number];

const INLINE_MARKS: Record<string, string> = { strong: 'bold', em: 'italic', s: 'strike', u: 'underline', code: 'code' };
const HEADINGS: Record<string, number> = { h2: 2, h3: 3, h4: 4 };
const CONTAINERS = new Set(['div', 'section', 'article']);

/** An image's or a linked file's address in the HTML, as it appears → the library item it was copied into. */
export type ImportedImages = ReadonlyMap<string, { id: string; kind: MediaKind }>;

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

/** Whether an element holds an `<img>` anywhere inside: it then stands for blocks, so the image can be one. */
function holdsImage(element: DomElement): boolean {
  return element.children.some((child) => {
    const inner = elementOf(child);
    return inner !== null && (inner.name === 'img' || holdsImage(inner));
  });
}

function textContent(nodes: DomNode[]): string {
  return nodes.map((node) => textOf(node) ?? (elementOf(node) ? textContent(elementOf(node)!.children) : '')).join('');
}

/** The media block an imported image became; none when it was not copied into the library. */
function mediaBlock(image: DomElement, images: ImportedImages, caption = ''): EditorNode[] {
  const item = images.get(image.attribs.src ?? '');
  if (!item) return [];
  return [{ type: MEDIA_NODE, attrs: { id: item.id, kind: item.kind, alt: image.attribs.alt ?? '', caption: caption.replace(/\s+/g, ' ').trim() } }];
}

/** The first `<img>` inside an element, depth first. */
function firstImage(element: DomElement): DomElement | undefined {
  for (const child of element.children) {
    const inner = elementOf(child);
    if (!inner) continue;
    if (inner.name === 'img') return inner;
    const found = firstImage(inner);
    if (found) return found;
  }
  return undefined;
}

/** The copied files the links among `nodes` point at, with each link's words, in order. */
function linkedFiles(nodes: DomNode[], images: ImportedImages): { id: string; kind: MediaKind; text: string }[] {
  const found: { id: string; kind: MediaKind; text: string }[] = [];
  for (const node of nodes) {
    const element = elementOf(node);
    if (!element) continue;
    const item = element.name === 'a' ? images.get(element.attribs.href ?? '') : undefined;
    if (item) found.push({ ...item, text: textContent(element.children).replace(/\s+/g, ' ').trim() });
    else found.push(...linkedFiles(element.children, images));
  }
  return found;
}

/**
 * A paragraph, followed by a media block for each copied file it links to; a paragraph that is nothing but such
 * links is replaced by their blocks, each captioned with its link's words.
 */
function paragraphWithFiles(nodes: DomNode[], images: ImportedImages): EditorNode[] {
  const inline = inlineOf(nodes, [], false);
  const files = linkedFiles(nodes, images);
  if (files.length === 0) return inline.length > 0 ? [paragraph(inline)] : [];
  const blocks = files.map((file) => ({ type: MEDIA_NODE, attrs: { id: file.id, kind: file.kind, alt: '', caption: file.text } }));
  const onlyLinks = textContent(nodes).replace(/\s+/g, '') === files.map((file) => file.text).join('').replace(/\s+/g, '');
  return onlyLinks ? blocks : [paragraph(inline), ...blocks];
}

/** Blocks of a container; loose inline content between blocks becomes a paragraph. */
function blocksOf(nodes: DomNode[], images: ImportedImages): EditorNode[] {
  const blocks: EditorNode[] = [];
  let loose: DomNode[] = [];
  const flushLoose = () => {
    blocks.push(...paragraphWithFiles(loose, images));
    loose = [];
  };
  for (const node of nodes) {
    const element = elementOf(node);
    const block = element ? blockOf(element, images) : undefined;
    if (block === undefined && element && (element.name === 'img' || holdsImage(element))) {
      // An image, or an inline wrapper of one (a link, a picture): the image becomes a block of its own.
      flushLoose();
      blocks.push(...(element.name === 'img' ? mediaBlock(element, images) : blocksOf(element.children, images)));
      continue;
    }
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
function blockOf(element: DomElement, images: ImportedImages): EditorNode[] | undefined {
  const { name, children } = element;
  if (name === 'p') return holdsImage(element) ? blocksOf(children, images) : paragraphWithFiles(children, images);
  if (HEADINGS[name]) return [{ type: 'heading', attrs: { level: HEADINGS[name] }, content: inlineOf(children, [], false) }];
  if (name === 'ul' || name === 'ol') {
    const items = children.flatMap((child) => {
      const item = elementOf(child);
      return item?.name === 'li' ? [{ type: 'listItem', content: blocksOf(item.children, images) }] : [];
    });
    return [name === 'ol' ? { type: 'orderedList', attrs: { start: Number(element.attribs.start ?? 1) }, content: items } : { type: 'bulletList', content: items }];
  }
  if (name === 'blockquote') return [{ type: 'blockquote', content: blocksOf(children, images) }];
  if (name === 'pre') return [{ type: 'codeBlock', content: inlineOf(children, [], true) }];
  if (name === 'hr') return [{ type: 'horizontalRule' }];
  if (name === 'figure') {
    // An image with its caption, as Substack, Ghost and WordPress write them: one media block.
    const image = firstImage(element);
    const caption = children.map(elementOf).find((child) => child?.name === 'figcaption');
    if (image && images.has(image.attribs.src ?? '')) return mediaBlock(image, images, caption ? textContent(caption.children) : '');
    return blocksOf(children, images);
  }
  if (name === 'figcaption' || CONTAINERS.has(name) || name === 'li') return blocksOf(children, images);
  return undefined;
}

function htmlToBlocks(html: string, images: ImportedImages): EditorNode[] {
  return blocksOf(parseDocument(sanitizeImportedHtml(html, images.size > 0)).children, images);
}

/** `images`: the addresses an import copied into the library; none by default, so every image is dropped. */
export function importHtml(html: string, images: ImportedImages = new Map()): EditorDocument {
  const markerAt = html.indexOf(MEMBERS_ONLY_COMMENT);
  if (markerAt === -1) return { type: 'doc', content: htmlToBlocks(html, images) };
  const before = htmlToBlocks(html.slice(0, markerAt), images);
  const after = htmlToBlocks(html.slice(markerAt + MEMBERS_ONLY_COMMENT.length), images);
  return { type: 'doc', content: [...before, { type: MEMBERS_ONLY_NODE }, ...after] };
}
