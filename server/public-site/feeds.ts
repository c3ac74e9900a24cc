/**
 * RSS 2.0 of a site and the platform's sitemap. An RSS item carries the whole
 * body only when the access rule opens it to the reader; a gated item carries
 * its title, link and excerpt, nothing of the body. The sitemap lists what
 * anyone may read.
 */
import type { Site } from '../sites/site-lookup.ts';
import { text } from './html.ts';
import type { SitemapEntries } from './site-content.ts';

export interface FeedItem {
  title: string;
  url: string;
  publishedAt: Date | null;
  /** HTML: the whole body (media expanded, absolute URLs) or the excerpt as text. */
  description: string;
}

export function rssXml(site: Site, appUrl: URL, items: readonly FeedItem[]): string {
  const home = new URL(`/@${site.handle}`, appUrl).href;
  const self = new URL(`/@${site.handle}/rss.xml`, appUrl).href;
  const newest = items.find((item) => item.publishedAt)?.publishedAt;
  const itemXml = items
    .map(
      (item) =>
        `<item><title>${text(item.title)}</title><link>${text(item.url)}</link><guid isPermaLink="true">${text(item.url)}</guid>${item.publishedAt ? `<pubDate>${item.publishedAt.toUTCString()}</pubDate>` : ''}<description>${text(item.description)}</description></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${text(site.title)}</title><link>${text(home)}</link><description>${text(site.tagline || site.title)}</description><atom:link href="${text(self)}" rel="self" type="application/rss+xml"/>${newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : ''}${itemXml}</channel></rss>`;
}

export function sitemapXml(appUrl: URL, entries: SitemapEntries): string {
  const url = (path: string, updatedAt: Date) => `<url><loc>${text(new URL(path, appUrl).href)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`;
  const urls = [
    ...entries.sites.map((site) => url(`/@${site.handle}`, site.updatedAt)),
    ...entries.posts.map((post) => url(`/@${post.handle}/posts/${encodeURIComponent(post.slug)}`, post.updatedAt)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`;
}
