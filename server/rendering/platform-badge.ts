/**
 * The platform's one mark on a site: "Powered by" in the footer, only when the
 * operator sets PLATFORM_BADGE=true (DESIGN.md "The creator's first hour",
 * docs/decisions/142). It links to the platform's APP_URL, never to `/`, which
 * on a custom domain is the creator's own home.
 */
import { PRODUCT_NAME } from '../../common/constants.ts';
import { text } from './html.ts';
import type { SiteAssets } from './site-assets.ts';

/** The footer's RSS link, then the badge after a separator when it is on. */
export function footerFixedLinks(rssPath: string, assets: Pick<SiteAssets, 'platformBadgeUrl'>): string {
  const rss = `<a href="${text(rssPath)}">RSS</a>`;
  return assets.platformBadgeUrl ? `${rss}<span aria-hidden="true"> · </span><a href="${text(assets.platformBadgeUrl)}">Powered by ${text(PRODUCT_NAME)}</a>` : rss;
}
