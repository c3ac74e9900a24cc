/**
 * The platform's sitemap: what anyone may read, as a sitemap index
 * (`/sitemap.xml`) of pages of at most 50,000 URLs, the protocol's limit:
 * `/sitemaps/sites-{n}.xml` and `/sitemaps/posts-{n}.xml` (docs/decisions/066).
 * Pages are cut by keyset (the first id of each page, read with the index),
 * so no request reads more than one page of rows. The index and the pages are
 * kept a few minutes in memory, a promise per document, so a crawler's burst
 * costs one set of queries; a post published meanwhile shows up when the index
 * expires, and the pages cut by it with it.
 */
import { ANONYMOUS, postAccess } from '../access/index.ts';
import type { Clock } from '../clock.ts';
import type { LivePosts } from '../posts/index.ts';
import { text } from '../rendering/index.ts';
import type { SiteContent } from '../site-content/index.ts';

export const SITEMAP_PAGE_SIZE = 50_000;
/** How long the index and a page are served from memory, and may be kept by a cache. */
export const SITEMAP_TTL_MS = 5 * 60 * 1000;
/** Pages kept at once: a full one is several megabytes. */
const MAX_CACHED_PAGES = 4;

export type SitemapKind = 'sites' | 'posts';

const PAGE_NAME = /^(sites|posts)-([1-9]\d{0,6})\.xml$/;

/** `posts-2.xml` -> the kind and the page number; undefined for any other name. */
export function parseSitemapPage(name: string): { kind: SitemapKind; page: number } | undefined {
  const match = PAGE_NAME.exec(name);
  return match ? { kind: match[1] as SitemapKind, page: Number(match[2]) } : undefined;
}

function urlsetXml(appUrl: URL, entries: readonly { path: string; updatedAt: Date }[]): string {
  const urls = entries.map(({ path, updatedAt }) => `<url><loc>${text(new URL(path, appUrl).href)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`;
}

function indexXml(appUrl: URL, names: readonly string[]): string {
  const entries = names.map((name) => `<sitemap><loc>${text(new URL(`/sitemaps/${name}`, appUrl).href)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>`;
}

interface Index {
  xml: string;
  starts: Record<SitemapKind, string[]>;
}

export interface SitemapsDeps {
  /** The sitemap's reads (server/site-content/sitemap-rows.ts). */
  content: Pick<SiteContent, 'sitemapPageStarts' | 'sitemapSites' | 'sitemapPosts'>;
  clock: Clock;
  livePosts: LivePosts;
  appUrl: URL;
}

export function createSitemaps({ content, clock, livePosts, appUrl }: SitemapsDeps) {
  let index: { expiresAt: number; value: Promise<Index> } | undefined;
  /** Pages cut where one index says, kept as long as that index is. */
  const pages = new Map<string, { index: Index; value: Promise<string | undefined> }>();

  function currentIndex(): Promise<Index> {
    const now = clock().getTime();
    if (index && index.expiresAt > now) return index.value;
    const value = content.sitemapPageStarts(livePosts(clock()), SITEMAP_PAGE_SIZE).then((starts) => {
      // The sites' first page is listed even when empty: an index names at least one sitemap.
      const siteNames = Array.from({ length: Math.max(1, starts.sites.length) }, (_, at) => `sites-${at + 1}.xml`);
      const postNames = starts.posts.map((_, at) => `posts-${at + 1}.xml`);
      return { xml: indexXml(appUrl, [...siteNames, ...postNames]), starts };
    });
    index = { expiresAt: now + SITEMAP_TTL_MS, value };
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (index?.value === value) index = undefined;
    });
    return value;
  }

  async function renderPage(starts: Index['starts'], kind: SitemapKind, page: number): Promise<string | undefined> {
    const from = starts[kind][page - 1];
    if (from === undefined) return kind === 'sites' && page === 1 ? urlsetXml(appUrl, []) : undefined;
    const before = starts[kind][page];
    if (kind === 'sites') {
      const rows = await content.sitemapSites(from, before, SITEMAP_PAGE_SIZE);
      return urlsetXml(appUrl, rows.map((site) => ({ path: `/@${site.handle}`, updatedAt: site.updatedAt })));
    }
    const now = clock();
    const rows = await content.sitemapPosts(livePosts(now), from, before, SITEMAP_PAGE_SIZE);
    const readable = rows.filter((post) => postAccess(post, ANONYMOUS, now) === 'whole');
    return urlsetXml(appUrl, readable.map((post) => ({ path: `/@${post.handle}/posts/${encodeURIComponent(post.slug)}`, updatedAt: post.updatedAt })));
  }

  return {
    async index(): Promise<string> {
      return (await currentIndex()).xml;
    },

    /** A page of the index, or undefined when it names no such page. */
    async page(kind: SitemapKind, page: number): Promise<string | undefined> {
      const current = await currentIndex();
      const key = `${kind}-${page}`;
      const cached = pages.get(key);
      if (cached?.index === current) return cached.value;
      pages.delete(key);
      for (const [other, entry] of pages) if (entry.index !== current || pages.size >= MAX_CACHED_PAGES) pages.delete(other);
      const value = renderPage(current.starts, kind, page);
      pages.set(key, { index: current, value });
      value.catch(() => {
        if (pages.get(key)?.value === value) pages.delete(key);
      });
      return value;
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
