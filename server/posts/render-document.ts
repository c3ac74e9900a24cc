/**
 * The editor's document to HTML by our own allow-list (the brief's wall one;
 * sanitize-html in sanitize.ts is wall two). Every node and mark not listed
 * here is dropped, every attribute is rebuilt from checked values, every text
 * is escaped. The document is cleaned on the way, and the clean copy is what
 * the post keeps, so what the studio reloads is what readers get.
 *
 * The members-only marker splits the body: what comes before is the public
 * preview, what follows is the gated rest (DESIGN.md "Content").
 */
import { MEDIA_ALT_MAX_LENGTH, type MediaKind } from '../../common/media.ts';
import type { EditorDocument, EditorNode } from '../../common/posts.ts';

export const MEMBERS_ONLY_NODE = 'membersOnly';
export const MEDIA_NODE = 'media';

const BLOCKS = new Set(['paragraph', 'heading', 'bulletList', 'orderedList', 'blockquote', 'codeBlock', 'horizontalRule', MEDIA_NODE]);
/** Marks in the order they nest, outermost first, so equal text always renders the same way. */
const MARK_ORDER = ['link', 'bold', 'italic', 'strike', 'underline', 'code'] as const;
type MarkType = (typeof MARK_ORDER)[number];
type Mark = { type: MarkType; attrs?: { href: string } };

const CAPTION_MAX_LENGTH = 500;
const CODE_LANGUAGE = /^[a-z0-9][a-z0-9+#-]{0,29}$/i;
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
export const LINK_REL = 'noopener nofollow ugc';

export interface RenderedBody {
  document: EditorDocument;
  previewHtml: string;
  gatedHtml: string;
  /** Media the body shows, by place: before the marker and after it. */
  previewMediaIds: string[];
  gatedMediaIds: string[];
  /** Whether the document keeps a members-only marker. */
  marked: boolean;
}

export interface RenderOptions {
  /** The site's own media the document may show, with their kinds from the database; any other id is dropped. */
  mediaKinds: ReadonlyMap<string, MediaKind>;
  /** A gated post without a marker is gated from its first word: the excerpt is its teaser. */
  gated: boolean;
}

/** Every media id the document names, for the service to look up before rendering. */
export function mediaIdsIn(document: EditorDocument): string[] {
  const ids = new Set<string>();
  const stack: EditorNode[] = [document];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === MEDIA_NODE && typeof node.attrs?.id === 'string') ids.add(node.attrs.id.toLowerCase());
    if (Array.isArray(node.content)) stack.push(...node.content);
  }
  return [...ids];
}

/** Text Postgres can store and a browser shows as sent: no U+0000, no lone surrogates. */
function storableText(value: string): string {
  return value.replaceAll('\u0000', '').replace(/\p{Cs}/gu, '\uFFFD');
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** An absolute http(s) or mailto URL, normalised by the URL parser (which also strips the tabs and newlines that hide `javascript:`); null otherwise. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value.trim());
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function cleanMarks(marks: EditorNode['marks']): Mark[] {
  const kept = new Map<MarkType, Mark>();
  for (const mark of marks ?? []) {
    const type = MARK_ORDER.find((known) => known === mark.type);
    if (!type || kept.has(type)) continue;
    if (type === 'link') {
      const href = safeHref(mark.attrs?.href);
      if (href) kept.set(type, { type, attrs: { href } });
    } else {
      kept.set(type, { type });
    }
  }
  return MARK_ORDER.flatMap((type) => kept.get(type) ?? []);
}

function cleanInline(nodes: EditorNode[] | undefined, allowMarks = true): EditorNode[] {
  const inline: EditorNode[] = [];
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak' && allowMarks) inline.push({ type: 'hardBreak' });
    if (node.type !== 'text' || typeof node.text !== 'string') continue;
    const text = storableText(node.text);
    if (!text) continue;
    const marks = allowMarks ? cleanMarks(node.marks) : [];
    inline.push(marks.length > 0 ? { type: 'text', text, marks } : { type: 'text', text });
  }
  return inline;
}

function withContent(node: EditorNode, content: EditorNode[]): EditorNode {
  return content.length > 0 ? { ...node, content } : node;
}

function cleanBlocks(nodes: EditorNode[] | undefined, options: RenderOptions): EditorNode[] {
  return (nodes ?? []).flatMap((node) => cleanBlock(node, options) ?? []);
}

function cleanBlock(node: EditorNode, options: RenderOptions): EditorNode | null {
  if (!BLOCKS.has(node.type)) return null;
  switch (node.type) {
    case 'paragraph':
      return withContent({ type: 'paragraph' }, cleanInline(node.content));
    case 'heading': {
      const asked = Number(node.attrs?.level);
      const level = Number.isInteger(asked) ? Math.min(4, Math.max(2, asked)) : 2;
      return withContent({ type: 'heading', attrs: { level } }, cleanInline(node.content));
    }
    case 'bulletList':
    case 'orderedList': {
      const items = (node.content ?? []).filter((child) => child.type === 'listItem').map((item) => cleanListItem(item, options));
      if (items.length === 0) return null;
      const asked = Number(node.attrs?.start);
      const start = Number.isInteger(asked) && asked >= 0 && asked <= 1_000_000 ? asked : 1;
      return node.type === 'orderedList' ? { type: 'orderedList', attrs: { start }, content: items } : { type: 'bulletList', content: items };
    }
    case 'blockquote': {
      const content = cleanBlocks(node.content, options);
      return content.length > 0 ? { type: 'blockquote', content } : null;
    }
    case 'codeBlock': {
      const language = typeof node.attrs?.language === 'string' && CODE_LANGUAGE.test(node.attrs.language) ? node.attrs.language : null;
      return withContent({ type: 'codeBlock', attrs: { language } }, cleanInline(node.content, false));
    }
    case 'horizontalRule':
      return { type: 'horizontalRule' };
    case MEDIA_NODE: {
      const id = typeof node.attrs?.id === 'string' ? node.attrs.id.toLowerCase() : '';
      const kind = options.mediaKinds.get(id);
      if (!kind) return null;
      const caption = cleanAttributeText(node.attrs?.caption, CAPTION_MAX_LENGTH);
      // The post's own words for the picture; empty leaves the library's alt to speak (media-html.ts).
      const alt = cleanAttributeText(node.attrs?.alt, MEDIA_ALT_MAX_LENGTH);
      return { type: MEDIA_NODE, attrs: { id, kind, caption, alt } };
    }
    default:
      return null;
  }
}

function cleanAttributeText(value: unknown, maxLength: number): string {
  return typeof value === 'string' ? storableText(value).trim().slice(0, maxLength) : '';
}

function cleanListItem(item: EditorNode, options: RenderOptions): EditorNode {
  const content = cleanBlocks(item.content, options);
  return { type: 'listItem', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}

function renderText(node: EditorNode): string {
  let html = escapeHtml(node.text ?? '');
  const marks = (node.marks ?? []) as Mark[];
  for (const mark of [...marks].reverse()) {
    if (mark.type === 'link') html = `<a href="${escapeHtml(mark.attrs!.href)}" rel="${LINK_REL}">${html}</a>`;
    else html = `<${MARK_TAGS[mark.type]}>${html}</${MARK_TAGS[mark.type]}>`;
  }
  return html;
}

const MARK_TAGS: Record<Exclude<MarkType, 'link'>, string> = { bold: 'strong', italic: 'em', strike: 's', underline: 'u', code: 'code' };

function renderInline(nodes: EditorNode[] | undefined): string {
  return (nodes ?? []).map((node) => (node.type === 'hardBreak' ? '<br>' : renderText(node))).join('');
}

function renderBlocks(nodes: EditorNode[] | undefined): string {
  return (nodes ?? []).map(renderBlock).join('');
}

function renderBlock(node: EditorNode): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${renderInline(node.content)}</p>`;
    case 'heading': {
      const level = node.attrs!.level as number;
      return `<h${level}>${renderInline(node.content)}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${renderBlocks(node.content)}</ul>`;
    case 'orderedList': {
      const start = node.attrs!.start as number;
      return `<ol${start === 1 ? '' : ` start="${start}"`}>${renderBlocks(node.content)}</ol>`;
    }
    case 'listItem':
      return `<li>${renderBlocks(node.content)}</li>`;
    case 'blockquote':
      return `<blockquote>${renderBlocks(node.content)}</blockquote>`;
    case 'codeBlock': {
      const language = node.attrs!.language as string | null;
      return `<pre><code${language ? ` class="language-${escapeHtml(language.toLowerCase())}"` : ''}>${renderInline(node.content)}</code></pre>`;
    }
    case 'horizontalRule':
      return '<hr>';
    case MEDIA_NODE: {
      const { id, kind, caption, alt } = node.attrs as { id: string; kind: MediaKind; caption: string; alt: string };
      const figcaption = caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '';
      const altAttribute = alt ? ` data-media-alt="${escapeHtml(alt)}"` : '';
      return `<figure data-media-id="${escapeHtml(id)}" data-media-kind="${kind}"${altAttribute}>${figcaption}</figure>`;
    }
    default:
      return '';
  }
}

function mediaIdsOf(blocks: EditorNode[]): string[] {
  return mediaIdsIn({ type: 'doc', content: blocks });
}

/**
 * Cleans the document, renders it and splits it at the first top-level
 * marker (a later one is dropped; a marker inside a list or quote is not one).
 */
export function renderDocument(input: EditorDocument, options: RenderOptions, sanitize: (html: string) => string): RenderedBody {
  const before: EditorNode[] = [];
  const after: EditorNode[] = [];
  let marked = false;
  for (const node of input.content ?? []) {
    if (node.type === MEMBERS_ONLY_NODE) {
      marked = true;
      continue;
    }
    const block = cleanBlock(node, options);
    if (block) (marked ? after : before).push(block);
  }
  const content = marked ? [...before, { type: MEMBERS_ONLY_NODE }, ...after] : before;
  const document: EditorDocument = { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
  const [preview, gated] = marked ? [before, after] : options.gated ? [[], before] : [before, []];
  return {
    document,
    previewHtml: sanitize(renderBlocks(preview)),
    gatedHtml: sanitize(renderBlocks(gated)),
    previewMediaIds: mediaIdsOf(preview),
    gatedMediaIds: mediaIdsOf(gated),
    marked,
  };
}
