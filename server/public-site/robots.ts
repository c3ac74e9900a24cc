/**
 * `/robots.txt`: crawlers are pointed at the sitemap and kept out of what only
 * a signed-in user sees, the API and the studio. The studio's paths come from
 * the one route table, so a new studio page is disallowed without a second list.
 */
import { ROUTES } from '../../common/routes.ts';

/** The first segment of each page behind a sign-in (`/settings/general` -> `/settings/`), and `/api/`. */
function privatePrefixes(): string[] {
  const guarded = ROUTES.filter((route) => route.layout === 'creator' || route.guard === 'signed-in' || route.guard === 'verified-creator');
  const firstSegments = guarded.map((route) => `/${route.path.split('/')[1]}`);
  return ['/api/', ...new Set(firstSegments)];
}

export function robotsTxt(appUrl: URL): string {
  const disallow = privatePrefixes().map((prefix) => `Disallow: ${prefix}`);
  return ['User-agent: *', ...disallow, '', `Sitemap: ${new URL('/sitemap.xml', appUrl).href}`, ''].join('\n');
}
