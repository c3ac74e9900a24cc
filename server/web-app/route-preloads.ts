/**
 * The chunks a deep link's page needs, named in index.html as modulepreload
 * hints: the browser fetches them beside the main bundle instead of after it
 * has run, one network round trip less before the page paints. Read once from
 * Vite's build manifest. The page and its layout come from the client's own
 * route table (common/routes.ts, plain data), whose module names are the
 * manifest's keys; a module in the main bundle (the landing page) needs none.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { modulesFor } from '../../common/routes.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  /** Files a stylesheet entry refers to (fonts, images). */
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const MANIFEST_PATH = path.join('.vite', 'manifest.json');

/** Vite's build manifest of a client build; undefined for a build without one. */
export function readManifest(clientDir: string): Manifest | undefined {
  const manifestFile = path.join(clientDir, MANIFEST_PATH);
  return existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
}

/** Every chunk the main bundle loads statically, as manifest keys: what a page never needs named again. */
export function mainBundleOf(manifest: Manifest): Set<string> {
  // The app's entry is index.html; the public site's own entries (client/site/) are not part of it.
  const entryKey = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((key) => manifest[key]!.isEntry && !key.startsWith('site/'));
  return entryKey ? withStaticImports(manifest, entryKey) : new Set<string>();
}

/** The chunk under `key` and every chunk it imports statically, as manifest keys. */
export function withStaticImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(manifest, imported, seen);
  return seen;
}

function hintsFor(manifest: Manifest, modules: readonly string[], inMainBundle: Set<string>, stylesheetsLinked: boolean): string {
  const keys = new Set<string>();
  for (const module of modules) withStaticImports(manifest, module, keys);
  const links: string[] = [];
  for (const key of keys) {
    if (inMainBundle.has(key)) continue;
    const chunk = manifest[key]!;
    links.push(`<link rel="modulepreload" href="/${chunk.file}">`);
    // A pre-rendered page links its stylesheets already, and Vite's loader finds them there: a hint would be a second request.
    if (stylesheetsLinked) continue;
    // Vite's module loader asks for a chunk's stylesheet with crossorigin="" (anonymous): a hint without it is another
    // credentials mode, so Chromium warns and fetches the stylesheet a second time instead of using the preloaded one.
    for (const css of chunk.css ?? []) links.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
  }
  return links.join('');
}

/**
 * Returns the hints for a path; with no manifest (an older build), none.
 * `stylesheetsLinked`: the page arrives pre-rendered with its stylesheets as blocking links (prerendered-pages.ts).
 */
export function routePreloads(manifest: Manifest | undefined): (pathname: string, stylesheetsLinked?: boolean) => string {
  if (!manifest) return () => '';
  const inMainBundle = mainBundleOf(manifest);
  // Keyed by the page's modules, not the path: every unknown path shares the not-found page's hints.
  const hintsByModules = new Map<string, string>();
  return (pathname, stylesheetsLinked = false) => {
    const modules = modulesFor(pathname);
    const key = `${modules.join(' ')} ${stylesheetsLinked}`;
    let hints = hintsByModules.get(key);
    if (hints === undefined) {
      hints = hintsFor(manifest, modules, inMainBundle, stylesheetsLinked);
      hintsByModules.set(key, hints);
    }
    return hints;
  };
}
