/**
 * The member's side of a site (issue 10 items 3 and 4): `/@{handle}/account`,
 * the private feed and its media, and the calls behind them; the member's own
 * rights (their data, deleting the account: docs/decisions/159). Mounted before
 * the public site, whose pages let these paths through.
 */
import { Router, type RequestHandler } from 'express';
import type { Config } from '../config/index.ts';
import type { Database } from '../../db/connect.ts';
import { loadSession, recordAuthEvent, type SessionCookie, type SessionService } from '../auth/index.ts';
import { contextOf } from '../http/index.ts';
import type { Clock } from '../clock.ts';
import type { Feature } from '../feature.ts';
import type { LivePosts } from '../posts/index.ts';
import { paymentFormTargets, sitePageHeaders, type LazySigner } from '../rendering/index.ts';
import { createDesignPages, readSiteAssets } from '../public-site/index.ts';
import type { AccountDeletionService } from '../account-deletion/index.ts';
import { accountApiRoutes } from './account-api-routes.ts';
import { rightsSectionOf } from './account-rights-page.ts';
import { accountRightsRoutes } from './account-rights-routes.ts';
import type { PublishedDesigns } from '../site-content/index.ts';
import { accountRoutes, type AccountRoutesDeps } from './account-routes.ts';
import type { MemberAccountService } from './member-account-service.ts';
import { memberFeedRoutes } from './member-feed-routes.ts';

export interface MemberAccountFeatureDeps {
  db: Database;
  clock: Clock;
  livePosts: LivePosts;
  config: Pick<Config, 'appUrl' | 'stripeApiUrl' | 'platformBadge'>;
  sessions: SessionService;
  cookie: SessionCookie;
  maintenance: { isOn(): boolean };
  sameOrigin: RequestHandler;
  clientDir: string | undefined;
  mediaUrlSigner: LazySigner;
  /** Built in server/services.ts with the one Stripe client. */
  accounts: MemberAccountService;
  /** The site's published design: the account page wears its theme. */
  publishedDesigns: PublishedDesigns;
  /** The member's messages on the account page (server/messaging/account-messages.ts). */
  messagesSection?: AccountRoutesDeps['messagesSection'];
  /** The member's products bought on the site, with fresh download links (server/products/). */
  purchases?: AccountRoutesDeps['purchases'];
  /** Deleting the account from the page, by password or mailed code (docs/decisions/159). */
  deletion: AccountDeletionService;
}

/** Where "Manage billing" leads: Stripe's portal (or the local Stripe-protocol server in tests). CSP's form-action covers redirects too. */
export function createMemberAccountFeature({ db, clock, livePosts, config, sessions, cookie, maintenance, sameOrigin, clientDir, mediaUrlSigner, accounts, publishedDesigns, messagesSection, purchases, deletion }: MemberAccountFeatureDeps): Feature {
  const appUrl = config.appUrl;
  const setHeaders = sitePageHeaders(appUrl, paymentFormTargets(config.stripeApiUrl));
  const assets = readSiteAssets(clientDir, config.platformBadge ? appUrl.href : undefined);
  const signOut: AccountRoutesDeps['signOut'] = async (req, res) => {
    const auth = res.locals.auth;
    if (auth) {
      await sessions.invalidateSession(auth.token);
      await recordAuthEvent(db, contextOf(req), { type: 'logout', userId: auth.user.id });
    }
    cookie.clear(res);
  };
  const session = loadSession(sessions, cookie);
  const rights = accountRightsRoutes({ db, clock, deletion, maintenance, session, sameOrigin, clearSession: (res) => cookie.clear(res) });
  const pages = Router().use(
    memberFeedRoutes({ db, clock, livePosts, appUrl, signer: mediaUrlSigner, accounts, maintenance }),
    rights.pages,
    accountRoutes({ db, accounts, appUrl, assets, maintenance, session, signOut, sameOrigin, setHeaders, designPages: createDesignPages({ db, designs: publishedDesigns, signer: mediaUrlSigner, assets }), rightsSection: rightsSectionOf(deletion, appUrl), ...(messagesSection ? { messagesSection } : {}), ...(purchases ? { purchases } : {}) }),
  );
  return {
    name: 'member-account',
    routers: [
      { path: '/api/sites', handler: Router().use(sameOrigin, accountApiRoutes({ db, accounts })) },
      { path: '/api/account', handler: rights.api },
      { path: '/', handler: pages },
    ],
  };
}
