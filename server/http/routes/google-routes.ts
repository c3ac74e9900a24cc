/**
 * /api/auth/google: leave for Google, come back, sign in. Any failure lands on
 * /login?error=google, where the client shows SPEC.md's alert.
 */
import { Router, type Request, type Response } from 'express';
import type { GoogleSignIn, GoogleTransientState } from '../../auth/google.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { contextOf } from '../request-context.ts';
import type { SessionCookie } from '../session-cookie.ts';
import { parseCookie } from 'cookie';

const TRANSIENT_COOKIE = 'google_oauth';
const TRANSIENT_PATH = '/api/auth/google';
const TRANSIENT_MAX_AGE_MS = 10 * 60_000;

function readTransient(req: Request): GoogleTransientState | undefined {
  const raw = req.headers.cookie ? parseCookie(req.headers.cookie)[TRANSIENT_COOKIE] : undefined;
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<GoogleTransientState>;
    if (typeof value.state === 'string' && typeof value.nonce === 'string' && typeof value.codeVerifier === 'string') {
      return { state: value.state, nonce: value.nonce, codeVerifier: value.codeVerifier };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

export function googleRoutes({ google, cookie, appUrl, logger }: { google: GoogleSignIn | undefined; cookie: SessionCookie; appUrl: URL; logger: Logger }) {
  const router = Router();
  const transientOptions = { httpOnly: true, sameSite: 'lax' as const, path: TRANSIENT_PATH, secure: appUrl.protocol === 'https:' };

  router.get('/', async (_req: Request, res: Response) => {
    if (!google) throw new AppError('google-not-configured', 501);
    try {
      const { authorizationUrl, transient } = await google.startSignIn();
      res.cookie(TRANSIENT_COOKIE, Buffer.from(JSON.stringify(transient)).toString('base64url'), {
        ...transientOptions,
        maxAge: TRANSIENT_MAX_AGE_MS,
      });
      res.redirect(302, authorizationUrl.toString());
    } catch (error) {
      logger.warn({ err: error }, 'google sign-in could not start');
      res.redirect(303, '/login?error=google');
    }
  });

  router.get('/callback', async (req: Request, res: Response) => {
    if (!google) throw new AppError('google-not-configured', 501);
    const transient = readTransient(req);
    res.clearCookie(TRANSIENT_COOKIE, transientOptions);
    try {
      if (!transient) throw new Error('missing sign-in state cookie');
      // Built from APP_URL, never from the Host header.
      const callbackUrl = new URL(req.originalUrl, appUrl);
      const signedIn = await google.finishSignIn(callbackUrl, transient, contextOf(req));
      cookie.set(res, signedIn.session.token, signedIn.session.expiresAt);
      res.redirect(303, '/onboarding');
    } catch (error) {
      logger.warn({ err: error instanceof Error ? { name: error.name, message: error.message } : error }, 'google sign-in failed');
      res.redirect(303, '/login?error=google');
    }
  });

  return router;
}
