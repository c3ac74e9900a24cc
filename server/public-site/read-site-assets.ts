/**
 * The public site's own stylesheet and video script (client/site/), separate
 * Vite inputs so they are hashed and precompressed like the app's files but
 * never carry React. Their names come from the build manifest, read once; a
 * server without a client build (the API-only integration tests) links none.
 * What the pages link of them is server/rendering/site-assets.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { THEMES, type ThemeName } from '../../common/design.ts';
import type { SiteAssets } from '../rendering/index.ts';
import { readManifest } from '../web-app/index.ts';

export const SITE_STYLESHEET_INPUT = 'site/site.css';
export const SITE_SCRIPT_INPUT = 'site/site.ts';
export const SITE_TALK_INPUT = 'site/talk.ts';

export const themeInput = (theme: ThemeName) => `site/themes/${theme}.css`;

/** `platformBadgeUrl`: APP_URL when PLATFORM_BADGE is on (rendering/platform-badge.ts). */
export function readSiteAssets(clientDir: string | undefined, platformBadgeUrl?: string): SiteAssets {
  const manifest = clientDir ? readManifest(clientDir) : undefined;
  const stylesheet = manifest?.[SITE_STYLESHEET_INPUT]?.file;
  const videoScript = manifest?.[SITE_SCRIPT_INPUT]?.file;
  const themes: NonNullable<SiteAssets['themes']> = {};
  for (const theme of THEMES) {
    const entry = manifest?.[themeInput(theme)];
    // The first font the stylesheet names is its body face, the one to preload.
    const font = entry?.assets?.find((file) => file.endsWith('.woff2'));
    // The theme's few kB go inline in the page, so its first paint waits for no second stylesheet (README row 37).
    const css = entry && clientDir ? readFileSync(path.join(clientDir, entry.file), 'utf8') : undefined;
    if (entry) themes[theme] = { stylesheet: `/${entry.file}`, ...(font ? { font: `/${font}` } : {}), ...(css ? { css } : {}) };
  }
  const talkScript = manifest?.[SITE_TALK_INPUT]?.file;
  return {
    ...(stylesheet ? { stylesheet: `/${stylesheet}` } : {}),
    ...(videoScript ? { videoScript: `/${videoScript}` } : {}),
    ...(talkScript ? { talkScript: `/${talkScript}` } : {}),
    ...(platformBadgeUrl ? { platformBadgeUrl } : {}),
    themes,
  };
}
