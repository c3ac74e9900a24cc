/**
 * `/@{handle}/join`: the join page, the one-click join of a signed-in reader
 * (`POST /@{handle}/join`), and the sign-up that makes a member account and
 * joins in the same step (`POST /@{handle}/join/signup`). All plain forms that
 * work with JavaScript off; a refusal comes back as the page in the product's words.
 */
import express, { type NextFunction, type Request, type Router } from 'express';
import type { ErrorCode } from '../../common/error-codes.ts';
import { SERVER_MESSAGES, SIGNUP_FIELD_MESSAGES, SIGNUP_MESSAGES } from '../../common/messages.ts';
import { listProblems, memberSignupSchema, type FieldProblem } from '../../common/validation.ts';
import { isEntitled } from '../access/index.ts';
import { sessionScopeOf } from '../auth/index.ts';
import { AppError } from '../errors.ts';
import { contextOf } from '../http/index.ts';
import { joinHead, joinMain, parseChoice, siteIcon, siteReaderOf, type JoinChoice, type JoinerState, type JoinPageInput, type SignupForm } from '../rendering/index.ts';
import { readerOf } from '../reports/index.ts';
import type { FoundSite, SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

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

export function joinRoutes(router: Router, deps: SiteRoutesDeps, pages: SitePage): void {
  const { content, clock, appUrl, assets, joins, accounts, googleSignIn, cookie, session, sameOrigin, countPageView, designPages } = deps;

  router.get(
    '/@:handle/join',
    session,
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const tierId = typeof req.query.tier === 'string' ? req.query.tier : '';
      const cadence = req.query.cadence === 'year' ? 'year' : 'month';
      const choice = parseChoice(`${tierId}:${cadence}`);
      await sendJoinPage(req, res, found, { ...(choice ? { choice } : {}), ...errorFromQuery(req.query.error) });
      // The join page's views are the denominator of the reports' conversion.
      if (pages.shouldCount(req, res, found.site, found.preview)) countPageView(found.site.id, '/join', readerOf(req));
    }),
  );

  async function sendJoinPage(req: Request, res: SiteResponse, found: FoundSite, extra: Pick<JoinPageInput, 'choice' | 'signup' | 'error'>) {
    const { site, readerId, preview } = found;
    const [tiers, standing, images] = await Promise.all([
      content.tiers(site.id),
      content.readerStanding(site, readerId),
      content.mediaByIds(site.id, site.avatarMediaId ? [site.avatarMediaId] : []),
    ]);
    const avatar = await pages.siteImage(site.avatarMediaId, images);
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
}
