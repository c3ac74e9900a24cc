/** The account deletion feature (docs/decisions/148): under /api/account, beside the address and password routes of server/auth. */
import { Router, type RequestHandler } from 'express';
import type { SessionCookie } from '../auth/index.ts';
import type { Feature } from '../feature.ts';
import { accountDeletionRoutes } from './account-deletion-routes.ts';
import type { AccountDeletionService } from './account-deletion-service.ts';

export function createAccountDeletionFeature({ deletion, cookie, sameOrigin }: { deletion: AccountDeletionService; cookie: SessionCookie; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'account-deletion',
    routers: [{ path: '/api/account', handler: Router().use(sameOrigin, accountDeletionRoutes({ deletion, cookie })) }],
  };
}
