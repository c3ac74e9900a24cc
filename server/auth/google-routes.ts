/**
 * /api/auth/google: leave for Google, come back, sign in. Any failure lands on
 * /login?error=google, where the client shows SPEC.md's alert. A first sign-in
 * (no account for the address) goes to the terms screen (/signup/google) first,
 * which answers through /api/auth/google/signup.
 *
 * `?next=` (a page of a creator's site only: common/next-path.ts) travels in the
 * transient cookie and is where a sign-in returns; a first sign-in that began
 * on a site's join page makes a member of it (docs/decisions/059).
 */
import express, { Router, type Request, type Response } from 'express';
import type { GoogleSignupAnswer, GoogleSignupIdentity } from '../../common/api/auth.ts';
import { GOOGLE_SIGNUP_TTL_MS } from '../../common/constants.ts';
import { isSitePath } from '../../common/next-path.ts';
import { googleSignupSchema, memberGoogleSignupSchema } from '../../common/validation.ts';
import type { GoogleSignIn, GoogleTransientState } from './google.ts';
import type { GoogleNewAccount } from './google-signup.ts';
import type { MemberIdentityService } from './member-identity.ts';
import { toPublicUser } from './public-user.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { SessionCookie } from './session-cookie.ts';
import { parseCookie } from 'cookie';

const TRANSIENT_COOKIE = 'google_oauth';
const TRANSIENT_PATH = '/api/auth/google';
const TRANSIENT_MAX_AGE_MS = 10 * 60_000;
/** Holds the token of a Google identity waiting for its terms consent (server/auth/google-signup.ts). */
const SIGNUP_COOKIE = 'google_signup';
/** Where that first sign-in returns: a page of the creator's site it is joining. */
const SIGNUP_NEXT_COOKIE = 'google_signup_next';
export const GOOGLE_TERMS_SCREEN = '/signup/google';

function readSignupToken(req: Request): string | undefined {
  const value = req.headers.cookie ? parseCookie(req.headers.cookie)[SIGNUP_COOKIE] : undefined;
  return value && /^[a-z2-7]{32}$/.test(value) ? value : undefined;
}

/** A return path from a query or a cookie, only when it is a page of a creator's site (checked again on every read: cookies can be edited). */
function sitePathOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && isSitePath(value) ? value : undefined;
}

function readSignupNext(req: Request): string | undefined {
  return sitePathOrUndefined(req.headers.cookie ? parseCookie(req.headers.cookie)[SIGNUP_NEXT_COOKIE] : undefined);
}

function readTransient(req: Request): GoogleTransientState | undefined {
  const raw = req.headers.cookie ? parseCookie(req.headers.cookie)[TRANSIENT_COOKIE] : undefined;
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<GoogleTransientState>;
    if (typeof value.state === 'string' && typeof value.nonce === 'string' && typeof value.codeVerifier === 'string') {
      const next = sitePathOrUndefined(value.next);
      return { state: value.state, nonce: value.nonce, codeVerifier: value.codeVerifier, ...(next ? { next } : {}) };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** The terms step's answer: a member's carries only the terms (checked all the same), a creator's also the niche. */
function newAccountFrom(body: unknown, joining: boolean): GoogleNewAccount {
  if (!joining) return { role: 'creator', ...parseInput(googleSignupSchema, body) };
  parseInput(memberGoogleSignupSchema, body);
  return { role: 'member' };
}

interface GoogleRouteDeps {
  google: GoogleSignIn | undefined;
  identity: MemberIdentityService;
  cookie: SessionCookie;
  appUrl: URL;
  logger: Logger;
}

export function googleRoutes({ google, identity, cookie, appUrl, logger }: GoogleRouteDeps) {
  const router = Router();
  const transientOptions = { httpOnly: true, sameSite: 'lax' as const, path: TRANSIENT_PATH, secure: appUrl.protocol === 'https:' };

  router.get('/', async (req: Request, res: Response) => {
    if (!google) throw new AppError('google-not-configured', 501);
    try {
      // Anything but a page of a creator's site is dropped: the sign-in then ends where one from /login does.
      const { authorizationUrl, transient } = await google.startSignIn(sitePathOrUndefined(req.query.next));
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
        if (transient.next) res.cookie(SIGNUP_NEXT_COOKIE, transient.next, { ...transientOptions, maxAge: GOOGLE_SIGNUP_TTL_MS });
        else res.clearCookie(SIGNUP_NEXT_COOKIE, transientOptions);
        res.redirect(303, GOOGLE_TERMS_SCREEN);
        return;
      }
      cookie.set(res, outcome.signedIn.session.token, outcome.signedIn.session.expiresAt);
      res.redirect(303, transient.next ?? (await identity.landingFor(outcome.signedIn.user)));
    } catch (error) {
      logger.warn({ err: error instanceof Error ? { name: error.name, message: error.message } : error }, 'google sign-in failed');
      res.redirect(303, '/login?error=google');
    }
  });

  router.get('/signup', async (req: Request, res: Response) => {
    if (!google) throw new AppError('google-not-configured', 501);
    const pending = await google.pendingSignup(readSignupToken(req) ?? '');
    const joining = await google.joiningSite(readSignupNext(req));
    res.set('Cache-Control', 'no-store').json({ ...pending, ...(joining ? { joining } : {}) } satisfies GoogleSignupIdentity);
  });

  router.post('/signup', express.json({ limit: '16kb' }), async (req: Request, res: Response) => {
    if (!google) throw new AppError('google-not-configured', 501);
    const next = readSignupNext(req);
    // The same decision as the terms screen's: joining a site makes a member and asks no niche.
    const joining = await google.joiningSite(next);
    const account = newAccountFrom(req.body, joining !== undefined);
    const signedIn = await google.completeSignup(readSignupToken(req) ?? '', account, contextOf(req));
    res.clearCookie(SIGNUP_COOKIE, transientOptions);
    res.clearCookie(SIGNUP_NEXT_COOKIE, transientOptions);
    cookie.set(res, signedIn.session.token, signedIn.session.expiresAt);
    res.status(201).json({ user: toPublicUser(signedIn.user), ...(joining && next ? { next } : {}) } satisfies GoogleSignupAnswer);
  });

  return router;
}
