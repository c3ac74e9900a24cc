/**
 * What a public page links of the site's own build (client/site/): the
 * stylesheet, the video and talk scripts, each theme's stylesheet and font;
 * and whether the footer carries the platform's badge, which the features add.
 * Their names come from the build manifest, read once at start
 * (server/public-site/read-site-assets.ts); a server without a client build
 * (the API-only integration tests) links none.
 */
import type { ThemeName } from '../../common/design.ts';

export interface SiteAssets {
  stylesheet?: string;
  /** Only on pages with video or share links: it loads hls.js where the browser lacks native HLS, and copies a post's link. */
  videoScript?: string;
  /** Each theme's stylesheet (sections and type) and its main font file, linked only on sites that published that theme. */
  themes?: Partial<Record<ThemeName, { stylesheet: string; font?: string; css?: string }>>;
  /** Only on pages with messages or comments: live replies and sending without a reload. */
  talkScript?: string;
  /** APP_URL when the operator shows the platform's badge (PLATFORM_BADGE=true, platform-badge.ts); absent: no badge. */
  platformBadgeUrl?: string;
}
