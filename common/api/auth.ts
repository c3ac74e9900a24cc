/**
 * /api/auth (DESIGN.md "HTTP API"): signing up, in and the mailed links; the
 * contract the client sends by and the auth routes answer by. Who is signed in
 * and signing out are in session.ts, which the main bundle needs; these only
 * the auth screens do.
 */
import type { PublicUser } from '../api-types.ts';
import { endpoint } from './endpoint.ts';

export interface SignupBody {
  fullName: string;
  email: string;
  password: string;
  niche: string;
  /** Sent only when the niche is 'other'. */
  customNiche?: string;
  agreeToTerms: boolean;
}

export interface LoginBody {
  email: string;
  password: string;
}

export interface PasswordResetBody {
  email: string;
}

export interface PasswordResetConfirmBody {
  token: string;
  password: string;
}

export interface UserAnswer {
  user: PublicUser;
}

/** A mail was put in the outbox (or, to hide whether the address exists, would have been). */
export interface QueuedAnswer {
  status: 'queued';
}

export interface PasswordChangedAnswer {
  status: 'password-changed';
}

/** Who a first Google sign-in is, shown on its terms step (server/auth/google-routes.ts). */
export interface GoogleSignupIdentity {
  email: string;
  fullName: string;
  /** Set when the sign-in began on a creator's join page: the account is a member's, and no niche is asked. */
  joining?: { handle: string; title: string };
}

/** A creator's terms step sends the niche; a member's (joining a site) only the terms. */
export interface GoogleSignupBody {
  niche?: string;
  /** Sent only when the niche is 'other'. */
  customNiche?: string;
  agreeToTerms: boolean;
}

/** The new account, and for a member the join page to go back to. */
export interface GoogleSignupAnswer extends UserAnswer {
  next?: string;
}

// One export per endpoint (read as `import * as authApi`): a chunk carries only the calls it makes.
export const signup = endpoint<SignupBody, undefined, UserAnswer>('POST', '/api/auth/signup');
export const login = endpoint<LoginBody, undefined, UserAnswer>('POST', '/api/auth/login');
export const resendVerificationEmail = endpoint<undefined, undefined, QueuedAnswer>('POST', '/api/auth/verification-email');
export const requestPasswordReset = endpoint<PasswordResetBody, undefined, QueuedAnswer>('POST', '/api/auth/password-reset');
export const confirmPasswordReset = endpoint<PasswordResetConfirmBody, undefined, PasswordChangedAnswer>('POST', '/api/auth/password-reset/confirm');

export const googleSignupIdentity = endpoint<undefined, undefined, GoogleSignupIdentity>('GET', '/api/auth/google/signup');
export const completeGoogleSignup = endpoint<GoogleSignupBody, undefined, GoogleSignupAnswer>('POST', '/api/auth/google/signup');

/** Not JSON: a full-page round trip through the server's OpenID Connect flow; `?next=` (a page of a creator's site) is where it returns. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
