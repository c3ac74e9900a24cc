/** /api/auth (DESIGN.md "HTTP API"): the contract the client sends by and the auth routes answer by. */
import type { MeResponse, PublicUser } from '../api-types.ts';
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

export const authApi = {
  signup: endpoint<SignupBody, undefined, UserAnswer>('POST', '/api/auth/signup'),
  login: endpoint<LoginBody, undefined, UserAnswer>('POST', '/api/auth/login'),
  logout: endpoint<undefined, undefined, void>('POST', '/api/auth/logout'),
  me: endpoint<undefined, undefined, MeResponse>('GET', '/api/auth/me'),
  resendVerificationEmail: endpoint<undefined, undefined, QueuedAnswer>('POST', '/api/auth/verification-email'),
  requestPasswordReset: endpoint<PasswordResetBody, undefined, QueuedAnswer>('POST', '/api/auth/password-reset'),
  confirmPasswordReset: endpoint<PasswordResetConfirmBody, undefined, PasswordChangedAnswer>('POST', '/api/auth/password-reset/confirm'),
} as const;

/** Not JSON: a full-page round trip through the server's OpenID Connect flow. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
