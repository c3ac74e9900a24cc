/**
 * `/@{handle}/account` and its two forms (a new feed link; leaving), plain
 * HTML forms that answer 303 so the page works without JavaScript. A new feed
 * link is carried to the page in a one-minute cookie scoped to that page,
 * never in a URL: URLs end up in histories and logs.
 */
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Database } from '../../db/connect.ts';
import type { AuthLocals, UserRow } from '../auth/index.ts';
import type { DesignPages } from '../public-site/index.ts';
import { renderShell, type ShellInput, type SiteAssets, type SiteReader } from '../rendering/index.ts';
import { findSiteByHandle, siteUrl, type Site } from '../sites/index.ts';
import { memberNameSchema } from '../../common/validation.ts';
import { AppError } from '../errors.ts';
import { accountHead, accountMain, type AccountNotice, type AccountPurchase } from './account-page.ts';
import type { MemberAccountService } from './member-account-service.ts';
import { isSiteSuspended, sendSuspendedPage } from '../site-standing/index.ts';

const FLASH_COOKIE = 'feed_link';
const FLASH_MAX_AGE_MS = 60_000;
const NOTICES: readonly AccountNotice[] = ['left', 'new-feed', 'billing-failed', 'emails-on', 'emails-off', 'name-saved', 'name-refused'];

export interface AccountRoutesDeps {
  db: Database;
  accounts: MemberAccountService;
  appUrl: URL;
  assets: SiteAssets;
  maintenance: { isOn(): boolean };
  session: RequestHandler;
  sameOrigin: RequestHandler;
  designPages: DesignPages;
  /** The public site's security headers, with the form target the billing portal needs. */
  setHeaders: (res: Response, inlineStyle: string) => void;
  /** The member's conversation with the creator (server/messaging/account-messages.ts), rendered below the membership. */
  messagesSection?: (site: Site, userId: string, req: Request) => Promise<string>;
  /** The member's products bought on this site, each file with a fresh signed link. */
  purchases?: (siteId: string, userId: string) => Promise<AccountPurchase[]>;
  /** The member's own rights, "Your data" and "Delete my account" (account-rights-page.ts), below the rest. */
  rightsSection: (site: Site, user: UserRow, req: Request) => Promise<string>;
  /** Ends the request's session, if any, and clears its cookie: the page's "Sign out". */
  signOut: (req: Request, res: PageResponse) => Promise<void>;
}

type PageResponse = Response<unknown, AuthLocals>;

function flashOf(req: Request): string | undefined {
  const pair = (req.headers.cookie ?? '').split(/;\s*/).find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  return pair?.slice(FLASH_COOKIE.length + 1) || undefined;
}

export function accountRoutes({ db, accounts, appUrl, assets, maintenance, session, sameOrigin, setHeaders, designPages, messagesSection, purchases, rightsSection, signOut }: AccountRoutesDeps): Router {
  const router = Router();
  const cookiePath = (site: Site) => `/@${site.handle}/account`;
  /** The account page's own path as the browser sees it: at the root of a custom domain, under `/@{handle}` on the platform. */
  const cookieOptions = (site: Site, res: Response) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: appUrl.protocol === 'https:',
    path: (res.locals as { customDomain?: string }).customDomain ? '/account' : cookiePath(site),
  });

  /** The published site, the signed-in user and whether the site is suspended; otherwise the 404 screen or the sign-in page (coming back here). */
  async function context(req: Request, res: PageResponse, next: NextFunction): Promise<{ site: Site; userId: string; suspended: boolean } | undefined> {
    if (maintenance.isOn()) {
      next();
      return undefined;
    }
    const site = await findSiteByHandle(db, String(req.params.handle));
    if (!site?.publishedAt) {
      res.status(404);
      next();
      return undefined;
    }
    const userId = res.locals.auth?.user.id;
    if (!userId) {
      // The site's own sign-in, in its frame, which a member who joined by a mailed link (no password) can use.
      res.redirect(303, `/@${site.handle}/sign-in`);
      return undefined;
    }
    return { site, userId, suspended: await isSiteSuspended(db, site.id) };
  }

  /** What only an open site does (a feed link, e-mails): a suspended one answers 410 instead. */
  async function openContext(req: Request, res: PageResponse, next: NextFunction) {
    const found = await context(req, res, next);
    if (found?.suspended) sendSuspendedPage(res);
    return found?.suspended ? undefined : found;
  }

  router.get('/@:handle/account', session, async (req, res: PageResponse, next) => {
    const found = await context(req, res, next);
    if (!found) return;
    const { site, userId, suspended } = found;
    if (suspended) return sendSuspendedAccount(req, res, site, userId);
    const token = flashOf(req);
    if (token) res.clearCookie(FLASH_COOKIE, cookieOptions(site, res));
    const account = await accounts.account(site, userId);
    const notice = NOTICES.find((candidate) => candidate === req.query.notice);
    const input = {
      site,
      appUrl,
      account,
      ...(token && account?.entitled ? { feedUrl: siteUrl(site, appUrl, `/feed/${token}.xml`) } : {}),
      confirmLeave: req.query.leave === '1',
      ...(notice ? { notice } : {}),
      messagesHtml: userId === site.ownerId || !messagesSection ? '' : await messagesSection(site, userId, req),
      purchases: purchases ? await purchases(site.id, userId) : [],
      signedInAs: res.locals.auth!.user.email,
      name: res.locals.auth!.user.fullName,
      rightsHtml: await rightsSection(site, res.locals.auth!.user, req),
    };
    const reader: SiteReader = userId === site.ownerId ? 'owner' : !account ? 'signed-in' : account.entitled ? 'member' : 'lapsed';
    const design = await designPages.chrome(site, await designPages.designFor(site, false));
    const shell: ShellInput = { head: accountHead(input), site, main: accountMain(input), assets, reader, design, hasTalk: input.messagesHtml !== '' };
    const { html, inlineStyle } = renderShell(shell);
    setHeaders(res, inlineStyle);
    // The page can carry the member's feed link: never stored anywhere.
    res.set('Cache-Control', 'private, no-store').type('html').send(html);
  });

  /**
   * A suspended site's account page (410): the membership, and the ways to stop
   * paying or leave, in the platform's look; nothing of the site's (docs/decisions/124).
   */
  async function sendSuspendedAccount(req: Request, res: PageResponse, site: Site, userId: string) {
    const account = await accounts.account(site, userId);
    const notice = NOTICES.find((candidate) => candidate === req.query.notice);
    const input = { site, appUrl, account, confirmLeave: req.query.leave === '1', suspended: true, signedInAs: res.locals.auth!.user.email, rightsHtml: await rightsSection(site, res.locals.auth!.user, req), ...(notice ? { notice } : {}) };
    const reader: SiteReader = userId === site.ownerId ? 'owner' : !account ? 'signed-in' : account.entitled ? 'member' : 'lapsed';
    const { html, inlineStyle } = renderShell({ head: accountHead(input), site, main: accountMain(input), assets, reader, hideJoin: true });
    setHeaders(res, inlineStyle);
    res.status(410).set('Cache-Control', 'private, no-store').type('html').send(html);
  }

  const form = express.urlencoded({ extended: false, limit: '1kb' });

  router.post('/@:handle/account/feed-link', sameOrigin, session, form, async (req, res: PageResponse, next) => {
    const found = await openContext(req, res, next);
    if (!found) return;
    const url = await accounts.rotateFeedToken(found.site, found.userId).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    });
    if (url) {
      const token = url.slice(url.lastIndexOf('/') + 1, -'.xml'.length);
      res.cookie(FLASH_COOKIE, token, { ...cookieOptions(found.site, res), maxAge: FLASH_MAX_AGE_MS });
    }
    res.redirect(303, `${cookiePath(found.site)}${url ? '?notice=new-feed' : ''}`);
  });

  router.post('/@:handle/account/emails', sameOrigin, session, form, async (req, res: PageResponse, next) => {
    const found = await openContext(req, res, next);
    if (!found) return;
    const on = (req.body as { on?: unknown }).on === '1';
    await accounts.setNewsletters(found.site, found.userId, on);
    res.redirect(303, `${cookiePath(found.site)}?notice=${on ? 'emails-on' : 'emails-off'}`);
  });

  router.post('/@:handle/account/name', sameOrigin, session, form, async (req, res: PageResponse, next) => {
    const found = await openContext(req, res, next);
    if (!found) return;
    const parsed = memberNameSchema.safeParse({ fullName: (req.body as { fullName?: unknown }).fullName });
    if (parsed.success) await accounts.setName(found.userId, parsed.data.fullName);
    res.redirect(303, `${cookiePath(found.site)}?notice=${parsed.success ? 'name-saved' : 'name-refused'}`);
  });

  router.post('/@:handle/account/leave', sameOrigin, session, form, async (req, res: PageResponse, next) => {
    const found = await context(req, res, next);
    if (!found) return;
    await accounts.leave(found.site, found.userId).catch((error: unknown) => {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
    });
    res.redirect(303, `${cookiePath(found.site)}?notice=left`);
  });

  /** Ends this session (on a custom domain, the one bound to it) and goes to the site's home page; works signed out too, and on a suspended site. */
  router.post('/@:handle/account/sign-out', sameOrigin, session, form, async (req, res: PageResponse) => {
    await signOut(req, res);
    const site = await findSiteByHandle(db, String(req.params.handle));
    const onDomain = Boolean((res.locals as { customDomain?: string }).customDomain);
    res.redirect(303, onDomain || !site ? '/' : `/@${site.handle}`);
  });

  return router;
}
