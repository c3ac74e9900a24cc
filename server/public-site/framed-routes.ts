/**
 * The site's plain pages (docs/decisions/153): `/@{handle}/terms` and
 * `/@{handle}/privacy`, which its join forms link to, and, registered last,
 * the site's own 404 for every other path under `/@{handle}` (a missing post,
 * a page past the last, a mistyped address; on a custom domain every unknown
 * page, which host-routing.ts rewrites here). A page that finds its site but
 * not its content falls through (site-page.ts `notFound`) and lands here: the
 * site is read a second time, on a 404 only, so every page keeps its one
 * lookup; before the 404, an imported post's old address answers 301
 * (old-addresses.ts). An unknown or unpublished handle still gets the app's 404 screen.
 */
import type { Request, Router } from 'express';
import { framedHead, notFoundMain, policyMain, policyTitle, siteIcon, siteReaderOf, type SitePolicy } from '../rendering/index.ts';
import { redirectOldAddress, requestedSitePath } from './old-addresses.ts';
import type { FoundSite, SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

export interface FramedRoutesDeps {
  /** SUPPORT_EMAIL: the address the policy text names. */
  supportEmail: string;
}

export function framedRoutes(router: Router, deps: SiteRoutesDeps & FramedRoutesDeps, pages: SitePage): void {
  const { content, clock, appUrl, assets, session, designPages, supportEmail } = deps;

  async function sendFramed(req: Request, res: SiteResponse, found: FoundSite, path: string, title: string, main: string) {
    const { site, readerId, preview } = found;
    const [standing, images] = await Promise.all([content.readerStanding(site, readerId), content.mediaByIds(site.id, site.avatarMediaId ? [site.avatarMediaId] : [])]);
    const avatar = await pages.siteImage(site.avatarMediaId, images, site.publishedAt !== null);
    const design = await designPages.chrome(site, await designPages.designFor(site, found.draftDesign));
    const reader = siteReaderOf(readerId, standing, clock());
    await pages.sendPage(req, res, { head: framedHead(site, appUrl, path, title), site, main, assets, reader, icon: siteIcon(avatar), design }, preview);
  }

  for (const policy of ['terms', 'privacy'] as const satisfies readonly SitePolicy[]) {
    router.get(
      `/@:handle/${policy}`,
      session,
      pages.pass(async (req, res, next) => {
        const found = await pages.siteFor(req, res, next);
        if (found) await sendFramed(req, res, found, `/${policy}`, policyTitle(policy), policyMain(policy, supportEmail));
      }),
    );
  }

  router.get(
    ['/@:handle', '/@:handle/*rest'],
    session,
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const path = req.path.slice(`/@${found.site.handle}`.length);
      const asked = requestedSitePath(res, req.originalUrl.slice(`/@${found.site.handle}`.length));
      if (!found.preview && (await redirectOldAddress(deps, res, found.site, asked))) return;
      res.status(404);
      await sendFramed(req, res, found, path || '/', 'Page not found', notFoundMain(found.site));
    }),
  );
}
