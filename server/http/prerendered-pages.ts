/**
 * The first paint of the public pages and auth screens as HTML (docs/decisions/033).
 * The client build carries a server entry (dist/client/.ssr/entry-server.js,
 * client/entry-server.tsx) that renders a page as a signed-out visitor sees it.
 * Each page is rendered once per process, when the first of them is visited, with this
 * server's public config (footer links, support address, Google sign-in),
 * which a build could not know; the year is part of the key because the
 * footer shows it. The page's stylesheets are named as blocking <link>s, so
 * the HTML is painted styled before any script runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicConfig } from '../../common/api-types.ts';
import { MANIFEST_PATH } from './route-preloads.ts';

interface ServerEntry {
  PRERENDERED_PATHS: readonly string[];
  renderPage: (pathname: string, config: PublicConfig) => Promise<string>;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PrerenderedPage {
  /** The markup inside #root. */
  root: string;
  /** `<link rel="stylesheet">` for the page's own CSS (the main bundle's is in index.html already). */
  stylesheets: string;
}

export type PrerenderedPages = (pathname: string, config: PublicConfig) => Promise<PrerenderedPage | undefined>;

export const SERVER_ENTRY_PATH = path.join('.ssr', 'entry-server.js');
const PAGE_KEY = /^pages\/([^/]+)\/[^/]+Page\.tsx$/;

function cssOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (seen.has(key) || !chunk) return [];
  seen.add(key);
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => cssOf(manifest, imported, seen))];
}

/** Per first path segment, the stylesheets its page needs beyond the main bundle's. */
function stylesheetsBySegment(clientDir: string): Map<string, string> {
  const bySegment = new Map<string, string>();
  const manifestFile = path.join(clientDir, MANIFEST_PATH);
  if (!existsSync(manifestFile)) return bySegment;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const inMainBundle = new Set(entryKey ? cssOf(manifest, entryKey) : []);
  for (const key of Object.keys(manifest)) {
    const segment = PAGE_KEY.exec(key)?.[1];
    if (!segment) continue;
    const own = [...new Set(cssOf(manifest, key))].filter((file) => !inMainBundle.has(file));
    bySegment.set(segment, own.map((file) => `<link rel="stylesheet" href="/${file}">`).join(''));
  }
  return bySegment;
}

/**
 * Returns the pre-rendered page for a path, or undefined for any other path
 * and for a client build without the server entry (the app then paints in the browser).
 */
export function prerenderedPages(clientDir: string): PrerenderedPages {
  const entryFile = path.join(clientDir, SERVER_ENTRY_PATH);
  if (!existsSync(entryFile)) return async () => undefined;
  const stylesheets = stylesheetsBySegment(clientDir);
  let entry: Promise<ServerEntry> | undefined;
  const rendered = new Map<string, Promise<string>>();

  const renderOnce = (renderPage: ServerEntry['renderPage'], pathname: string, config: PublicConfig) => {
    const key = `${pathname} ${new Date().getFullYear()} ${JSON.stringify(config)}`;
    let root = rendered.get(key);
    if (!root) {
      root = renderPage(pathname, config);
      rendered.set(key, root);
      // A failed render is tried again on the next visit rather than remembered.
      root.catch(() => rendered.delete(key));
    }
    return root;
  };

  return async (pathname, config) => {
    entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
    const { PRERENDERED_PATHS, renderPage } = await entry;
    if (!PRERENDERED_PATHS.includes(pathname)) return undefined;
    const root = await renderOnce(renderPage, pathname, config);
    // Then, once this answer is on its way, the other pages, so their first visitors do not wait for them either.
    setImmediate(() => {
      for (const other of PRERENDERED_PATHS) renderOnce(renderPage, other, config).catch(() => undefined);
    });
    return { root, stylesheets: stylesheets.get(pathname.split('/')[1] ?? '') ?? '' };
  };
}
