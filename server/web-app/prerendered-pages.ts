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
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicConfig } from '../../common/api-types.ts';
import { modulesFor } from '../../common/routes.ts';
import { mainBundleOf, withStaticImports, type Manifest } from './route-preloads.ts';

interface ServerEntry {
  PRERENDERED_PATHS: readonly string[];
  renderPage: (pathname: string, config: PublicConfig) => Promise<string>;
}

export interface PrerenderedPage {
  /** The markup inside #root. */
  root: string;
  /** `<link rel="stylesheet">` for the page's own CSS (the main bundle's is in index.html already). */
  stylesheets: string;
}

export type PrerenderedPages = (pathname: string, config: PublicConfig) => Promise<PrerenderedPage | undefined>;

export const SERVER_ENTRY_PATH = path.join('.ssr', 'entry-server.js');
/** The stylesheets a page needs beyond the main bundle's, from the route table's modules and the manifest. */
function stylesheetsFor(manifest: Manifest, inMainBundle: Set<string>, pathname: string): string {
  const chunks = new Set<string>();
  for (const module of modulesFor(pathname)) withStaticImports(manifest, module, chunks);
  const files = [...chunks].filter((key) => !inMainBundle.has(key)).flatMap((key) => manifest[key]!.css ?? []);
  return [...new Set(files)].map((file) => `<link rel="stylesheet" href="/${file}">`).join('');
}

/**
 * Returns the pre-rendered page for a path, or undefined for any other path
 * and for a client build without the server entry (the app then paints in the browser).
 */
export function prerenderedPages(clientDir: string, manifest: Manifest | undefined): PrerenderedPages {
  const entryFile = path.join(clientDir, SERVER_ENTRY_PATH);
  if (!existsSync(entryFile)) return async () => undefined;
  let entry: Promise<ServerEntry> | undefined;
  const rendered = new Map<string, Promise<string>>();
  const inMainBundle = manifest ? mainBundleOf(manifest) : new Set<string>();
  const stylesheets = new Map<string, string>();
  const stylesheetsOf = (pathname: string) => {
    let links = stylesheets.get(pathname);
    if (links === undefined) {
      links = manifest ? stylesheetsFor(manifest, inMainBundle, pathname) : '';
      stylesheets.set(pathname, links);
    }
    return links;
  };

  /** The page's markup, and whether this call started its render. */
  const renderOnce = (renderPage: ServerEntry['renderPage'], pathname: string, config: PublicConfig) => {
    const key = `${pathname} ${new Date().getFullYear()} ${JSON.stringify(config)}`;
    const known = rendered.get(key);
    if (known) return { root: known, started: false };
    const root = renderPage(pathname, config);
    rendered.set(key, root);
    // A failed render is tried again on the next visit rather than remembered.
    root.catch(() => rendered.delete(key));
    return { root, started: true };
  };

  return async (pathname, config) => {
    entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
    const { PRERENDERED_PATHS, renderPage } = await entry;
    if (!PRERENDERED_PATHS.includes(pathname)) return undefined;
    const { root, started } = renderOnce(renderPage, pathname, config);
    // A first render starts the other pages once this answer is on its way, so their first visitors do not wait for them either.
    if (started) {
      setImmediate(() => {
        for (const other of PRERENDERED_PATHS) renderOnce(renderPage, other, config).root.catch(() => undefined);
      });
    }
    return { root: await root, stylesheets: stylesheetsOf(pathname) };
  };
}
