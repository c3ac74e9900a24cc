/**
 * Serves the built SPA from dist/client. Files are listed once at start-up;
 * each is sent as the .br or .gz twin written at build time when the browser
 * accepts it, so nothing is compressed per request. Hashed assets are cached
 * for a year; index.html is never stored (private, no-store) and carries the boot state, so the
 * app starts knowing maintenance and the signed-in user. A signed-out visit to
 * a public page or auth screen also gets the page itself inside #root
 * (prerendered-pages.ts), which the client hydrates. A path no route of the
 * table (common/routes.ts) takes gets the same shell, whose router shows the
 * not-found screen, with the status 404 and noindex: a soft 404 (200) would be
 * indexed and kept by every crawler and link checker (issue 29).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { BOOT_STATE_ELEMENT_ID, type BootState } from '../../common/api-types.ts';
import { routeFor } from '../../common/routes.ts';
import { prerenderedPages, type PrerenderedPage } from './prerendered-pages.ts';
import { hydrateAfterPaint } from './hydrate-after-paint.ts';
import { readManifest, routePreloads } from './route-preloads.ts';

interface StaticFile {
  absolutePath: string;
  contentType: string;
  cacheControl: string;
  brotli: boolean;
  gzip: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

function listFiles(root: string, directory = root): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const absolutePath = path.join(directory, entry.name);
    // Dot-folders hold build metadata (Vite's manifest), not files for browsers.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      for (const [key, file] of listFiles(root, absolutePath)) files.set(key, file);
      continue;
    }
    const extension = path.extname(entry.name);
    if (extension === '.br' || extension === '.gz' || entry.name === 'index.html') continue;
    const urlPath = `/${path.relative(root, absolutePath).split(path.sep).join('/')}`;
    files.set(urlPath, {
      absolutePath,
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : SHORT,
      brotli: existsSync(`${absolutePath}.br`),
      gzip: existsSync(`${absolutePath}.gz`),
    });
  }
  return files;
}

function pickEncoding(req: Request, file: StaticFile): 'br' | 'gzip' | undefined {
  const accepted = req.get('accept-encoding') ?? '';
  if (file.brotli && /\bbr\b/.test(accepted)) return 'br';
  if (file.gzip && /\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

function sendStatic(req: Request, res: Response, file: StaticFile) {
  const encoding = pickEncoding(req, file);
  res.set({ 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl, Vary: 'Accept-Encoding' });
  if (encoding) res.set('Content-Encoding', encoding);
  const sentPath = encoding === 'br' ? `${file.absolutePath}.br` : encoding === 'gzip' ? `${file.absolutePath}.gz` : file.absolutePath;
  res.sendFile(sentPath, { acceptRanges: !encoding, cacheControl: false, lastModified: true });
}

/** JSON inside a <script> element: `<` is escaped so no value can close the element. */
export function bootStateScript(state: BootState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_STATE_ELEMENT_ID}">${json}</script>`;
}

const EMPTY_ROOT = '<div id="root"></div>';
/** The pre-rendered pages with a form: shown before their script has hydrated them (hydrate-after-paint.ts). */
const FORM_PAGES = new Set(['/login', '/signup']);

/**
 * The page is sent as HTML only as the server's own render would show it: to a
 * signed-out visitor outside maintenance, and without a query string, which a
 * screen may read (?verified=1 on /login) but the render cannot know.
 */
function wantsPrerendered(req: Request, state: BootState): boolean {
  return state.user === null && !state.maintenance && !req.originalUrl.includes('?');
}

/** index.html with the hints, the boot state and, when there is one, the pre-rendered page. */
function renderShell(indexHtml: string, head: string, page: PrerenderedPage | undefined): string {
  // Replacer functions, not strings: $` or $' in a user's name would otherwise paste page text into the JSON.
  const withHead = indexHtml.replace('</head>', () => `${page?.stylesheets ?? ''}${head}</head>`);
  if (!page) return withHead;
  return hydrateAfterPaint(withHead).replace(EMPTY_ROOT, () => `<div id="root">${page.root}</div>`);
}

export interface StaticClientOptions {
  clientDir: string;
  bootState: (req: Request, res: Response) => Promise<BootState> | BootState;
}

export function staticClient({ clientDir, bootState }: StaticClientOptions): RequestHandler {
  const indexPath = path.join(clientDir, 'index.html');
  if (!existsSync(indexPath) || !statSync(indexPath).isFile()) {
    throw new Error(`The client is not built: ${indexPath} is missing. Run \`npm run build\`.`);
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  const files = listFiles(clientDir);
  const manifest = readManifest(clientDir);
  const preloadsFor = routePreloads(manifest);
  // An index.html without the empty root (a hand-made one) keeps painting in the browser.
  const prerendered = indexHtml.includes(EMPTY_ROOT) ? prerenderedPages(clientDir, manifest) : async () => undefined;

  return async function serveClient(req, res, next) {
    // A sign-in or sign-up form sent before its page's script took it over: the form posts (method="post"), so
    // nothing typed lands in a URL, and its body is never read; the page comes back, by then with its script.
    if (req.method === 'POST' && FORM_PAGES.has(req.path)) return res.redirect(303, req.path);
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = files.get(req.path);
    if (file) return sendStatic(req, res, file);
    // A missing file with an extension is a 404, not the app shell (so a stale chunk fails loudly).
    if (path.extname(req.path) !== '') return next();
    const state = await bootState(req, res);
    const page = wantsPrerendered(req, state) ? await prerendered(req.path, state.config) : undefined;
    // The page carries the signed-in user: no shared cache may keep it, and no browser may keep it on disk or show it from history after sign-out.
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' });
    // Only the catch-all takes an unknown path; maintenance keeps its own 503 for every path.
    if (!state.maintenance && routeFor(req.path).path === '*') res.status(404).set('X-Robots-Tag', 'noindex');
    res.send(renderShell(indexHtml, `${preloadsFor(req.path, page !== undefined)}${bootStateScript(state)}`, page));
  };
}
