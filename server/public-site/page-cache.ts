/**
 * The anonymous page cache (docs/decisions/074): a site's home and post pages
 * as a reader without a session sees them, rendered once and kept in memory
 * with their br, gzip and plain bodies, so the next anonymous reader costs a
 * lookup and a write. An entry is dropped when its site changes (the feature
 * that changed it says so through server/sites/site-changes.ts, on every
 * server through NOTIFY), when its time is up (a bounded TTL, so a lost
 * notification cannot serve an old page for long, and the moment a scheduled
 * post goes live), and the least recently read go first past the byte budget.
 * Signed-in readers, previews and answers that set a cookie never come here.
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.ts';
import { isBot } from './page-views.ts';
import { readerOf, type PageReader } from '../reports/index.ts';

/** As long as the page may sit in a shared cache (site-page.ts cacheHeaders): a missed notification costs no more than that. */
export const PAGE_CACHE_TTL_MS = 60_000;
/** The whole cache, all three bodies of every entry: a few thousand pages. */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  /** The whole header list of a 200, ready for writeHead. */
  headers: string[];
  /** The same for a 304: no body, no length. */
  notModified: string[];
  etag: string;
}

export interface CachedPage {
  siteId: string;
  /** The page-view path the hit counts (page-views.ts). */
  viewPath: string;
  expiresAt: number;
  bytes: number;
  variants: Record<Encoding, Variant>;
}

export interface PageToStore {
  siteId: string;
  viewPath: string;
  html: string;
  /** What the rendering route set: type, security and cache headers. */
  headers: OutgoingHttpHeaders;
  /** When the page changes by the clock alone (a scheduled post's time), if sooner than the TTL. */
  changesAt?: Date;
}

/** Response headers that belong to one answer, never to a stored page. */
const PER_ANSWER = new Set(['x-request-id', 'set-cookie', 'content-length', 'content-encoding', 'etag', 'vary']);

/** The client's acceptable encodings, best of ours first: br, then gzip, else the plain body. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let gzipOk = false;
  let anyOk = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0{0,3})?\s*$/.test(param));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === 'x-gzip') gzipOk = true;
    if (name === '*') anyOk = true;
  }
  return gzipOk || anyOk ? 'gzip' : 'identity';
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function headerList(headers: OutgoingHttpHeaders): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_ANSWER.has(name.toLowerCase())) continue;
    for (const one of Array.isArray(value) ? value : [value]) list.push(name, String(one));
  }
  return list;
}

async function variantsOf(html: string, headers: OutgoingHttpHeaders): Promise<Record<Encoding, Variant>> {
  const plain = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
    gzip(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const hash = createHash('sha256').update(plain).digest('base64url').slice(0, 27);
  const common = headerList(headers);
  const variant = (encoding: Encoding, body: Buffer): Variant => {
    // Each encoding is its own representation, so its own strong ETag.
    const etag = `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    const shared = [...common, 'Vary', 'Accept-Encoding, Cookie', 'ETag', etag];
    const encoded = encoding === 'identity' ? [] : ['Content-Encoding', encoding];
    return { body, etag, headers: [...shared, ...encoded, 'Content-Length', String(body.length)], notModified: shared };
  };
  return { br: variant('br', br), gzip: variant('gzip', gz), identity: variant('identity', plain) };
}

export function createPageCache({ clock, ttlMs = PAGE_CACHE_TTL_MS, maxBytes = PAGE_CACHE_MAX_BYTES }: { clock: Clock; ttlMs?: number; maxBytes?: number }) {
  // A Map keeps insertion order: re-inserting on every read makes its first key the least recently read.
  const entries = new Map<string, CachedPage>();
  const keysBySite = new Map<string, Set<string>>();
  let bytes = 0;
  // Bumped by every invalidation: a page rendered from reads that began before one is not stored.
  let version = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    const keys = keysBySite.get(entry.siteId);
    keys?.delete(key);
    if (keys?.size === 0) keysBySite.delete(entry.siteId);
  }

  return {
    /** Taken before a page's first read; handed back to `store`. */
    version: () => version,

    get(key: string): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= clock().getTime()) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    /** Compresses and keeps the page, unless its site changed since `renderedFrom`; the entry either way, to answer with. */
    async store(key: string, renderedFrom: number, page: PageToStore): Promise<CachedPage> {
      const variants = await variantsOf(page.html, page.headers);
      const size = key.length + variants.br.body.length + variants.gzip.body.length + variants.identity.body.length;
      const expiresAt = Math.min(clock().getTime() + ttlMs, page.changesAt?.getTime() ?? Infinity);
      const entry: CachedPage = { siteId: page.siteId, viewPath: page.viewPath, expiresAt, bytes: size, variants };
      if (renderedFrom !== version || size > maxBytes) return entry;
      remove(key);
      entries.set(key, entry);
      bytes += size;
      let keys = keysBySite.get(page.siteId);
      if (!keys) keysBySite.set(page.siteId, (keys = new Set()));
      keys.add(key);
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
      return entry;
    },

    /** Drops a site's pages, or every page when it is not known which site changed. */
    invalidate: (siteId: string | undefined): void => {
      version += 1;
      if (siteId === undefined) {
        entries.clear();
        keysBySite.clear();
        bytes = 0;
        return;
      }
      for (const key of [...(keysBySite.get(siteId) ?? [])]) remove(key);
    },

    stats: () => ({ entries: entries.size, bytes }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The key of a page an anonymous reader may be answered from the cache, or undefined: only bare paths and `?page=N`. */
export function pageCacheKey(req: Request): string | undefined {
  const url = req.originalUrl;
  const query = url.indexOf('?');
  if (query === -1) return url;
  return /^page=[1-9]\d{0,4}$/.test(url.slice(query + 1)) ? url : undefined;
}

/** Writes a stored page in the encoding the client takes best, or 304 when it has that one. */
export function answerFromCache(req: Request, res: Response, entry: CachedPage): void {
  const variant = entry.variants[preferredEncoding(req.headers['accept-encoding'])];
  if (matches(req.headers['if-none-match'], variant.etag)) {
    res.writeHead(304, variant.notModified);
    res.end();
    return;
  }
  res.writeHead(200, variant.headers);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

export interface CachedPagesDeps {
  cache: PageCache;
  maintenance: { isOn(): boolean };
  sessionCookieName: string;
  countPageView: (siteId: string, path: string, reader: PageReader) => void;
}

/**
 * Served ahead of the app's shared middleware: a hit is a map lookup and a
 * write. Anything else (a session cookie, maintenance, a page not in the
 * cache) goes on to the site routes, which render and store it.
 */
export function cachedSitePages({ cache, maintenance, sessionCookieName, countPageView }: CachedPagesDeps): RequestHandler {
  const sessionCookie = `${sessionCookieName}=`;
  return function cachedSitePage(req, res, next) {
    if (maintenance.isOn() || req.headers.cookie?.includes(sessionCookie)) return next();
    const key = pageCacheKey(req);
    const entry = key === undefined ? undefined : cache.get(key);
    if (!entry) return next();
    answerFromCache(req, res, entry);
    if (req.method === 'GET' && !isBot(req.headers['user-agent'])) countPageView(entry.siteId, entry.viewPath, readerOf(req));
  };
}
