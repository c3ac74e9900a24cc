/**
 * The one answer to "where does this site live": at the root of its active
 * custom domain (always https: the proxy holds its certificate), else at
 * `/@{handle}` on the platform. Canonical URLs, Open Graph, JSON-LD, RSS,
 * sitemaps, mail links and payment return URLs all ask here.
 */
import type { Site } from './site-lookup.ts';

type SiteAddress = Pick<Site, 'handle' | 'domain'>;

/** An absolute URL of one of the site's pages; `path` is '' for the home page, else starts with `/` or `?`. */
export function siteUrl(site: SiteAddress, appUrl: URL, path = ''): string {
  return site.domain ? `https://${site.domain}${path === '' || path.startsWith('?') ? `/${path}` : path}` : `${appUrl.origin}/@${site.handle}${path}`;
}

/** The same page as a link within the site's own pages (which a domain serves at its root). */
export function sitePath(site: SiteAddress, path = ''): string {
  return site.domain ? (path === '' || path.startsWith('?') ? `/${path}` : path) : `/@${site.handle}${path}`;
}
