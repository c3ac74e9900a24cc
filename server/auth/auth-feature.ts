/** The auth feature: password and Google sign-in, e-mail verification, password reset under /api/auth; the account's landing and a member starting a site under /api/me; its address, password and other sessions under /api/account. */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import type { Logger } from '../logger.ts';
import type { SessionCookie } from './session-cookie.ts';
import type { AccountChangesService } from './account-changes.ts';
import { accountRoutes } from './account-routes.ts';
import type { AccountService } from './accounts.ts';
import { authRoutes } from './auth-routes.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { GoogleSignIn } from './google.ts';
import { googleRoutes } from './google-routes.ts';
import type { MemberIdentityService } from './member-identity.ts';
import { meRoutes } from './me-routes.ts';
import type { PasswordResetService } from './password-reset.ts';

export interface AuthFeatureDeps {
  accounts: AccountService;
  accountChanges: AccountChangesService;
  verification: EmailVerificationService;
  passwordReset: PasswordResetService;
  google: GoogleSignIn | undefined;
  identity: MemberIdentityService;
  cookie: SessionCookie;
  sameOrigin: RequestHandler;
  appUrl: URL;
  logger: Logger;
}

export function createAuthFeature({ accounts, accountChanges, verification, passwordReset, google, identity, cookie, sameOrigin, appUrl, logger }: AuthFeatureDeps): Feature {
  return {
    name: 'auth',
    routers: [
      { path: '/api/auth/google', handler: Router().use(sameOrigin, googleRoutes({ google, identity, cookie, appUrl, logger })) },
      { path: '/api/auth', handler: Router().use(sameOrigin, authRoutes({ accounts, verification, passwordReset, identity, cookie })) },
      { path: '/api/me', handler: Router().use(sameOrigin, meRoutes({ identity })) },
      { path: '/api/account', handler: Router().use(sameOrigin, accountRoutes({ changes: accountChanges })) },
    ],
  };
}
