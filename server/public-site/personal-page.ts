/**
 * The site's frame (its header, design and reader bar) around a page of one reader's own: a form that goes on to
 * Checkout, a gift's code, a buyer's links. Shared by the offer, gift, tip and product pages; never from a shared cache.
 */
import type { Request } from 'express';
import type { ReaderStanding } from '../access/index.ts';
import { siteIcon, siteReaderOf, type PageHead } from '../rendering/index.ts';
import type { FoundSite, SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

export interface PersonalPage {
  head: PageHead;
  main: string;
  /** The page is itself the way to pay or join: the site bar's Join link would lead away from it. */
  hideJoin?: boolean;
  /** The page carries a secret in its address (a buyer's download token): no Referer leaves it. */
  noReferrer?: boolean;
  /** The reader's standing when the page already read it to render `main`. */
  standing?: ReaderStanding;
}

export function personalPages({ content, clock, assets, designPages }: SiteRoutesDeps, pages: SitePage) {
  return async function sendPersonalPage(req: Request, res: SiteResponse, found: FoundSite, page: PersonalPage): Promise<void> {
    const { site, readerId, preview } = found;
    const [standing, images] = await Promise.all([page.standing ?? content.readerStanding(site, readerId), content.mediaByIds(site.id, site.avatarMediaId ? [site.avatarMediaId] : [])]);
    const avatar = await pages.siteImage(site.avatarMediaId, images, site.publishedAt !== null);
    const design = await designPages.chrome(site, await designPages.designFor(site, found.draftDesign));
    const shell = { head: page.head, site, main: page.main, assets, hideJoin: page.hideJoin, reader: siteReaderOf(readerId, standing, clock()), icon: siteIcon(avatar), design };
    await pages.sendPage(req, res, shell, preview, { personal: true, noReferrer: page.noReferrer });
  };
}
