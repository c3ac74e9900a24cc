/** /api/auth: parse, call one service function, answer (DESIGN.md "HTTP API"). */
import express, { Router, type Request, type Response } from 'express';
import type * as authApi from '../../common/api/auth.ts';
import type * as sessionApi from '../../common/api/session.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import { loginSchema, passwordResetConfirmSchema, passwordResetRequestSchema, signupSchema } from '../../common/validation.ts';
import type { AccountService, SignedIn } from './accounts.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { MemberIdentityService } from './member-identity.ts';
import type { PasswordResetService } from './password-reset.ts';
import { toPublicUser } from './public-user.ts';
import { AppError } from '../errors.ts';
import type { AuthLocals } from './load-session.ts';
import { requireUser } from './require-user.ts';
import { contextOf, parseInput } from '../http/index.ts';
import type { SessionCookie } from './session-cookie.ts';

export interface AuthRouteDeps {
  accounts: AccountService;
  verification: EmailVerificationService;
  passwordReset: PasswordResetService;
  identity: MemberIdentityService;
  cookie: SessionCookie;
}

type AuthResponse = Response<unknown, AuthLocals>;
/** The answer type common/api/auth.ts promises the client for one endpoint. */
type AuthAnswer<Name extends keyof typeof authApi> = AnswerOf<(typeof authApi)[Name]>;

export function signIn(res: AuthResponse, cookie: SessionCookie, signedIn: SignedIn) {
  cookie.set(res, signedIn.session.token, signedIn.session.expiresAt);
}

export function authRoutes({ accounts, verification, passwordReset, identity, cookie }: AuthRouteDeps): Router {
  const router = Router();
  const json = express.json({ limit: '16kb' });

  router.post('/signup', json, async (req: Request, res: AuthResponse) => {
    const input = parseInput(signupSchema, req.body);
    const signedIn = await accounts.signup(input, contextOf(req));
    signIn(res, cookie, signedIn);
    res.status(201).json({ user: toPublicUser(signedIn.user) } satisfies AuthAnswer<'signup'>);
  });

  router.post('/login', json, async (req: Request, res: AuthResponse) => {
    const { email, password } = parseInput(loginSchema, req.body);
    // A session from before login is never promoted: it ends, and a new one starts.
    const previous = res.locals.auth;
    const signedIn = await accounts.login(email, password, contextOf(req));
    if (previous) await accounts.logout(previous.token, undefined, contextOf(req));
    signIn(res, cookie, signedIn);
    res.json({ user: toPublicUser(signedIn.user) } satisfies AuthAnswer<'login'>);
  });

  router.post('/logout', async (req: Request, res: AuthResponse) => {
    const auth = res.locals.auth;
    if (auth) await accounts.logout(auth.token, auth.user.id, contextOf(req));
    cookie.clear(res);
    res.status(204).end();
  });

  router.get('/me', (_req: Request, res: AuthResponse) => {
    const body: AnswerOf<typeof sessionApi.me> = { user: res.locals.auth ? toPublicUser(res.locals.auth.user) : null };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post('/verification-email', requireUser, async (req: Request, res: AuthResponse) => {
    await verification.resendVerificationMail(res.locals.auth!.user, contextOf(req));
    res.status(202).json({ status: 'queued' } satisfies AuthAnswer<'resendVerificationEmail'>);
  });

  router.get('/verify-email', async (req: Request, res: AuthResponse) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    try {
      const userId = await verification.verifyEmail(token, contextOf(req));
      res.redirect(303, await identity.landingAfterVerification(userId, res.locals.auth?.user.id === userId));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.redirect(303, `/verify-email?error=${error.code === 'expired-token' ? 'expired-token' : 'invalid-token'}`);
    }
  });

  router.post('/password-reset', json, async (req: Request, res: AuthResponse) => {
    const { email } = parseInput(passwordResetRequestSchema, req.body);
    await passwordReset.requestPasswordReset(email, contextOf(req));
    res.status(202).json({ status: 'queued' } satisfies AuthAnswer<'requestPasswordReset'>);
  });

  router.post('/password-reset/confirm', json, async (req: Request, res: AuthResponse) => {
    const { token, password } = parseInput(passwordResetConfirmSchema, req.body);
    await passwordReset.confirmPasswordReset(token, password, contextOf(req));
    if (res.locals.auth) cookie.clear(res);
    res.json({ status: 'password-changed' } satisfies AuthAnswer<'confirmPasswordReset'>);
  });

  return router;
}
