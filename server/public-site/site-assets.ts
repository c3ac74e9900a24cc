/**
 * The public site's own stylesheet and video script (client/site/), separate
 * Vite inputs so they are hashed and precompressed like the app's files but
 * never carry React. Their names come from the build manifest, read once; a
 * server without a client build (the API-only integration tests) links none.
 */
import { readManifest } from '../http/route-preloads.ts';

export const SITE_STYLESHEET_INPUT = 'site/site.css';
export const SITE_SCRIPT_INPUT = 'site/site.ts';

export interface SiteAssets {
  stylesheet?: string;
  /** Only on pages with video: it loads hls.js where the browser lacks native HLS. */
  videoScript?: string;
}

export function readSiteAssets(clientDir: string | undefined): SiteAssets {
  const manifest = clientDir ? readManifest(clientDir) : undefined;
  const stylesheet = manifest?.[SITE_STYLESHEET_INPUT]?.file;
  const videoScript = manifest?.[SITE_SCRIPT_INPUT]?.file;
  return { ...(stylesheet ? { stylesheet: `/${stylesheet}` } : {}), ...(videoScript ? { videoScript: `/${videoScript}` } : {}) };
}
