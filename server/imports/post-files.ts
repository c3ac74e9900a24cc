/**
 * The files a post links to on the source's hosts, as the dry run checks them and the run copies them: each
 * address once, covers included, and whether it is an image (an `<img>` or a cover, whose bytes must be one).
 */
import type { SourcePost } from './sources/source-bundle.ts';

export interface FileWanted {
  url: string;
  /** An `<img>` or a cover: refused when the bytes are not an image. */
  image: boolean;
  alt?: string;
}

const IMG_SRC = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** Every address a post uses (its files and an addressed cover), each once. */
export function fileUrlsOf(post: SourcePost): string[] {
  const cover = post.cover && 'url' in post.cover ? [post.cover.url] : [];
  return [...new Set([...post.fileUrls, ...cover])];
}

/** The addresses of a post's `<img>`s, as they appear (entities decoded as a parser would). */
function imageAddresses(html: string): Set<string> {
  const found = new Set<string>();
  for (const match of html.matchAll(IMG_SRC)) found.add((match[1] ?? match[2] ?? '').replaceAll('&amp;', '&'));
  return found;
}

export function filesWanted(post: SourcePost): FileWanted[] {
  const images = imageAddresses(post.html);
  const cover = post.cover && 'url' in post.cover ? post.cover.url : undefined;
  return fileUrlsOf(post).map((url) => ({ url, image: images.has(url) || url === cover, ...(url === cover && post.cover?.alt ? { alt: post.cover.alt } : {}) }));
}
