/**
 * A Ghost post's body and addresses: `html` when the export has it, else the
 * editor's own document (Lexical, then mobiledoc) rendered here; Ghost's
 * `__GHOST_URL__` placeholder resolved against the old site's address the
 * creator gave; and the images and files Ghost stored (`/content/images/`,
 * `/content/media/`, `/content/files/`) to copy into the media library.
 */
import { absoluteHttpUrl, urlsInHtml } from './html-urls.ts';
import { lexicalToHtml } from './lexical-html.ts';
import { mobiledocToHtml } from './mobiledoc-html.ts';

/** Ghost writes its own address as this placeholder in exports since 4.0. */
export const GHOST_URL = '__GHOST_URL__';

/** Where Ghost keeps what was uploaded to it, under the site's address. */
const GHOST_CONTENT_PATH = /\/content\/(images|media|files)\//;

export interface GhostBody {
  html: string;
  /** The kinds of content the renderers left out, each once. */
  skipped: string[];
  /** Which of the post's forms the body came from; '' when it had none. */
  from: 'html' | 'lexical' | 'mobiledoc' | '';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function ghostBody(post: Record<string, unknown>): GhostBody {
  const html = text(post.html);
  if (html.trim()) return { html, skipped: [], from: 'html' };
  const lexical = text(post.lexical);
  if (lexical.trim()) return { ...lexicalToHtml(lexical), from: 'lexical' };
  const mobiledoc = text(post.mobiledoc);
  if (mobiledoc.trim()) return { ...mobiledocToHtml(mobiledoc), from: 'mobiledoc' };
  return { html: '', skipped: [], from: '' };
}

/**
 * `__GHOST_URL__` replaced by the old site's address (`https://example.com`, or
 * `https://example.com/blog` for a Ghost under a path); without one the
 * addresses stay relative to the site (`/content/images/…`).
 */
export function resolveGhostUrl(value: string, siteAddress: string): string {
  return value.replaceAll(GHOST_URL, siteAddress);
}

/** The old site's address as `__GHOST_URL__` stood for it: origin and path, no trailing slash; '' when none was given. */
export function ghostSiteAddress(sourceUrl: string | undefined): string {
  const url = sourceUrl ? absoluteHttpUrl(sourceUrl.trim()) : null;
  return url ? `${url.origin}${url.pathname.replace(/\/+$/, '')}` : '';
}

/** Absolute addresses of files Ghost stored, as they appear in the HTML. */
export function ghostFileUrls(html: string): string[] {
  const files = new Set<string>();
  for (const { url } of urlsInHtml(html)) {
    const parsed = absoluteHttpUrl(url);
    if (parsed && GHOST_CONTENT_PATH.test(parsed.pathname)) files.add(url);
  }
  return [...files];
}
