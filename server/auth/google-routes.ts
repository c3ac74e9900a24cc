/**
 * /api/auth/google: leave for Google, come back, sign in. Any failure lands on
 * /login?error=google, where the client shows SPEC.md's alert. A first sign-in
 * (no account for the address) goes to the terms screen (/signup/google) first,
 * which answers through /api/auth/google/signup.
 */
import express, { Router, type Request, type Response } from 'express';
import type { PublicUser } from '../../common/api-types.ts';
import { GOOGLE_SIGNUP_TTL_MS } from '../../common/constants.ts';
import { googleSignupSchema } from '../../common/validation.ts';
import type { GoogleSignIn, GoogleTransientState } from './google.ts';
import { toPublicUser } from './public-user.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { contextOf } from '../http/request-context.ts';
import type { SessionCookie } from '../http/session-cookie.ts';
import { parseInput } from '../http/validate.ts';
import { parseCookie } from 'cookie';

const TRANSIENT_COOKIE = 'google_oauth';
const TRANSIENT_PATH = '/api/auth/google';
const TRANSIENT_MAX_AGE_MS = 10 * 60_000;
/** Holds the token of a Google identity waiting for its terms consent (server/auth/google.ts). */
const SIGNUP_COOKIE = 'google_signup';
export const GOOGLE_TERMS_SCREEN = '/signup/google';

function readSignupToken(req: Request): string | undefined {
  const value = req.headers.cookie ? parseCookie(req.headers.cookie)[SIGNUP_COOKIE] : undefined;
  return value && /^[a-z2-7]{32}$/.test(value) ? value : undefined;
}

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
      const outcome = await google.finishSignIn(callbackUrl, transient, contextOf(req));
      if (outcome.kind === 'needs-terms') {
        res.cookie(SIGNUP_COOKIE, outcome.token, { ...transientOptions, maxAge: GOOGLE_SIGNUP_TTL_MS });
        res.redirect(303, GOOGLE_TERMS_SCREEN);
        return;
      }
      cookie.set(res, outcome.signedIn.session.token, outcome.signedIn.session.expiresAt);
      res.redirect(303, '/onboarding');
    } catch (error) {
      logger.warn({ err: error instanceof Error ? { name: error.name, message: error.message } : error }, 'google sign-in failed');
      res.redirect(303, '/login?error=google');
    }
  });

  router.get('/signup', async (req: Request, res: Response) => {
    if (!google) throw new AppError('google-not-configured', 501);
    const pending = await google.pendingSignup(readSignupToken(req) ?? '');
    res.set('Cache-Control', 'no-store').json(pending);
  });

  router.post('/signup', express.json({ limit: '16kb' }), async (req: Request, res: Response) => {
    if (!google) throw new AppError('google-not-configured', 501);
    const input = parseInput(googleSignupSchema, req.body);
    const signedIn = await google.completeSignup(readSignupToken(req) ?? '', input, contextOf(req));
    res.clearCookie(SIGNUP_COOKIE, transientOptions);
    cookie.set(res, signedIn.session.token, signedIn.session.expiresAt);
    const body: { user: PublicUser } = { user: toPublicUser(signedIn.user) };
    res.status(201).json(body);
  });

  return router;
}
