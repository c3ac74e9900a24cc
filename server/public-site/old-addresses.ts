/**
 * An imported post's old addresses (DESIGN.md "Move in, move out"): `/p/{slug}`
 * from Substack, `/{slug}/` from Ghost, `/?p={id}` and dated paths from
 * WordPress answer 301 to the post, on the custom domain and under `/@{handle}`.
 * Asked only where the site would answer 404 (or, for `/?p=`, by the home
 * page), so no page that exists pays a query. The redirect is kept an hour,
 * not forever: an undone import gives the address back.
 */
import type { Response } from 'express';
import { sitePath, type Site } from '../sites/index.ts';
import type { SiteRoutesDeps } from './site-page.ts';

const OLD_ADDRESS_CACHE = 'public, max-age=3600';

/** Answers 301 when `path` (relative to the site's root, with its query) is an imported post's old address; false when it is not. */
export async function redirectOldAddress({ content, livePosts, clock }: Pick<SiteRoutesDeps, 'content' | 'livePosts' | 'clock'>, res: Response, site: Site, path: string): Promise<boolean> {
  const slug = await content.redirectedPostSlug(site.id, path, livePosts(clock()));
  if (slug === undefined) return false;
  res.set('Cache-Control', OLD_ADDRESS_CACHE).redirect(301, sitePath(site, `/posts/${slug}`));
  return true;
}

/** The path (with its query) a request asked for under the site's root: on a custom domain, the one host routing kept before it sent the request to the 404. */
export function requestedSitePath(res: Response, urlUnderHandle: string): string {
  const kept = (res.locals as { missingPath?: unknown }).missingPath;
  if (typeof kept === 'string') return kept;
  return urlUnderHandle.startsWith('/') ? urlUnderHandle : `/${urlUnderHandle}`;
}
