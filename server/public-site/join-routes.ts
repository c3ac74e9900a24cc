/**
 * `/@{handle}/join`: the join page, the one-click join of a signed-in reader
 * (`POST /@{handle}/join`), the one-field join of a visitor
 * (`POST /@{handle}/join/signup` with an e-mail address: the link is mailed
 * and the page says "Check your inbox"; a paid choice goes on to Checkout),
 * and the mailed link itself (`/@{handle}/join/confirm?token=`: a page with
 * "Continue", whose POST joins the free tier and signs in; docs/decisions/145, 152). All plain forms that
 * work with JavaScript off; a refusal comes back as the page in the site's words.
 */
import express, { type NextFunction, type Request, type Router } from 'express';
import type { ErrorCode } from '../../common/error-codes.ts';
import { SERVER_MESSAGES, SIGNUP_FIELD_MESSAGES } from '../../common/messages.ts';
import { emailJoinSchema, listProblems } from '../../common/validation.ts';
import { isEntitled } from '../access/index.ts';
import { AppError } from '../errors.ts';
import { contextOf } from '../http/index.ts';
import { joinHead, joinMain, parseChoice, siteIcon, siteReaderOf, type JoinChoice, type JoinerState, type JoinLinkProblem, type JoinPageInput } from '../rendering/index.ts';
import { readerOf } from '../reports/index.ts';
import type { MailedLinkRoutes } from './sign-in-routes.ts';
import type { FoundSite, SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

/** Refusals of a join the page explains in words; anything else reads as "could not add you". */
const JOIN_ERRORS: readonly ErrorCode[] = ['already-subscribed', 'paid-tier-unavailable', 'stripe-unavailable', 'cannot-join-own-site', 'not-found'];

const LINK_PROBLEMS: readonly JoinLinkProblem[] = ['used', 'expired', 'unknown'];

/** The mail limit (one a minute per address, a few a day) in the join's words. */
const TOO_SOON = 'We have just sent a link to this address. Please wait a minute, then ask again.';

const CHOICE_REFUSED = 'That is not one of the memberships of this site. Please choose one below.';

function errorFromQuery(value: unknown): Pick<JoinPageInput, 'error'> {
  if (typeof value !== 'string') return {};
  const code = JOIN_ERRORS.find((known) => known === value);
  if (code === 'not-found') return { error: 'That membership is no longer open. Please choose another.' };
  return { error: code ? SERVER_MESSAGES[code] : 'We could not add you as a member. Please try again.' };
}

/** The address's problem in the sign-up form's words. */
function emailProblem(code: string): string {
  return SIGNUP_FIELD_MESSAGES[code as keyof typeof SIGNUP_FIELD_MESSAGES] ?? SERVER_MESSAGES[code as ErrorCode] ?? 'Enter a valid email address.';
}

export function joinRoutes(router: Router, deps: SiteRoutesDeps, pages: SitePage, mailedLink: MailedLinkRoutes): void {
  const { content, clock, appUrl, assets, joins, links, googleSignIn, session, sameOrigin, countPageView, designPages } = deps;

  router.get(
    '/@:handle/join',
    session,
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const tierId = typeof req.query.tier === 'string' ? req.query.tier : '';
      const cadence = req.query.cadence === 'year' ? 'year' : 'month';
      const choice = parseChoice(`${tierId}:${cadence}`);
      const linkProblem = LINK_PROBLEMS.find((known) => known === req.query.link);
      await sendJoinPage(req, res, found, { ...(choice ? { choice } : {}), ...errorFromQuery(req.query.error), ...(linkProblem ? { linkProblem } : {}) });
      // The join page's views are the denominator of the reports' conversion.
      if (pages.shouldCount(req, res, found.site, found.preview)) countPageView(found.site.id, '/join', readerOf(req));
    }),
  );

  async function sendJoinPage(req: Request, res: SiteResponse, found: FoundSite, extra: Pick<JoinPageInput, 'choice' | 'signup' | 'error' | 'sent' | 'linkProblem'>) {
    const { site, readerId, preview } = found;
    const [tiers, standing, images] = await Promise.all([
      content.tiers(site.id),
      content.readerStanding(site, readerId),
      content.mediaByIds(site.id, site.avatarMediaId ? [site.avatarMediaId] : []),
    ]);
    const avatar = await pages.siteImage(site.avatarMediaId, images, site.publishedAt !== null);
    const now = clock();
    const joiner: JoinerState = !readerId ? 'signed-out' : standing.isOwner ? 'owner' : 'signed-in';
    const membership = standing.membership;
    const current = membership && isEntitled(membership, now) ? { tierId: membership.tierId, paying: membership.tierType === 'paid' } : undefined;
    const input: JoinPageInput = { site, tiers, joiner, ...(current ? { current } : {}), ...extra, googleSignIn, appUrl };
    const design = await designPages.chrome(site, await designPages.designFor(site, found.draftDesign));
    // The page differs per reader and carries a form: never from a shared cache.
    await pages.sendPage(req, res, { head: joinHead(input), site, main: joinMain(input), assets, hideJoin: true, reader: siteReaderOf(readerId, standing, now), icon: siteIcon(avatar), design }, preview, { personal: true });
  }

  /** A choice that names no tier at all (a tier id that is no UUID): the page again, as a 400, asking for one of its own. */
  async function refuseChoice(req: Request, res: SiteResponse, next: NextFunction) {
    const found = await pages.siteFor(req, res, next);
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
    pages.pass(async (req, res, next) => {
      const handle = String(req.params.handle).toLowerCase();
      const userId = res.locals.auth?.user.id;
      if (!userId) return res.redirect(303, `/@${handle}/sign-in`);
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
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const { site } = found;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const choice = parseChoice(body.choice);
      // Already signed in (another tab, the back button): the one-click join.
      if (res.locals.auth) {
        if (!choice) return refuseChoice(req, res, next);
        return joinAndGo(res, site.handle, res.locals.auth.user.id, choice);
      }
      const typed = typeof body.email === 'string' ? body.email : '';
      const parsed = emailJoinSchema.safeParse({ email: typed });
      const tier = choice ? (await content.tiers(site.id)).find((row) => row.id === choice.tierId) : undefined;
      if (!parsed.success || !choice || !tier) {
        res.status(400);
        const problems = parsed.success ? {} : { email: emailProblem(listProblems(parsed.error)[0]?.code ?? 'invalid-email') };
        return sendJoinPage(req, res, found, { ...(tier ? { choice } : { error: CHOICE_REFUSED }), signup: { email: typed, problems } });
      }
      const email = parsed.data.email;
      const sent = { sent: { email, choice } };
      try {
        // The link is mailed either way: it is how a visitor who pays signs in later, and it never tells who has an account.
        // A paid choice asked again a moment later (a retry of Checkout) keeps the link already mailed and still goes on.
        const account = await links.mailLink({ email, siteId: site.id, template: 'join-site', context: contextOf(req), mailedRecently: tier.type === 'paid' ? 'skip' : 'refuse' });
        // An account someone has proven (a password, a confirmed address) is not taken to Checkout by whoever typed
        // its address, where its saved customer would show: the mailed link signs its owner in, who chooses again.
        if (tier.type === 'free' || !account?.unproven) return sendJoinPage(req, res, found, sent);
        // A paid choice: Checkout asks the rest. Nobody is signed in by typing an address: the link does that.
        const answer = await joins.join(site.handle, account.userId, choice.tierId, choice.cadence, { signedOut: true });
        if ('checkoutUrl' in answer) return res.redirect(303, answer.checkoutUrl);
        return sendJoinPage(req, res, found, sent);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Already paying, or the owner's own address: the mailed link is their way in, and the page says no more than to anyone.
        if (error.code === 'already-subscribed' || error.code === 'cannot-join-own-site') return sendJoinPage(req, res, found, sent);
        if (error.status >= 500 && !JOIN_ERRORS.includes(error.code)) throw error;
        res.status(error.status);
        if (error.status === 429) return sendJoinPage(req, res, found, { choice, signup: { email, problems: { email: TOO_SOON } } });
        return sendJoinPage(req, res, found, { choice, signup: { email, problems: {} }, ...errorFromQuery(error.code) });
      }
    }),
  );

  // The mailed link: a page with "Continue", whose POST joins the free tier and signs in (sign-in-routes.ts).
  mailedLink('/join/confirm', {
    kind: 'join',
    purpose: 'join-site',
    after: async (site, userId) => {
      const free = (await content.tiers(site.id)).find((tier) => tier.type === 'free');
      await joinFree(site.handle, userId, free?.id);
      return `/@${site.handle}?joined=1`;
    },
    // To the join page without the token in its address, which says why and offers a new link.
    refused: (site, reason) => `/@${site.handle}/join?link=${reason}`,
  });

  /** The free tier for whoever followed a join link; one who already belongs (or owns the site) is simply signed in. */
  async function joinFree(handle: string, userId: string, tierId: string | undefined) {
    if (!tierId) return;
    try {
      await joins.join(handle, userId, tierId);
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'cannot-join-own-site' && error.code !== 'already-subscribed')) throw error;
    }
  }
}
