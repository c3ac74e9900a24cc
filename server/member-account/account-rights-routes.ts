/**
 * A member's own rights on a site's account page (docs/decisions/159), as
 * plain links and forms answering 303, so they work without JavaScript and on
 * a custom domain (whose `/account/…` paths are these, under the same session
 * rules as the page): the data download, the mailed code, and the deletion,
 * after which the browser is signed out and back on the site's home with a
 * notice. The same download is `GET /api/account/data` on the platform.
 */
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type { accountData } from '../../common/api/member-rights.ts';
import type { Database } from '../../db/connect.ts';
import { deletionProofOf, type AccountDeletionService } from '../account-deletion/index.ts';
import { requireUser, type AuthLocals, type UserRow } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { contextOf } from '../http/index.ts';
import { findSiteByHandle, type Site } from '../sites/index.ts';
import { readAccountData } from './account-data.ts';
import { DELETE_STEPS, type DeleteStep } from './account-rights-page.ts';

type PageResponse = Response<unknown, AuthLocals>;

export interface AccountRightsRoutesDeps {
  db: Database;
  clock: Clock;
  deletion: AccountDeletionService;
  maintenance: { isOn(): boolean };
  session: RequestHandler;
  sameOrigin: RequestHandler;
  /** Clears the browser's session cookie: the account and its sessions are gone. */
  clearSession: (res: Response) => void;
}

/** Why a deletion did not happen, as the confirmation step shows it; anything else is the server's error. */
function stepOf(error: unknown): DeleteStep | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'stripe-unavailable') return 'stripe-unavailable';
  if (error.status >= 500) return undefined;
  return DELETE_STEPS.find((step) => step === error.code);
}

export function accountRightsRoutes({ db, clock, deletion, maintenance, session, sameOrigin, clearSession }: AccountRightsRoutesDeps): { pages: Router; api: Router } {
  const pages = Router();
  const api = Router();
  const accountPath = (site: Site) => `/@${site.handle}/account`;

  /** The published site and the signed-in account, as the account page finds them; otherwise the 404 screen or the site's sign-in. */
  async function context(req: Request, res: PageResponse, next: NextFunction): Promise<{ site: Site; user: UserRow } | undefined> {
    if (maintenance.isOn()) return void next();
    const site = await findSiteByHandle(db, String(req.params.handle));
    if (!site?.publishedAt) {
      res.status(404);
      return void next();
    }
    const user = res.locals.auth?.user;
    if (!user) return void res.redirect(303, `/@${site.handle}/sign-in`);
    return { site, user };
  }

  async function sendData(user: UserRow, res: Response) {
    const data = await readAccountData(db, user, clock());
    res.set({ 'Cache-Control': 'no-store', 'Content-Disposition': `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"` });
    res.json(data satisfies AnswerOf<typeof accountData>);
  }

  api.get('/data', requireUser, async (_req: Request, res: PageResponse) => sendData(res.locals.auth!.user, res));

  pages.get('/@:handle/account/data', session, async (req, res: PageResponse, next) => {
    const found = await context(req, res, next);
    if (found) await sendData(found.user, res);
  });

  const form = express.urlencoded({ extended: false, limit: '1kb' });

  pages.post('/@:handle/account/deletion-code', sameOrigin, session, form, async (req, res: PageResponse, next) => {
    const found = await context(req, res, next);
    if (!found) return;
    let step: DeleteStep = 'code-sent';
    try {
      await deletion.mailDeletionCode(found.user, found.site.handle, contextOf(req));
    } catch (error) {
      // Asked again within the minute: the page says to wait, as for any other refusal it knows.
      const refused = stepOf(error);
      if (!refused) throw error;
      step = refused;
    }
    res.redirect(303, `${accountPath(found.site)}?delete=${step}#delete-heading`);
  });

  pages.post('/@:handle/account/delete', sameOrigin, session, form, async (req, res: PageResponse, next) => {
    const found = await context(req, res, next);
    if (!found) return;
    const { password = '', code = '' } = req.body as { password?: string; code?: string };
    try {
      // An account that runs a site is deleted from its studio, which shows what goes with it.
      if ((await deletion.standing(found.user.id)).ownsSite) throw new AppError('paying-members', 409);
      await deletion.deleteAccount(found.user, deletionProofOf(code.trim() ? { code } : { password }), contextOf(req));
    } catch (error) {
      const step = stepOf(error);
      if (!step) throw error;
      return res.redirect(303, `${accountPath(found.site)}?delete=${step}#delete-heading`);
    }
    clearSession(res);
    res.redirect(303, `/@${found.site.handle}?account=deleted`);
  });

  return { pages, api };
}
