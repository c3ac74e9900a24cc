/**
 * The tab icon of a site's pages: the site's avatar, as its smallest image
 * variant that still looks sharp on a phone's home screen (192 px), never the
 * original upload, which may be a large photo. A site without an avatar shows
 * its initial on its one colour, never the platform's icon (docs/decisions/142).
 */
import { textOn } from '../../common/contrast.ts';
import type { SiteImage } from './home-page.ts';
import { imageFileFor } from './media-html.ts';

export interface PageIcon {
  href: string;
  type: string;
}

const ICON_WIDTH = 192;
const HEX = /^#[0-9a-f]{6}$/i;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The site's first letter on its colour, as an SVG in a data URL (the pages' CSP allows `data:` images). */
export function letterIcon(site: { title: string; brandColor: string }): PageIcon {
  const colour = HEX.test(site.brandColor) ? site.brandColor : '#6d28d9';
  const letter = (Array.from(site.title.trim())[0] ?? '').toUpperCase().replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${colour}"/><text x="32" y="44" font-family="system-ui,sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="${textOn(colour)}">${letter}</text></svg>`;
  return { href: `data:image/svg+xml,${encodeURIComponent(svg)}`, type: 'image/svg+xml' };
}

/** The avatar's icon; undefined without one, and the page shell draws the site's letter (letterIcon). */
export function siteIcon(avatar: SiteImage | undefined): PageIcon | undefined {
  if (!avatar) return undefined;
  const { file } = imageFileFor(avatar.item, ICON_WIDTH);
  // Variants are WebP; a source too odd for any variant is served as it came.
  return { href: `${avatar.prefix}/${file}`, type: file === 'original' ? avatar.item.type : 'image/webp' };
}
