/**
 * The chunks a deep link's page needs, named in index.html as modulepreload
 * hints: the browser fetches them beside the main bundle instead of after it
 * has run, one network round trip less before the page paints. Read once from
 * Vite's build manifest. A page is found by the folder convention
 * client/pages/<first path segment>/<Name>Page.tsx, so there is no second
 * route table to keep in step with the router; an unknown path gets the
 * not-found page's chunks, and `/` (the landing page, in the main bundle) none.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const MANIFEST_PATH = path.join('.vite', 'manifest.json');
const PAGE_KEY = /^pages\/([^/]+)\/[^/]+Page\.tsx$/;

/** The chunk under `key` and every chunk it imports statically, as manifest keys. */
function withStaticImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(manifest, imported, seen);
  return seen;
}

function hintsFor(manifest: Manifest, pageKey: string, inMainBundle: Set<string>): string {
  const links: string[] = [];
  for (const key of withStaticImports(manifest, pageKey)) {
    if (inMainBundle.has(key)) continue;
    const chunk = manifest[key]!;
    links.push(`<link rel="modulepreload" href="/${chunk.file}">`);
    for (const css of chunk.css ?? []) links.push(`<link rel="preload" as="style" href="/${css}">`);
  }
  return links.join('');
}

/** Returns the hints for a path; with no manifest (an older build), none. */
export function routePreloads(clientDir: string): (pathname: string) => string {
  const manifestFile = path.join(clientDir, MANIFEST_PATH);
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const inMainBundle = entryKey ? withStaticImports(manifest, entryKey) : new Set<string>();
  const hintsBySegment = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const segment = PAGE_KEY.exec(key)?.[1];
    if (segment && chunk.isDynamicEntry) hintsBySegment.set(segment, hintsFor(manifest, key, inMainBundle));
  }
  return (pathname) => {
    const segment = pathname.split('/')[1] ?? '';
    if (segment === '') return '';
    return hintsBySegment.get(segment) ?? hintsBySegment.get('not-found') ?? '';
  };
}
