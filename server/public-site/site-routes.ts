/**
 * The server-rendered public site: `/@{handle}`, its posts, join page and RSS
 * (a podcast feed too), and for crawlers `/robots.txt`, `/sitemap.xml` and its
 * pages `/sitemaps/{kind}-{n}.xml`. Each page reads the site once (the one
 * lookup), asks the access rule what the reader may see, signs URLs for that
 * media alone and writes HTML with template strings. What nobody else may see (an unknown
 * handle, an unpublished site, a post that is not live) falls through to the
 * app's 404 screen with status 404, and maintenance to its 503 screen, so the
 * site looks like the rest of the platform when it is not there.
 */
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Database } from '../../db/connect.ts';
import { ANONYMOUS, confirmedOrPaying, isEntitled, postAccess, waitsForEmail, type ReaderStanding } from '../access/post-access.ts';
import { readerStanding } from '../access/reader-standing.ts';
import type { ErrorCode } from '../../common/error-codes.ts';
import { looksLikeHandle } from '../../common/handles.ts';
import { SERVER_MESSAGES, SIGNUP_FIELD_MESSAGES, SIGNUP_MESSAGES } from '../../common/messages.ts';
import { listProblems, memberSignupSchema, type FieldProblem } from '../../common/validation.ts';
import type { AccountService } from '../auth/accounts.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { sessionScopeOf, type AuthLocals } from '../auth/load-session.ts';
import { contextOf } from '../http/request-context.ts';
import type { SessionCookie } from '../auth/session-cookie.ts';
import { findSiteByHandle, type Site } from '../sites/site-lookup.ts';
import { publicMediaPrefix } from '../media-urls/media-urls.ts';
import { audioEnclosure, rssXml, type FeedItem } from '../rendering/feeds.ts';
import { createSitemaps, parseSitemapPage, SITEMAP_TTL_MS } from './sitemap.ts';
import type { SiteImage } from '../rendering/home-page.ts';
import { homeHead, homeMain } from '../rendering/home-page.ts';
import { joinHead, joinMain, parseChoice, type JoinChoice, type JoinerState, type JoinPageInput, type SignupForm } from '../rendering/join-page.ts';
import type { JoinService } from './join-service.ts';
import type { LivePosts } from '../posts/live.ts';
import { answerFromCache, pageCacheKey, type PageCache } from './page-cache.ts';
import { BODY_MEDIA_TTL_MS, PUBLIC_IMAGE_TTL_MS, type LazySigner } from '../rendering/media-links.ts';
import { embeddedMediaIds, expandMediaEmbeds, imageFileFor } from '../rendering/media-html.ts';
import { renderShell, type ShellInput } from '../rendering/page-shell.ts';
import { isBot } from './page-views.ts';
import { readerOf, type PageReader } from '../reports/reader.ts';
import { isSiteSuspended, sendSuspendedPage } from '../site-standing/index.ts';
import { robotsTxt } from './robots.ts';
import type { CommentsSection } from '../messaging/post-comments.ts';
import { postDescription, postHead, postMain, readableHtml } from '../rendering/post-page.ts';
import { siteReaderOf, type SiteReader } from '../rendering/site-bar.ts';
import { siteIcon } from '../rendering/site-icon.ts';
import type { SiteAssets } from '../rendering/site-assets.ts';
import type { DesignPages } from './design-pages.ts';
import { compileDesign } from '../rendering/design/compile.ts';
import { parseDesign, type Design } from '../../common/design.ts';
import { activeSiteTiers, feedPosts, liveSitePosts, nextScheduledAt, siteIsExplicit, siteMediaByIds, sitePostBySlug, type MediaRow } from '../site-content/index.ts';
import { siteUrl } from '../sites/site-url.ts';

export interface SiteRoutesDeps {
  db: Database;
  clock: Clock;
  /** Which posts readers see now (server/posts/live.ts). */
  livePosts: LivePosts;
  appUrl: URL;
  assets: SiteAssets;
  signer: LazySigner;
  joins: JoinService;
  /** Member accounts made on the join page. */
  accounts: Pick<AccountService, 'signup'>;
  /** Whether the join page offers "Continue with Google". */
  googleSignIn: boolean;
  cookie: SessionCookie;
  maintenance: { isOn(): boolean };
  session: RequestHandler;
  sameOrigin: RequestHandler;
  setHeaders: (res: Response, inlineStyle: string) => void;
  countPageView: (siteId: string, path: string, reader: PageReader) => void;
  /** Where anonymous pages are kept once rendered (page-cache.ts). */
  pageCache: PageCache;
  /** The published design of a site, or the owner's draft in preview (design/design-pages.ts). */
  designPages: DesignPages;
  /** The comments under a post the reader may read whole, rendered (server/messaging/post-comments.ts); '' for none. */
  commentsSection?: CommentsSection;
}

/** A page an anonymous reader may be answered from the cache, and what it needs to be stored. */
interface CacheSlot {
  key: string;
  /** The cache's version before the page's first read. */
  renderedFrom: number;
  siteId: string;
  viewPath: string;
  changesAt?: Date | undefined;
}

type SiteResponse = Response<unknown, AuthLocals>;

/** Refusals of a join the page explains in words; anything else reads as "could not add you". */
const JOIN_ERRORS: readonly ErrorCode[] = ['already-subscribed', 'paid-tier-unavailable', 'stripe-unavailable', 'cannot-join-own-site', 'not-found'];

const CHOICE_REFUSED = 'That is not one of the memberships of this site. Please choose one below.';

function errorFromQuery(value: unknown): Pick<JoinPageInput, 'error'> {
  if (typeof value !== 'string') return {};
  const code = JOIN_ERRORS.find((known) => known === value);
  if (code === 'not-found') return { error: 'That membership is no longer open. Please choose another.' };
  return { error: code ? SERVER_MESSAGES[code] : 'We could not add you as a member. Please try again.' };
}

/** The sign-up schema's problems in /signup's words, under the join form's fields. */
function signupProblems(problems: readonly FieldProblem[]): SignupForm['problems'] {
  const words: SignupForm['problems'] = {};
  for (const { field, code } of problems) {
    if (field === 'fullName' || field === 'email' || field === 'password' || field === 'agreeToTerms') {
      words[field] = SIGNUP_FIELD_MESSAGES[code as keyof typeof SIGNUP_FIELD_MESSAGES] ?? SERVER_MESSAGES[code];
    }
  }
  return words;
}

/** Podcast apps ask for show artwork of at least 1400 px. */
const PODCAST_IMAGE_WIDTH = 1400;

/** The deepest page a visitor may ask for; beyond it the list is empty anyway. */
const MAX_PAGE = 10_000;

function pageNumber(value: unknown): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^[1-9]\d{0,4}$/.test(value)) return undefined;
  const page = Number(value);
  return page <= MAX_PAGE ? page : undefined;
}

export function siteRoutes(deps: SiteRoutesDeps): Router {
  const { db, clock, livePosts, appUrl, assets, signer, joins, accounts, googleSignIn, cookie, maintenance, session, sameOrigin, setHeaders, countPageView, pageCache, designPages, commentsSection } = deps;
  const router = Router();

  /** Falls through to the app's not-found screen, with its status. */
  const notFound = (res: Response, next: NextFunction) => {
    res.status(404);
    next();
  };

  /** A site by the handle in the path, or undefined (after answering 404) when nobody but its owner in preview may see it. */
  async function siteFor(req: Request, res: SiteResponse, next: NextFunction): Promise<{ site: Site; readerId?: string; preview: boolean; draftDesign: boolean } | undefined> {
    const handle = String(req.params.handle).toLowerCase();
    // A path that cannot be a handle costs no query.
    const site = looksLikeHandle(handle) ? await findSiteByHandle(db, handle) : undefined;
    const userId = res.locals.auth?.user.id;
    const isOwner = site !== undefined && userId === site.ownerId;
    // `?preview=design` is the design editor's frame: the owner's draft design, never cached.
    const draftDesign = isOwner && req.query.preview === 'design';
    const preview = (isOwner && req.query.preview === '1') || draftDesign;
    if (!site || (!site.publishedAt && !preview)) {
      notFound(res, next);
      return undefined;
    }
    if (await isSiteSuspended(db, site.id)) {
      sendSuspendedPage(res);
      return undefined;
    }
    // The studio's preview shows the owner their site as a visitor sees it: the access rule is asked for an anonymous reader.
    const asVisitor = req.query.visitor === '1';
    return { site, ...(userId && !asVisitor ? { readerId: userId } : {}), preview, draftDesign };
  }

  /**
   * Anonymous pages may sit in shared caches a minute; a signed-in reader's page, a preview
   * or a page that is never the same for two readers (`personal`) never does.
   */
  function cacheHeaders(res: SiteResponse, preview: boolean, personal = false) {
    res.vary('Cookie');
    if (preview) res.set('Cache-Control', 'private, no-store');
    else if (personal || res.locals.auth || res.getHeader('Set-Cookie') !== undefined) res.set('Cache-Control', 'private, no-cache');
    else res.set('Cache-Control', 'public, max-age=60');
  }

  /** Whether this answer may be kept for every anonymous reader: no session, no preview, no cookie set. */
  function anonymousKey(req: Request, res: SiteResponse, preview: boolean): string | undefined {
    return preview || res.locals.auth ? undefined : pageCacheKey(req);
  }

  /**
   * Every header is set before the body goes: a header after it would throw and cut the connection.
   * A `personal` page (one that differs per reader) is never kept by a shared cache.
   */
  async function sendPage(req: Request, res: SiteResponse, input: ShellInput, preview: boolean, options: { slot?: CacheSlot; personal?: boolean } = {}) {
    const { slot, personal = false } = options;
    const { html, inlineStyle } = renderShell({ ...input, previewBanner: preview, head: preview ? { ...input.head, noindex: true } : input.head });
    setHeaders(res, inlineStyle);
    cacheHeaders(res, preview, personal);
    res.type('html');
    if (!slot || res.getHeader('Set-Cookie') !== undefined || res.statusCode !== 200) {
      res.send(html);
      return;
    }
    const { key, renderedFrom, ...page } = slot;
    answerFromCache(req, res, await pageCache.store(key, renderedFrom, { ...page, html, headers: res.getHeaders() }));
  }

  function shouldCount(req: Request, site: Site, userId: string | undefined, preview: boolean): boolean {
    return req.method === 'GET' && !preview && userId !== site.ownerId && !isBot(req.get('user-agent'));
  }

  function signedInId(res: SiteResponse): string | undefined {
    return res.locals.auth?.user.id;
  }

  /** Back from joining: a welcome once the membership opens the site, a thank-you while Stripe confirms it. */
  function welcomeOf(reader: SiteReader, standing: ReaderStanding): 'member' | 'confirm' | 'pending' | undefined {
    if (reader === 'owner' || reader === 'signed-out') return undefined;
    if (reader !== 'member') return 'pending';
    return standing.membership && !confirmedOrPaying(standing.membership) ? 'confirm' : 'member';
  }

  const pass = (handler: (req: Request, res: SiteResponse, next: NextFunction) => Promise<void>): RequestHandler =>
    async function sitePage(req, res, next) {
      if (maintenance.isOn()) return next();
      await handler(req, res, next);
    };

  async function siteImage(site: Site, id: string | null, images: ReadonlyMap<string, MediaRow>): Promise<SiteImage | undefined> {
    const item = id ? images.get(id) : undefined;
    if (!item || item.kind !== 'image') return undefined;
    return { item, prefix: (await signer()).prefix(item.id, PUBLIC_IMAGE_TTL_MS) };
  }

  /** The home page; `posted` is the editor's unsaved draft, rendered for its owner alone (POST below). */
  async function sendHome(req: Request, res: SiteResponse, next: NextFunction, posted?: Design) {
    const renderedFrom = pageCache.version();
    const page = pageNumber(req.query.page);
    const found = await siteFor(req, res, next);
    if (!found) return;
    const { site, readerId, preview } = found;
    if (page === undefined) return notFound(res, next);
    const now = clock();
    const key = anonymousKey(req, res, preview);
    const siteImageIds = [site.bannerMediaId, site.avatarMediaId].filter((id): id is string => id !== null);
    // A designed home shows its own number of latest posts; page 2 goes on from there.
    const compiled = posted ? compileDesign(posted) : await designPages.designFor(site, found.draftDesign);
    const extras = compiled ? designPages.extras(compiled, site, page, livePosts(now)) : undefined;
    const [{ posts, hasOlder }, images, standing, changesAt] = await Promise.all([
      liveSitePosts(db, site.id, livePosts(now), page, compiled?.latestCount || undefined),
      siteMediaByIds(db, site.id, siteImageIds),
      readerStanding(db, site, readerId),
      // A kept home page must go when a scheduled post goes live, which no write announces.
      key === undefined ? undefined : nextScheduledAt(db, site.id, now),
    ]);
    if (page > 1 && posts.length === 0) return notFound(res, next);
    const [banner, avatar] = await Promise.all([siteImage(site, site.bannerMediaId, images), siteImage(site, site.avatarMediaId, images)]);
    const reader = siteReaderOf(readerId, standing, now);
    const welcome = req.query.joined === '1' ? welcomeOf(reader, standing) : undefined;
    const input = { site, reader, ...(banner ? { banner } : {}), ...(avatar ? { avatar } : {}), ...(welcome ? { welcome } : {}), posts, page, hasOlder, appUrl };
    const viewPath = page === 1 ? '/' : `/?page=${page}`;
    const slot = key === undefined ? undefined : { key, renderedFrom, siteId: site.id, viewPath, changesAt };
    const designed = compiled && extras ? await designPages.home(compiled, input, await extras) : undefined;
    const shell = designed
      ? { head: designed.head, site, main: designed.main, assets, reader, icon: siteIcon(avatar), design: designed.design, hasVideo: designed.hasVideo }
      : { head: homeHead(input), site, main: homeMain(input), assets, reader, icon: siteIcon(avatar) };
    await sendPage(req, res, shell, preview, { slot });
    if (shouldCount(req, site, signedInId(res), preview)) countPageView(site.id, viewPath, readerOf(req));
  }

  router.get('/@:handle', session, pass((req, res, next) => sendHome(req, res, next)));

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
    pass(async (req, res, next) => {
      const found = req.query.preview === 'design' ? await siteFor(req, res, next) : undefined;
      if (!found?.draftDesign) {
        // siteFor has answered already when there is no such page at all.
        if (found || req.query.preview !== 'design') notFound(res, next);
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

  router.get(
    '/@:handle/posts/:slug',
    session,
    pass(async (req, res, next) => {
      const renderedFrom = pageCache.version();
      const found = await siteFor(req, res, next);
      if (!found) return;
      const { site, readerId, preview } = found;
      const now = clock();
      const [post, standing] = await Promise.all([sitePostBySlug(db, site.id, String(req.params.slug), livePosts(now)), readerStanding(db, site, readerId)]);
      // A draft, a scheduled post before its time or held by the plan is the 404 to all but its owner in preview.
      if (!post || (!post.live && !preview)) return notFound(res, next);
      const access = postAccess(post, standing, now);
      const reader = siteReaderOf(readerId, standing, now);
      const readable = readableHtml(post, access);
      const siteImageIds = [post.coverMediaId, site.avatarMediaId].filter((id): id is string => id !== null);
      const media = await siteMediaByIds(db, site.id, [...embeddedMediaIds(readable), ...siteImageIds]);
      const urls = await signer();
      const [cover, avatar] = await Promise.all([siteImage(site, post.coverMediaId, media), siteImage(site, site.avatarMediaId, media)]);
      const confirmEmail = waitsForEmail(post, standing, now);
      const input = { site, post, access, reader, confirmEmail, ...(cover ? { cover } : {}), media, prefixOf: (id: string) => urls.prefix(id, BODY_MEDIA_TTL_MS), appUrl };
      const hasVideo = [...media.values()].some((item) => item.kind === 'video' && item.derived.hls);
      const comments = access === 'whole' && post.live && commentsSection ? await commentsSection({ site, post, standing, readerId, query: req.query }) : '';
      const viewPath = `/posts/${post.slug}`;
      const key = anonymousKey(req, res, preview);
      const slot = key === undefined ? undefined : { key, renderedFrom, siteId: site.id, viewPath };
      const design = await designPages.chrome(site, await designPages.designFor(site, found.draftDesign));
      await sendPage(req, res, { head: postHead(input), site, main: postMain(input) + comments, assets, hasVideo, hasTalk: comments !== '', reader, icon: siteIcon(avatar), design }, preview, { slot });
      if (shouldCount(req, site, signedInId(res), preview)) countPageView(site.id, viewPath, readerOf(req));
    }),
  );

  router.get(
    '/@:handle/rss.xml',
    session,
    pass(async (req, res, next) => {
      const found = await siteFor(req, res, next);
      if (!found || found.preview) return;
      const { site, readerId } = found;
      const now = clock();
      const [posts, standing, explicit] = await Promise.all([feedPosts(db, site.id, livePosts(now)), readerStanding(db, site, readerId), siteIsExplicit(db, site)]);
      const readableById = new Map(posts.map((post) => [post.id, postAccess(post, standing, now) === 'whole' ? readableHtml(post, 'whole') : undefined]));
      const ids = [...readableById.values()].flatMap((html) => (html ? embeddedMediaIds(html) : []));
      const media = await siteMediaByIds(db, site.id, [...ids, ...(site.avatarMediaId ? [site.avatarMediaId] : [])]);
      const urls = await signer();
      // A public post's files have stable URLs, which a podcast app can still fetch days later; what only this reader may see stays signed.
      const stablePrefix = (id: string) => `${appUrl.origin}${publicMediaPrefix(id)}`;
      const signedPrefix = (id: string) => `${appUrl.origin}${urls.prefix(id, BODY_MEDIA_TTL_MS)}`;
      const items: FeedItem[] = posts.map((post) => {
        const url = siteUrl(site, appUrl, `/posts/${encodeURIComponent(post.slug)}`);
        const base = { title: post.title, url, guid: { value: url, permaLink: true }, publishedAt: post.publishedAt, summary: postDescription(post) };
        const whole = readableById.get(post.id);
        // A gated item: title, link and summary only (issue 9, item 7).
        if (whole === undefined) return base;
        const prefixOf = postAccess(post, ANONYMOUS, now) === 'whole' ? stablePrefix : signedPrefix;
        const enclosure = audioEnclosure(whole, media, prefixOf);
        return { ...base, html: expandMediaEmbeds(whole, media, prefixOf), ...(enclosure ? { enclosure } : {}) };
      });
      const avatar = site.avatarMediaId ? media.get(site.avatarMediaId) : undefined;
      const imageUrl = avatar?.kind === 'image' ? `${stablePrefix(avatar.id)}/${imageFileFor(avatar, PODCAST_IMAGE_WIDTH).file}` : undefined;
      res.set({ 'Content-Type': 'application/rss+xml; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      cacheHeaders(res, false);
      const selfUrl = siteUrl(site, appUrl, '/rss.xml');
      res.send(rssXml({ site, appUrl, selfUrl, ...(imageUrl ? { imageUrl } : {}), explicit, private: false, items }));
    }),
  );

  router.get(
    '/@:handle/join',
    session,
    pass(async (req, res, next) => {
      const found = await siteFor(req, res, next);
      if (!found) return;
      const tierId = typeof req.query.tier === 'string' ? req.query.tier : '';
      const cadence = req.query.cadence === 'year' ? 'year' : 'month';
      const choice = parseChoice(`${tierId}:${cadence}`);
      await sendJoinPage(req, res, found, { ...(choice ? { choice } : {}), ...errorFromQuery(req.query.error) });
      // The join page's views are the denominator of the reports' conversion.
      if (shouldCount(req, found.site, signedInId(res), found.preview)) countPageView(found.site.id, '/join', readerOf(req));
    }),
  );

  async function sendJoinPage(req: Request, res: SiteResponse, found: { site: Site; readerId?: string; preview: boolean; draftDesign: boolean }, extra: Pick<JoinPageInput, 'choice' | 'signup' | 'error'>) {
    const { site, readerId, preview } = found;
    const [tiers, standing, images] = await Promise.all([
      activeSiteTiers(db, site.id),
      readerStanding(db, site, readerId),
      siteMediaByIds(db, site.id, site.avatarMediaId ? [site.avatarMediaId] : []),
    ]);
    const avatar = await siteImage(site, site.avatarMediaId, images);
    const now = clock();
    const joiner: JoinerState = !readerId ? 'signed-out' : standing.isOwner ? 'owner' : 'signed-in';
    const membership = standing.membership;
    const current = membership && isEntitled(membership, now) ? { tierId: membership.tierId, paying: membership.tierType === 'paid' } : undefined;
    const input: JoinPageInput = { site, tiers, joiner, ...(current ? { current } : {}), ...extra, googleSignIn, appUrl };
    const design = await designPages.chrome(site, await designPages.designFor(site, found.draftDesign));
    // The page differs per reader and carries a form: never from a shared cache.
    await sendPage(req, res, { head: joinHead(input), site, main: joinMain(input), assets, hideJoin: true, reader: siteReaderOf(readerId, standing, now), icon: siteIcon(avatar), design }, preview, { personal: true });
  }

  /** A choice that names no tier at all (a tier id that is no UUID): the page again, as a 400, asking for one of its own. */
  async function refuseChoice(req: Request, res: SiteResponse, next: NextFunction) {
    const found = await siteFor(req, res, next);
    if (!found) return;
    res.status(400);
    await sendJoinPage(req, res, found, { error: CHOICE_REFUSED });
  }

  /** Where a join goes next: Checkout for a paid tier, the site with its welcome for a free one. */
  async function joinAndGo(res: SiteResponse, handle: string, userId: string, choice: JoinChoice) {
    try {
      const answer = await joins.join(handle, userId, choice.tierId, choice.cadence);
      res.redirect(303, 'checkoutUrl' in answer ? answer.checkoutUrl : `/@${handle}?joined=1`);
    } catch (error) {
      // Stripe unreachable is a 502 the page still explains; any other 5xx is ours and goes to the error screen.
      if (!(error instanceof AppError) || (error.status >= 500 && !JOIN_ERRORS.includes(error.code))) throw error;
      res.redirect(303, `/@${handle}/join?error=${JOIN_ERRORS.includes(error.code) ? error.code : 'failed'}`);
    }
  }

  router.post(
    '/@:handle/join',
    sameOrigin,
    session,
    express.urlencoded({ extended: false, limit: '2kb' }),
    pass(async (req, res, next) => {
      const handle = String(req.params.handle).toLowerCase();
      const userId = res.locals.auth?.user.id;
      if (!userId) return res.redirect(303, `/login?next=${encodeURIComponent(`/@${handle}/join`)}`);
      const { tierId, cadence } = (req.body ?? {}) as { tierId?: unknown; cadence?: unknown };
      const choice = parseChoice(`${String(tierId)}:${cadence === 'year' ? 'year' : 'month'}`);
      if (!choice) return refuseChoice(req, res, next);
      await joinAndGo(res, handle, userId, choice);
    }),
  );

  router.post(
    '/@:handle/join/signup',
    sameOrigin,
    session,
    express.urlencoded({ extended: false, limit: '4kb' }),
    pass(async (req, res, next) => {
      const found = await siteFor(req, res, next);
      if (!found) return;
      const { site } = found;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const choice = parseChoice(body.choice);
      // Already signed in (another tab, the back button): the one-click join.
      if (res.locals.auth) {
        if (!choice) return refuseChoice(req, res, next);
        return joinAndGo(res, site.handle, res.locals.auth.user.id, choice);
      }
      const typed = { fullName: typeof body.fullName === 'string' ? body.fullName : '', email: typeof body.email === 'string' ? body.email : '' };
      const parsed = memberSignupSchema.safeParse({ ...typed, password: body.password, agreeToTerms: body.agreeToTerms === 'on' });
      const problems: SignupForm['problems'] = parsed.success ? {} : signupProblems(listProblems(parsed.error));
      if (!choice) problems.choice = 'Choose a membership.';
      if (!parsed.success || !choice) {
        res.status(400);
        return sendJoinPage(req, res, found, { ...(choice ? { choice } : {}), signup: { ...typed, problems } });
      }
      try {
        const signedIn = await accounts.signup({ ...parsed.data, role: 'member', siteId: site.id }, contextOf(req), sessionScopeOf(res));
        cookie.set(res, signedIn.session.token, signedIn.session.expiresAt);
        await joinAndGo(res, site.handle, signedIn.user.id, choice);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500 || error.status === 429) throw error;
        res.status(error.status);
        const field = error.field === 'email' || error.field === 'password' ? error.field : 'email';
        return sendJoinPage(req, res, found, { choice, signup: { ...typed, problems: { [field]: SIGNUP_MESSAGES[error.code as keyof typeof SIGNUP_MESSAGES] ?? error.message } } });
      }
    }),
  );

  const robots = robotsTxt(appUrl);
  router.get('/robots.txt', (_req, res) => {
    res.set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }).send(robots);
  });

  const sitemaps = createSitemaps({ db, clock, livePosts, appUrl });
  const sendXml = (res: Response, xml: string) => {
    res.set({ 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': `public, max-age=${SITEMAP_TTL_MS / 1000}`, 'X-Content-Type-Options': 'nosniff' });
    res.send(xml);
  };

  router.get(
    '/sitemap.xml',
    pass(async (_req, res) => {
      sendXml(res, await sitemaps.index());
    }),
  );

  router.get(
    '/sitemaps/:name',
    pass(async (req, res, next) => {
      const wanted = parseSitemapPage(String(req.params.name));
      const xml = wanted ? await sitemaps.page(wanted.kind, wanted.page) : undefined;
      if (xml === undefined) return notFound(res, next);
      sendXml(res, xml);
    }),
  );

  return router;
}
