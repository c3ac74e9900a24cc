/**
 * The site's own sign-in and the pages its mailed links open
 * (docs/decisions/152). `/@{handle}/sign-in` (`/sign-in` on the site's domain)
 * asks for an e-mail and mails a sign-in link bound to the site, answering
 * the same whether the address has an account or not. A mailed link, of a
 * join or of a sign-in, opens a page in the site's frame with one "Continue"
 * button; only its same-origin POST uses the token, so a mail scanner's GET
 * spends nothing and a link an attacker mails to someone signs nobody in
 * unasked. The session is made where the link is used (its domain, or the platform).
 */
import express, { type Request, type Router } from 'express';
import { emailJoinSchema } from '../../common/validation.ts';
import { LinkRefusedError, sessionScopeOf } from '../auth/index.ts';
import { AppError } from '../errors.ts';
import { contextOf } from '../http/index.ts';
import { framedHead, linkContinueMain, sameSitePath, signInMain, siteIcon, siteReaderOf, type JoinLinkProblem, type LinkKind } from '../rendering/index.ts';
import type { FoundSite, SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

const LINK_PROBLEMS: readonly JoinLinkProblem[] = ['used', 'expired', 'unknown'];

/** The mail limit (one a minute per address, a few a day), in the page's words. */
const TOO_SOON = 'We have just sent a link to this address. Please wait a minute, then ask again.';

/** What following a link of each kind does once its token is used; `refused` is where a refused link goes, with its reason. */
interface MailedLinkKind {
  kind: LinkKind;
  purpose: 'join-site' | 'sign-in';
  after: (site: FoundSite['site'], userId: string) => Promise<string>;
  refused: (site: FoundSite['site'], reason: JoinLinkProblem) => string;
}

export function createSignInRoutes(router: Router, deps: SiteRoutesDeps, pages: SitePage) {
  const { content, clock, appUrl, assets, links, cookie, session, sameOrigin, designPages } = deps;

  /** A page of this file in the site's frame; never cached (it differs per reader, or carries a token). */
  async function sendFramed(req: Request, res: SiteResponse, found: FoundSite, path: string, title: string, main: string) {
    const { site, readerId, preview } = found;
    const [standing, images] = await Promise.all([content.readerStanding(site, readerId), content.mediaByIds(site.id, site.avatarMediaId ? [site.avatarMediaId] : [])]);
    const avatar = await pages.siteImage(site.avatarMediaId, images, site.publishedAt !== null);
    const design = await designPages.chrome(site, await designPages.designFor(site, found.draftDesign));
    await pages.sendPage(req, res, { head: framedHead(site, appUrl, path, title), site, main, assets, reader: siteReaderOf(readerId, standing, clock()), icon: siteIcon(avatar), design }, preview, { personal: true });
  }

  /** GET shows the page with "Continue" (the token unused); POST, from this origin only, uses it. */
  function mailedLink(path: string, link: MailedLinkKind) {
    router.get(
      `/@:handle${path}`,
      session,
      pages.pass(async (req, res, next) => {
        // The token is in the address: a redirect passes it to nobody (the page itself answers same-origin, site-headers.ts).
        res.set('Referrer-Policy', 'no-referrer');
        const found = await pages.siteFor(req, res, next);
        if (!found) return;
        const token = typeof req.query.token === 'string' ? req.query.token : '';
        try {
          const { email } = await links.checkLink({ token, purpose: link.purpose, siteId: found.site.id });
          await sendFramed(req, res, found, path, link.kind === 'join' ? `Join ${found.site.title}` : 'Sign in', linkContinueMain({ site: found.site, email, token, kind: link.kind }));
        } catch (error) {
          if (!(error instanceof LinkRefusedError)) throw error;
          res.redirect(303, link.refused(found.site, error.reason));
        }
      }),
    );

    router.post(
      `/@:handle${path}`,
      sameOrigin,
      session,
      express.urlencoded({ extended: false, limit: '2kb' }),
      pages.pass(async (req, res, next) => {
        res.set('Referrer-Policy', 'no-referrer');
        const found = await pages.siteFor(req, res, next);
        if (!found) return;
        const { site } = found;
        const body = (req.body ?? {}) as Record<string, unknown>;
        const token = typeof body.token === 'string' ? body.token : '';
        try {
          const signedIn = await links.useLink({ token, purpose: link.purpose, siteId: site.id, context: contextOf(req), scope: sessionScopeOf(res) });
          cookie.set(res, signedIn.session.token, signedIn.session.expiresAt);
          res.redirect(303, await link.after(site, signedIn.user.id));
        } catch (error) {
          if (!(error instanceof LinkRefusedError)) throw error;
          res.redirect(303, link.refused(site, error.reason));
        }
      }),
    );
  }

  async function sendSignIn(req: Request, res: SiteResponse, found: FoundSite, input: Omit<Parameters<typeof signInMain>[0], 'site'>) {
    await sendFramed(req, res, found, '/sign-in', 'Sign in', signInMain({ site: found.site, ...input }));
  }

  router.get(
    '/@:handle/sign-in',
    session,
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      // Already signed in on this site: nothing to ask.
      if (found.readerId) return res.redirect(303, `/@${found.site.handle}`);
      const linkProblem = LINK_PROBLEMS.find((known) => known === req.query.link);
      const back = sameSitePath(found.site, req.query.next);
      await sendSignIn(req, res, found, { ...(linkProblem ? { linkProblem } : {}), ...(req.query.verified === '1' ? { verified: true } : {}), ...(back ? { next: back } : {}) });
    }),
  );

  router.post(
    '/@:handle/sign-in',
    sameOrigin,
    session,
    express.urlencoded({ extended: false, limit: '2kb' }),
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      if (found.readerId) return res.redirect(303, `/@${found.site.handle}`);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const typed = typeof body.email === 'string' ? body.email : '';
      const parsed = emailJoinSchema.safeParse({ email: typed });
      if (!parsed.success) {
        res.status(400);
        return sendSignIn(req, res, found, { email: typed, problem: 'Enter a valid email address.' });
      }
      try {
        // Mailed only to an account that exists and is not disabled; the page is the same either way.
        await links.mailLink({ email: parsed.data.email, siteId: found.site.id, template: 'site-sign-in', context: contextOf(req) });
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 429) throw error;
        res.status(429);
        return sendSignIn(req, res, found, { email: parsed.data.email, problem: TOO_SOON });
      }
      await sendSignIn(req, res, found, { email: parsed.data.email, sent: true });
    }),
  );

  mailedLink('/sign-in/confirm', {
    kind: 'sign-in',
    purpose: 'sign-in',
    after: async (site) => `/@${site.handle}`,
    refused: (site, reason) => `/@${site.handle}/sign-in?link=${reason}`,
  });

  return mailedLink;
}

export type MailedLinkRoutes = ReturnType<typeof createSignInRoutes>;
