/**
 * The addresses a post's HTML points at, for the Ghost and WordPress readers:
 * which images and files to copy into the media library (found by a real HTML
 * parser, not by pattern), and relative addresses made absolute against the
 * old site, since a post's HTML leaves the reader with absolute addresses only.
 */
import { Parser } from 'htmlparser2';

export interface HtmlUrl {
  /** `img`, `a`, `video`, `audio`, `source`. */
  tag: string;
  url: string;
}

const URL_ATTRIBUTES: Record<string, string> = { img: 'src', a: 'href', video: 'src', audio: 'src', source: 'src' };

/** Every image, link and media source the HTML names, in order. */
export function urlsInHtml(html: string): HtmlUrl[] {
  const found: HtmlUrl[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      const attribute = Object.hasOwn(URL_ATTRIBUTES, name) ? URL_ATTRIBUTES[name]! : '';
      const url = attribute ? attributes[attribute]?.trim() : undefined;
      if (url) found.push({ tag: name, url });
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

/** The address as an absolute http(s) URL, or null when it is none. */
export function absoluteHttpUrl(value: string, base?: string): URL | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const TAG = /<[a-z][^<>]*>/gi;
const LINK_ATTRIBUTE = /(\s(?:src|href|poster)\s*=\s*)(["'])([^"'<>]*)\2/gi;

/** `src`, `href` and `poster` values that are relative (`/wp-content/…`, `images/a.png`), made absolute against `base`; others as they were. */
export function absoluteLinks(html: string, base: string): string {
  return html.replace(TAG, (tag) =>
    tag.replace(LINK_ATTRIBUTE, (attribute, before: string, quote: string, value: string) => {
      const trimmed = value.trim();
      if (!trimmed || trimmed.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return attribute;
      const url = absoluteHttpUrl(trimmed, base);
      return url ? `${before}${quote}${url.href}${quote}` : attribute;
    }),
  );
}
