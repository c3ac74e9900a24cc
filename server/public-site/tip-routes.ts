/**
 * The tip page (docs/decisions/163): `GET /@{handle}/tip` shows the form (rendering/tip-page.ts) and its `POST` goes on
 * to the tip's Checkout or shows the form again with its problems. A plain form on this origin; the same path on a
 * custom domain (`/tip`) is rewritten here by host routing.
 */
import express, { type Request, type Router } from 'express';
import type { ErrorCode } from '../../common/error-codes.ts';
import { tipRange } from '../../common/earn.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { formatMoney } from '../../common/money.ts';
import { tipCheckoutSchema, type TipCheckout } from '../../common/tip-schemas.ts';
import { listProblems } from '../../common/validation.ts';
import { contextOf } from '../http/index.ts';
import { minorAmount, tipHead, tipMain, type TipForm, type TipPageInput } from '../rendering/index.ts';
import { formFields, goToCheckout } from './checkout-form.ts';
import { personalPages } from './personal-page.ts';
import type { FoundSite, SitePage, SiteResponse, SiteRoutesDeps } from './site-page.ts';

/** What the tip page uses of the tips room (server/tips/). */
export interface TipPages {
  startCheckout(handle: string, input: TipCheckout, tipperId: string | undefined, ip: string): Promise<{ url: string }>;
  pageFacts(siteId: string, postId: string | undefined): Promise<{ currency: string; post?: { id: string; title: string } }>;
}

/** Refusals the page explains in words; anything else is ours and goes to the error screen. */
const PAGE_ERRORS: readonly ErrorCode[] = ['payments-not-ready', 'stripe-unavailable', 'tips-off', 'too-many-requests', 'site-suspended'];

export function tipRoutes(router: Router, deps: SiteRoutesDeps, pages: SitePage): void {
  const { tips } = deps;
  if (!tips) return;
  const { appUrl, session, sameOrigin } = deps;
  const sendPersonalPage = personalPages(deps, pages);

  async function sendTipPage(req: Request, res: SiteResponse, found: FoundSite, postId: string | undefined, extra: Pick<TipPageInput, 'form' | 'error' | 'tipped'> = {}) {
    const { site, readerId } = found;
    const facts = await tips!.pageFacts(site.id, postId);
    const input: TipPageInput = { site, settings: site.tips, currency: facts.currency, post: facts.post, owner: readerId === site.ownerId, ...extra };
    await sendPersonalPage(req, res, found, { head: tipHead({ site, appUrl }), main: tipMain(input), hideJoin: true });
  }

  router.get(
    '/@:handle/tip',
    session,
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const postId = typeof req.query.post === 'string' ? req.query.post : undefined;
      await sendTipPage(req, res, found, postId, { tipped: req.query.tipped === '1' });
    }),
  );

  router.post(
    '/@:handle/tip',
    sameOrigin,
    session,
    express.urlencoded({ extended: false, limit: '8kb' }),
    pages.pass(async (req, res, next) => {
      const found = await pages.siteFor(req, res, next);
      if (!found) return;
      const typed = formFields(req);
      const postId = typed('post') || undefined;
      const form: TipForm = { preset: typed('preset'), other: typed('other'), message: typed('message'), problems: {} };
      const { currency } = await tips.pageFacts(found.site.id, undefined);
      const { minimum, maximum } = tipRange(found.site.tips, currency);
      // A typed amount wins over a chosen preset: it is what the tipper wrote last.
      const amount = form.other.trim() ? minorAmount(form.other, currency) : Number.parseInt(form.preset, 10);
      const parsed = tipCheckoutSchema.safeParse({ amount: amount ?? Number.NaN, ...(form.message ? { message: form.message } : {}), ...(postId ? { postId } : {}) });
      const amountWords = `Enter an amount from ${formatMoney(minimum, currency)} to ${formatMoney(maximum, currency)}.`;
      if (!parsed.success) {
        for (const problem of listProblems(parsed.error)) {
          if (problem.field === 'amount') form.problems.amount = amountWords;
          if (problem.field === 'message') form.problems.message = 'The message is too long.';
        }
        res.status(400);
        return sendTipPage(req, res, found, postId, { form, error: 'Please check the fields marked below.' });
      }
      await goToCheckout(res, () => tips.startCheckout(found.site.handle, parsed.data, found.readerId, contextOf(req).ip), PAGE_ERRORS, (error) => {
        if (error.field === 'amount') form.problems.amount = amountWords;
        return sendTipPage(req, res, found, postId, { form, error: error.field ? 'Please check the fields marked below.' : SERVER_MESSAGES[error.code] });
      });
    }),
  );
}
