/** The auth feature: password and Google sign-in, e-mail verification, password reset under /api/auth. */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import type { Logger } from '../logger.ts';
import type { SessionCookie } from '../http/session-cookie.ts';
import type { AccountService } from './accounts.ts';
import { authRoutes } from './auth-routes.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { GoogleSignIn } from './google.ts';
import { googleRoutes } from './google-routes.ts';
import type { PasswordResetService } from './password-reset.ts';

export interface AuthFeatureDeps {
  accounts: AccountService;
  verification: EmailVerificationService;
  passwordReset: PasswordResetService;
  google: GoogleSignIn | undefined;
  cookie: SessionCookie;
  sameOrigin: RequestHandler;
  appUrl: URL;
  logger: Logger;
}

export function createAuthFeature({ accounts, verification, passwordReset, google, cookie, sameOrigin, appUrl, logger }: AuthFeatureDeps): Feature {
  return {
    name: 'auth',
    routers: [
      { path: '/api/auth/google', handler: Router().use(sameOrigin, googleRoutes({ google, cookie, appUrl, logger })) },
      { path: '/api/auth', handler: Router().use(sameOrigin, authRoutes({ accounts, verification, passwordReset, cookie })) },
    ],
  };
}
