/**
 * sanitize-html over every HTML a post stores: the second wall behind our own
 * renderer (render-document.ts). The allow-list is exactly what the renderer
 * writes, so it changes nothing unless the renderer has a bug; if it ever
 * does, no script, handler, style or foreign URL scheme gets through.
 */
import sanitizeHtml from 'sanitize-html';
import { MEDIA_KINDS } from '../../common/media.ts';
import { LINK_REL } from './render-document.ts';

const UUID_VALUE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const STORED_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'br', 'hr', 'strong', 'em', 's', 'u', 'a', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'rel'],
    ol: ['start'],
    figure: ['data-media-id', { name: 'data-media-kind', values: [...MEDIA_KINDS] }, 'data-media-alt'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links written by creators and imports are not endorsed, and never reach back to the page that opened them.
    a: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: LINK_REL } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'figure' && !UUID_VALUE.test(frame.attribs['data-media-id'] ?? ''),
};

export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, STORED_HTML);
}

/**
 * Imported HTML (from Ghost, Substack, WordPress...) before it is converted
 * to a document: what the editor can hold survives, under the editor's
 * names; scripts, styles and their text go; images (hosted elsewhere, not in
 * the media library) go too.
 */
const IMPORTED_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...(STORED_HTML.allowedTags as string[]), 'div', 'section', 'article', 'span'],
  allowedAttributes: { a: ['href'], ol: ['start'] },
  allowedClasses: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Deeper markup than a document may hold (common/post-schemas.ts) loses its tags, not its text.
  nestingLimit: 12,
  transformTags: { h1: 'h2', h5: 'h4', h6: 'h4', b: 'strong', i: 'em', del: 's', strike: 's', ins: 'u' },
};

/** An import that copied the post's images into the library keeps `<img>` long enough for import-html.ts to turn the copied ones into media blocks. */
const IMPORTED_HTML_WITH_IMAGES: sanitizeHtml.IOptions = {
  ...IMPORTED_HTML,
  allowedTags: [...(IMPORTED_HTML.allowedTags as string[]), 'img'],
  allowedAttributes: { ...(IMPORTED_HTML.allowedAttributes as Record<string, string[]>), img: ['src', 'alt'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
};

export function sanitizeImportedHtml(html: string, keepImages = false): string {
  return sanitizeHtml(html, keepImages ? IMPORTED_HTML_WITH_IMAGES : IMPORTED_HTML);
}
