/** The platform's sitemap: what anyone may read. */
import { text } from './html.ts';
import type { SitemapEntries } from './site-content.ts';

export function sitemapXml(appUrl: URL, entries: SitemapEntries): string {
  const url = (path: string, updatedAt: Date) => `<url><loc>${text(new URL(path, appUrl).href)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`;
  const urls = [
    ...entries.sites.map((site) => url(`/@${site.handle}`, site.updatedAt)),
    ...entries.posts.map((post) => url(`/@${post.handle}/posts/${encodeURIComponent(post.slug)}`, post.updatedAt)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`;
}
