/**
 * `/@{handle}/offers/{code}`: an offer's page in the site's design (server/rendering/offer-page.ts), and its one
 * form: "Claim offer". Signed in, the claim goes on to the offer's Checkout at once; signed out, the visitor gives an
 * e-mail address as on the join page (join-routes.ts): the link is mailed, and an address nobody has proven goes on
 * to Checkout, which asks the rest; a proven one signs in by the link first. A refusal (full, ended) comes back as
 * the page in plain words. The path is the one a custom domain serves at `/offers/{code}` (domains/host-routing.ts).
 */
import express, { type NextFunction, type Request, type Router } from 'express';
import type { ErrorCode } from '../../common/error-codes.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { isEntitled } from '../access/index.ts';
import { AppError } from '../errors.ts';
import { contextOf } from '../http/index.ts';
import { offerStatus, type OfferCheckout, type OfferOnPage } from '../offers/index.ts';
import { offerCadence, offerHead, offerMain, type OfferPageInput } from '../rendering/index.ts';
import { sitePath } from '../sites/index.ts';
import { formFields, goToCheckout, visitorEmail } from './checkout-form.ts';
import { personalPages } from './personal-page.ts';
import type { FoundSite, SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

/** Refusals of a claim the page explains in words; anything else reads as "could not start". */
const CLAIM_ERRORS: readonly ErrorCode[] = ['offer-full', 'offer-ended', 'already-subscribed', 'paid-tier-unavailable', 'stripe-unavailable', 'cannot-join-own-site'];

const TOO_SOON = 'We have just sent a link to this address. Please wait a minute, then ask again.';

function errorWords(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const code = CLAIM_ERRORS.find((known) => known === value);
  return code ? SERVER_MESSAGES[code] : 'We could not start your claim. Please try again.';
}

export function offerRoutes(router: Router, deps: SiteRoutesDeps, pages: SitePage, offers: OfferCheckout): void {
  const { content, clock, appUrl, links, session, sameOrigin } = deps;
  const sendPersonalPage = personalPages(deps, pages);

  async function offerOf(req: Request, res: SiteResponse, next: NextFunction): Promise<{ found: FoundSite; onPage: OfferOnPage } | undefined> {
    const found = await pages.siteFor(req, res, next);
    if (!found) return undefined;
    const onPage = await offers.find(found.site.id, String(req.params.code));
    // An offer of a tier that was never paid (a row made by hand) has no page either.
    if (!onPage || onPage.tier.type !== 'paid') {
      pages.notFound(res, next);
      return undefined;
    }
    return { found, onPage };
  }

  async function sendOfferPage(req: Request, res: SiteResponse, found: FoundSite, { offer, tier }: OfferOnPage, extra: Pick<OfferPageInput, 'signup' | 'sent' | 'error'>) {
    const { site, readerId } = found;
    const standing = await content.readerStanding(site, readerId);
    const now = clock();
    const joiner = !readerId ? 'signed-out' : standing.isOwner ? 'owner' : 'signed-in';
    const membership = standing.membership;
    // Paying through Stripe, as the Checkout refuses (offer-checkout.ts): a comped member (a gift, the creator's comp) may claim and pay.
    const paying = membership !== undefined && membership !== null && membership.source === 'stripe' && isEntitled(membership, now) && membership.tierType === 'paid';
    const input: OfferPageInput = { site, offer, tier, status: offerStatus(offer, now), joiner, paying, ...extra, appUrl };
    await sendPersonalPage(req, res, found, { head: offerHead(input), main: offerMain(input), hideJoin: true, standing });
  }

  router.get(
    '/@:handle/offers/:code',
    session,
    pages.pass(async (req, res, next) => {
      const located = await offerOf(req, res, next);
      if (!located) return;
      const error = errorWords(req.query.error);
      await sendOfferPage(req, res, located.found, located.onPage, error ? { error } : {});
    }),
  );

  /** Where a claim goes next: the offer's Checkout, or the page again saying why not. */
  async function claimAndGo(res: SiteResponse, found: FoundSite, onPage: OfferOnPage, userId: string) {
    const { site } = found;
    // Said on the page after a redirect (the claim is one button, with nothing typed to show again).
    await goToCheckout(res, () => offers.checkout(site.handle, userId, onPage.offer.code, offerCadence(onPage.tier)), CLAIM_ERRORS, async (error) => {
      res.redirect(303, `${sitePath(site, `/offers/${onPage.offer.code}`)}?error=${CLAIM_ERRORS.includes(error.code) ? error.code : 'failed'}`);
    });
  }

  /** A visitor's claim by e-mail, as the join page's (join-routes.ts): the page answers the same whoever the address is. */
  async function claimByEmail(req: Request, res: SiteResponse, found: FoundSite, onPage: OfferOnPage) {
    const { site } = found;
    const typed = formFields(req)('email');
    const visitor = visitorEmail(typed);
    if ('problem' in visitor) {
      res.status(400);
      return sendOfferPage(req, res, found, onPage, { signup: { email: typed, problems: { email: visitor.problem } } });
    }
    const email = visitor.email;
    const sent = { sent: { email } };
    try {
      // The link is mailed either way; only an address nobody has proven goes on to Checkout (its saved card never shows).
      const account = await links.mailLink({ email, siteId: site.id, template: 'join-site', context: contextOf(req), mailedRecently: 'skip' });
      if (!account?.unproven) return sendOfferPage(req, res, found, onPage, sent);
      const { url } = await offers.checkout(site.handle, account.userId, onPage.offer.code, offerCadence(onPage.tier), { signedOut: true });
      return res.redirect(303, url);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Already paying, or the owner's own address: the mailed link is their way in, and the page says no more than to anyone.
      if (error.code === 'already-subscribed' || error.code === 'cannot-join-own-site') return sendOfferPage(req, res, found, onPage, sent);
      if (error.status >= 500 && !CLAIM_ERRORS.includes(error.code)) throw error;
      res.status(error.status);
      if (error.status === 429) return sendOfferPage(req, res, found, onPage, { signup: { email, problems: { email: TOO_SOON } } });
      const words = errorWords(error.code);
      return sendOfferPage(req, res, found, onPage, { signup: { email, problems: {} }, ...(words ? { error: words } : {}) });
    }
  }

  router.post(
    '/@:handle/offers/:code',
    sameOrigin,
    session,
    express.urlencoded({ extended: false, limit: '2kb' }),
    pages.pass(async (req, res, next) => {
      const located = await offerOf(req, res, next);
      if (!located) return;
      const userId = res.locals.auth?.user.id;
      if (userId) return claimAndGo(res, located.found, located.onPage, userId);
      await claimByEmail(req, res, located.found, located.onPage);
    }),
  );
}
