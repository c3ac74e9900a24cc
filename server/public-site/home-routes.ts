/**
 * `/@{handle}`: the site's home, its live posts a page at a time (`?page=`),
 * in the published design when there is one; and `POST /@{handle}?preview=design`,
 * the design editor's live preview of its unsaved draft.
 */
import express, { type NextFunction, type Request, type Router } from 'express';
import { parseDesign, type Design } from '../../common/design.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { confirmedOrPaying, type ReaderStanding } from '../access/index.ts';
import { compileDesign, homeHead, homeMain, siteIcon, siteReaderOf, type SiteReader } from '../rendering/index.ts';
import { readerOf } from '../reports/index.ts';
import { redirectOldAddress } from './old-addresses.ts';
import type { SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

/** The query of a WordPress post's or page's own address, which an import may have kept (old-addresses.ts). */
const OLD_ADDRESS_KEYS = ['p', 'page_id'] as const;

/** The deepest page a visitor may ask for; beyond it the list is empty anyway. */
const MAX_PAGE = 10_000;

function pageNumber(value: unknown): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^[1-9]\d{0,4}$/.test(value)) return undefined;
  const page = Number(value);
  return page <= MAX_PAGE ? page : undefined;
}

/** Back from joining: a welcome once the membership opens the site, a thank-you while Stripe confirms it. */
function welcomeOf(reader: SiteReader, standing: ReaderStanding): 'member' | 'confirm' | 'pending' | undefined {
  if (reader === 'owner' || reader === 'signed-out') return undefined;
  if (reader !== 'member') return 'pending';
  return standing.membership && !confirmedOrPaying(standing.membership) ? 'confirm' : 'member';
}

export function homeRoutes(router: Router, deps: SiteRoutesDeps, pages: SitePage): void {
  const { content, clock, livePosts, appUrl, assets, session, sameOrigin, countPageView, pageCache, designPages } = deps;

  /** The home page; `posted` is the editor's unsaved draft, rendered for its owner alone (POST below). */
  async function sendHome(req: Request, res: SiteResponse, next: NextFunction, posted?: Design) {
    const renderedFrom = pageCache.version();
    const page = pageNumber(req.query.page);
    const found = await pages.siteFor(req, res, next);
    if (!found) return;
    const { site, readerId, preview } = found;
    // WordPress's `/?p={id}` and `/?page_id={id}`: an imported post's old address (old-addresses.ts).
    const oldKey = OLD_ADDRESS_KEYS.find((name) => typeof req.query[name] === 'string');
    const oldValue = oldKey ? req.query[oldKey] : undefined;
    if (typeof oldValue === 'string' && !posted && !preview && (await redirectOldAddress(deps, res, site, `/?${oldKey}=${oldValue}`))) return;
    if (page === undefined) return pages.notFound(res, next);
    const now = clock();
    const key = pages.anonymousKey(req, res, preview);
    const siteImageIds = [site.bannerMediaId, site.avatarMediaId].filter((id): id is string => id !== null);
    // A designed home shows its own number of latest posts; page 2 goes on from there.
    const compiled = posted ? compileDesign(posted) : await designPages.designFor(site, found.draftDesign);
    const extras = compiled ? designPages.extras(compiled, site, page, livePosts(now)) : undefined;
    const [{ posts, hasOlder }, images, standing, changesAt] = await Promise.all([
      content.livePosts(site.id, livePosts(now), page, compiled?.latestCount || undefined),
      content.mediaByIds(site.id, siteImageIds),
      content.readerStanding(site, readerId),
      // A kept home page must go when a scheduled post goes live, which no write announces.
      key === undefined ? undefined : content.nextScheduledAt(site.id, now),
    ]);
    if (page > 1 && posts.length === 0) return pages.notFound(res, next);
    const published = site.publishedAt !== null;
    const [banner, avatar] = await Promise.all([pages.siteImage(site.bannerMediaId, images, published), pages.siteImage(site.avatarMediaId, images, published)]);
    const reader = siteReaderOf(readerId, standing, now);
    const deleted = req.query.account === 'deleted' && reader === 'signed-out';
    const welcome = req.query.joined === '1' ? welcomeOf(reader, standing) : deleted ? ('deleted' as const) : undefined;
    const input = { site, reader, ...(banner ? { banner } : {}), ...(avatar ? { avatar } : {}), ...(welcome ? { welcome } : {}), posts, page, hasOlder, appUrl };
    const viewPath = page === 1 ? '/' : `/?page=${page}`;
    const slot = key === undefined ? undefined : { key, renderedFrom, siteId: site.id, viewPath, changesAt };
    const designed = compiled && extras ? await designPages.home(compiled, input, await extras) : undefined;
    const shell = designed
      ? { head: designed.head, site, main: designed.main, assets, reader, icon: siteIcon(avatar), design: designed.design, hasVideo: designed.hasVideo }
      : { head: homeHead(input), site, main: homeMain(input), assets, reader, icon: siteIcon(avatar) };
    await pages.sendPage(req, res, shell, preview, { slot });
    if (pages.shouldCount(req, res, site, preview)) countPageView(site.id, viewPath, readerOf(req));
  }

  router.get('/@:handle', session, pages.pass((req, res, next) => sendHome(req, res, next)));

  /**
   * The design editor's live preview (docs/decisions/109): the home page with the draft as typed,
   * before autosave has stored it. Its owner's only (anyone else gets 404, as for any preview),
   * checked by the one design schema, never cached, never counted.
   */
  router.post(
    '/@:handle',
    sameOrigin,
    session,
    express.json({ limit: '256kb' }),
    pages.pass(async (req, res, next) => {
      const found = req.query.preview === 'design' ? await pages.siteFor(req, res, next) : undefined;
      if (!found?.draftDesign) {
        // siteFor has answered already when there is no such page at all.
        if (found || req.query.preview !== 'design') pages.notFound(res, next);
        return;
      }
      const design = parseDesign((req.body as { design?: unknown } | undefined)?.design);
      if (!design) {
        res.status(400).json({ error: { code: 'invalid-design', message: SERVER_MESSAGES['invalid-design'] } });
        return;
      }
      await sendHome(req, res, next, design);
    }),
  );
}
