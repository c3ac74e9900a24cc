/**
 * The gift pages (docs/decisions/165): `GET /@{handle}/gift` shows the form (rendering/gift-page.ts) and its `POST`
 * goes on to the gift's Checkout or shows the form again with its problems; `GET /@{handle}/gift/redeem?code=` shows
 * the gift, and its `POST` redeems it for a signed-in reader, or mails a visitor the site's join link (which signs
 * them in; they open the gift's link again). Plain forms, on this origin only. The same paths on a custom domain
 * (`/gift`, `/gift/redeem`) are rewritten here by host routing, which is why the redeem page posts to itself and not
 * to `/api/gifts/:code/redeem` (a domain passes only `/api/sites/{handle}/…`).
 */
import express, { type Request, type Router } from 'express';
import type { ErrorCode } from '../../common/error-codes.ts';
import { GIFT_SEND_AHEAD_MAX_DAYS, giftCheckoutSchema, type GiftCheckout } from '../../common/gift-schemas.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { listProblems } from '../../common/validation.ts';
import type { GiftStatus } from '../../common/earn.ts';
import { AppError } from '../errors.ts';
import { contextOf } from '../http/index.ts';
import { giftHead, giftMain, redeemHead, redeemMain, type GiftForm, type GiftPageInput, type PageHead, type RedeemPageInput } from '../rendering/index.ts';
import { formFields, goToCheckout, visitorEmail } from './checkout-form.ts';
import { personalPages } from './personal-page.ts';
import type { FoundSite, SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

/** What the gift pages use of the gifts room (server/gifts/). */
export interface GiftPages {
  startCheckout(handle: string, input: GiftCheckout, buyerUserId: string | undefined, ip: string): Promise<{ url: string }>;
  redeem(code: string, userId: string, handle?: string): Promise<{ membership: { tierName: string; endsAt: string } }>;
  giftByCode(siteId: string, code: string): Promise<{ status: GiftStatus; months: number; message: string; tierName: string } | undefined>;
}

/** Refusals the pages explain in words; anything else is ours and goes to the error screen. */
const PAGE_ERRORS: readonly ErrorCode[] = ['too-many-requests', 'payments-not-ready', 'stripe-unavailable', 'not-found', 'gift-redeemed', 'gift-refunded', 'gift-not-needed', 'cannot-join-own-site', 'site-suspended'];

const TOO_SOON = 'We have just sent a link to this address. Please wait a minute, then ask again.';

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The form's fields in the API's shape: a send date is a day, sent that morning (UTC); today or empty means at once. */
function giftInput(value: (name: string) => string, today: string): Record<string, unknown> {
  const sendOn = value('sendOn');
  return {
    tierId: value('tierId'),
    months: Number(value('months')),
    ...(value('recipientEmail').trim() ? { recipientEmail: value('recipientEmail') } : {}),
    ...(sendOn && sendOn !== today ? { sendAt: /^\d{4}-\d{2}-\d{2}$/.test(sendOn) ? `${sendOn}T08:00:00Z` : sendOn } : {}),
    ...(value('message') ? { message: value('message') } : {}),
    ...(value('email').trim() ? { email: value('email') } : {}),
  };
}

const FIELD_WORDS: Record<string, string> = {
  tierId: 'Choose one of the memberships.',
  months: 'Choose 1, 3, 6 or 12 months.',
  recipientEmail: 'Enter a valid e-mail address, or leave it empty.',
  sendOn: 'Choose a day from today to a year ahead.',
  message: 'The message is too long.',
  email: 'Enter a valid e-mail address.',
};

const CHECK_FIELDS = 'Please check the fields marked below.';

/** Marks the form's field a problem names (the API's `sendAt` is the form's `sendOn`). */
function markField(form: GiftForm, field: string | undefined) {
  const name = field === 'sendAt' ? 'sendOn' : (field ?? '');
  if (name in FIELD_WORDS) form.problems[name as keyof GiftForm['problems']] = FIELD_WORDS[name];
}

export function giftRoutes(router: Router, deps: SiteRoutesDeps, pages: SitePage): void {
  const { gifts } = deps;
  if (!gifts) return;
  const { content, clock, appUrl, links, session, sameOrigin } = deps;

  const sendPersonalPage = personalPages(deps, pages);
  const sendFramed = (req: Request, res: SiteResponse, found: FoundSite, head: PageHead, main: string) => sendPersonalPage(req, res, found, { head, main, hideJoin: true });

  const joinerOf = ({ site, readerId }: FoundSite) => (!readerId ? 'signed-out' : readerId === site.ownerId ? 'owner' : 'signed-in');

  async function sendGiftPage(req: Request, res: SiteResponse, found: FoundSite, extra: Pick<GiftPageInput, 'form' | 'error' | 'bought'> = {}) {
    const tiers = (await content.tiers(found.site.id)).filter((tier) => tier.type === 'paid');
    const now = clock();
    const input: GiftPageInput = { site: found.site, tiers, joiner: joinerOf(found), today: dayOf(now), lastSendDay: dayOf(new Date(now.getTime() + (GIFT_SEND_AHEAD_MAX_DAYS - 1) * DAY_MS)), appUrl, ...extra };
    await sendFramed(req, res, found, giftHead(input), giftMain(input));
  }

  router.get(
    '/@:handle/gift',
    session,
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      await sendGiftPage(req, res, found, { bought: req.query.bought === '1' });
    }),
  );

  router.post(
    '/@:handle/gift',
    sameOrigin,
    session,
    express.urlencoded({ extended: false, limit: '8kb' }),
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const typed = formFields(req);
      const form: GiftForm = { tierId: typed('tierId'), months: typed('months'), recipientEmail: typed('recipientEmail'), sendOn: typed('sendOn'), message: typed('message'), email: typed('email'), problems: {} };
      const parsed = giftCheckoutSchema.safeParse(giftInput(typed, dayOf(clock())));
      if (!parsed.success) {
        for (const problem of listProblems(parsed.error)) markField(form, problem.field);
        res.status(400);
        return sendGiftPage(req, res, found, { form, error: CHECK_FIELDS });
      }
      await goToCheckout(res, () => gifts.startCheckout(found.site.handle, parsed.data, found.readerId, contextOf(req).ip), PAGE_ERRORS, (error) => {
        markField(form, error.field);
        return sendGiftPage(req, res, found, { form, error: error.field ? CHECK_FIELDS : SERVER_MESSAGES[error.code] });
      });
    }),
  );

  async function sendRedeemPage(req: Request, res: SiteResponse, found: FoundSite, code: string, extra: Pick<RedeemPageInput, 'redeemed' | 'sent' | 'email' | 'emailProblem' | 'error'> = {}) {
    const gift = extra.redeemed || extra.sent ? undefined : await gifts!.giftByCode(found.site.id, code);
    if (!gift && !extra.redeemed && !extra.sent) res.status(404);
    const input: RedeemPageInput = { site: found.site, code, joiner: joinerOf(found), ...(gift ? { gift } : {}), ...extra };
    await sendFramed(req, res, found, redeemHead({ site: found.site, appUrl }), redeemMain(input));
  }

  router.get(
    '/@:handle/gift/redeem',
    session,
    pages.pass(async (req, res, next) => {
      // The code is in the address: the page answers Referrer-Policy same-origin (site-headers.ts), so no other site reads it.
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      await sendRedeemPage(req, res, found, typeof req.query.code === 'string' ? req.query.code : '');
    }),
  );

  router.post(
    '/@:handle/gift/redeem',
    sameOrigin,
    session,
    express.urlencoded({ extended: false, limit: '2kb' }),
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const code = typeof body.code === 'string' ? body.code : '';
      if (found.readerId) {
        try {
          const { membership } = await gifts.redeem(code, found.readerId, found.site.handle);
          return await sendRedeemPage(req, res, found, code, { redeemed: { tierName: membership.tierName, endsAt: new Date(membership.endsAt) } });
        } catch (error) {
          if (!(error instanceof AppError) || !PAGE_ERRORS.includes(error.code)) throw error;
          res.status(error.status);
          return sendRedeemPage(req, res, found, code, { error: SERVER_MESSAGES[error.code] });
        }
      }
      // A visitor: the site's join link signs them in (an account is made for a new address), then they redeem.
      const typed = typeof body.email === 'string' ? body.email : '';
      const visitor = visitorEmail(typed);
      if ('problem' in visitor) {
        res.status(400);
        return sendRedeemPage(req, res, found, code, { email: typed, emailProblem: visitor.problem });
      }
      try {
        await links.mailLink({ email: visitor.email, siteId: found.site.id, template: 'join-site', context: contextOf(req) });
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 429) throw error;
        res.status(429);
        return sendRedeemPage(req, res, found, code, { email: visitor.email, emailProblem: TOO_SOON });
      }
      await sendRedeemPage(req, res, found, code, { sent: visitor.email });
    }),
  );
}
