/** For crawlers: `/robots.txt`, and the sitemap index `/sitemap.xml` with its pages `/sitemaps/{kind}-{n}.xml` (sitemap.ts). */
import type { Response, Router } from 'express';
import { robotsTxt } from './robots.ts';
import type { SitePage, SiteRoutesDeps } from './site-page.ts';
import { createSitemaps, parseSitemapPage, SITEMAP_TTL_MS } from './sitemap.ts';

export function crawlerRoutes(router: Router, deps: SiteRoutesDeps, pages: SitePage): void {
  const { content, clock, livePosts, appUrl } = deps;
  const robots = robotsTxt(appUrl);
  router.get('/robots.txt', (_req, res) => {
    res.set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }).send(robots);
  });

  const sitemaps = createSitemaps({ content, clock, livePosts, appUrl });
  const sendXml = (res: Response, xml: string) => {
    res.set({ 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': `public, max-age=${SITEMAP_TTL_MS / 1000}`, 'X-Content-Type-Options': 'nosniff' });
    res.send(xml);
  };

  router.get(
    '/sitemap.xml',
    pages.pass(async (_req, res) => {
      sendXml(res, await sitemaps.index());
    }),
  );

  router.get(
    '/sitemaps/:name',
    pages.pass(async (req, res, next) => {
      const wanted = parseSitemapPage(String(req.params.name));
      const xml = wanted ? await sitemaps.page(wanted.kind, wanted.page) : undefined;
      if (xml === undefined) return pages.notFound(res, next);
      sendXml(res, xml);
    }),
  );
}
