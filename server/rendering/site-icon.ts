/**
 * The tab icon of a site's pages: the site's avatar, as its smallest image
 * variant that still looks sharp on a phone's home screen (192 px), never the
 * original upload, which may be a large photo. A site without an avatar shows
 * the platform's icon.
 */
import type { SiteImage } from './home-page.ts';
import { imageFileFor } from './media-html.ts';

export interface PageIcon {
  href: string;
  type: string;
}

export const PLATFORM_ICON: PageIcon = { href: '/favicon.svg', type: 'image/svg+xml' };

const ICON_WIDTH = 192;

export function siteIcon(avatar: SiteImage | undefined): PageIcon {
  if (!avatar) return PLATFORM_ICON;
  const { file } = imageFileFor(avatar.item, ICON_WIDTH);
  // Variants are WebP; a source too odd for any variant is served as it came.
  return { href: `${avatar.prefix}/${file}`, type: file === 'original' ? avatar.item.type : 'image/webp' };
}
