/**
 * `/robots.txt` and `/sitemap.xml` on a site's own domain: the crawler of a
 * custom domain learns of that site's pages alone, at their domain URLs.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { LivePosts } from '../posts/index.ts';
import { text } from '../rendering/index.ts';
import { feedPosts } from '../site-content/index.ts';
import type { DomainSite } from './domain-directory.ts';
import { isSiteSuspended, sendSuspendedPage } from '../site-standing/index.ts';

type DomainResponse = Response<unknown, { domainSite?: DomainSite }>;

export function domainSiteRoutes({ db, clock, livePosts }: { db: Database; clock: Clock; livePosts: LivePosts }): Router {
  const router = Router();

  router.get('/robots.txt', async (_req: Request, res: DomainResponse, next: NextFunction) => {
    const site = res.locals.domainSite;
    if (!site) return next();
    // A suspended site's domain answers as its pages do, from robots.txt on (docs/decisions/124).
    if (await isSiteSuspended(db, site.siteId)) return sendSuspendedPage(res);
    res.set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
    res.send(['User-agent: *', 'Disallow: /account', 'Disallow: /feed/', 'Disallow: /api/', '', `Sitemap: https://${site.hostname}/sitemap.xml`, ''].join('\n'));
  });

  router.get('/sitemap.xml', async (_req: Request, res: DomainResponse, next: NextFunction) => {
    const site = res.locals.domainSite;
    if (!site) return next();
    if (await isSiteSuspended(db, site.siteId)) return sendSuspendedPage(res);
    const posts = await feedPosts(db, site.siteId, livePosts(clock()));
    const base = `https://${site.hostname}`;
    const urls = [`<url><loc>${base}/</loc></url>`, ...posts.map((post) => `<url><loc>${text(`${base}/posts/${encodeURIComponent(post.slug)}`)}</loc></url>`)];
    res.set({ 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' });
    res.send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`);
  });

  return router;
}
