/**
 * The member's calls on a site under /api/sites/:handle: a new private feed
 * URL (JSON), and the billing portal, which the account page's plain form
 * posts to and which answers with a 303 to Stripe's page.
 */
import { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type { createFeedToken } from '../../common/api/site-membership.ts';
import type { Database } from '../../db/connect.ts';
import { AppError } from '../errors.ts';
import { requireUser, type AuthLocals } from '../auth/index.ts';
import { findSiteByHandle, type Site } from '../sites/index.ts';
import type { MemberAccountService } from './member-account-service.ts';
import { refuseIfSuspended } from '../site-standing/index.ts';

type SignedIn = Response<unknown, Required<AuthLocals>>;

export function accountApiRoutes({ db, accounts }: { db: Database; accounts: MemberAccountService }): Router {
  const router = Router();

  async function publishedSite(req: Request): Promise<Site> {
    const site = await findSiteByHandle(db, String(req.params.handle));
    if (!site?.publishedAt) throw new AppError('not-found', 404);
    return site;
  }

  router.post('/:handle/feed-token', requireUser, async (req: Request, res: SignedIn) => {
    const site = await publishedSite(req);
    await refuseIfSuspended(db, site.id);
    const url = await accounts.rotateFeedToken(site, res.locals.auth.user.id);
    res.set('Cache-Control', 'no-store').json({ url } satisfies AnswerOf<typeof createFeedToken>);
  });

  // Open on a suspended site too: a member may always stop paying (docs/decisions/124).
  router.post('/:handle/billing-portal', requireUser, async (req: Request, res: SignedIn) => {
    const site = await publishedSite(req);
    try {
      res.redirect(303, await accounts.billingPortalUrl(site, res.locals.auth.user.id));
    } catch (error) {
      // The account page's form: back to it with a plain message rather than a JSON error.
      if (!(error instanceof AppError) || error.status !== 503) throw error;
      res.redirect(303, `/@${site.handle}/account?notice=billing-failed`);
    }
  });

  return router;
}
