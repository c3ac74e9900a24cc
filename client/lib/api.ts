/**
 * The one typed client for the HTTP API of DESIGN.md. Every call is same-origin
 * JSON with the session cookie; every failure becomes an ApiError carrying one
 * of the codes of common/error-codes.ts, so screens only map codes to words.
 */
import type { MaintenanceResponse, MeResponse, PublicConfig, PublicUser } from '../../common/api-types.ts';
import { isErrorCode, type ErrorCode, type ErrorField } from '../../common/error-codes.ts';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: ErrorField | undefined;

  constructor(code: ErrorCode, status: number, field?: ErrorField) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

const GATEWAY_STATUSES = new Set([502, 503, 504]);
const ERROR_FIELDS: readonly string[] = ['email', 'password', 'fullName', 'niche', 'customNiche', 'agreeToTerms', 'token'];

/**
 * Turns a failed answer into an ApiError. An unavailable server (our 503
 * `service-unavailable`, or a proxy's bare 502-504) reads to the user as a
 * network problem: SPEC.md has no other words for "try again shortly".
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const field = typeof error === 'object' && error !== null ? (error as { field?: unknown }).field : undefined;
  const knownField = typeof field === 'string' && ERROR_FIELDS.includes(field) ? (field as ErrorField) : undefined;
  if (code === 'service-unavailable' || (!isErrorCode(code) && GATEWAY_STATUSES.has(status))) {
    return new ApiError('network-request-failed', status, knownField);
  }
  if (isErrorCode(code)) return new ApiError(code, status, knownField);
  if (status === 429) return new ApiError('too-many-requests', status);
  return new ApiError('internal-error', status);
}

export function toErrorCode(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.code : 'internal-error';
}

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

async function request<T>(method: 'GET' | 'POST', path: string, { body, signal }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    // An abort is the caller's own decision, not a network failure: let it through unchanged.
    if (signal?.aborted) throw error;
    throw new ApiError('network-request-failed', 0);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed as T;
}

export interface SignupRequest {
  fullName: string;
  email: string;
  password: string;
  niche: string;
  customNiche?: string;
  agreeToTerms: boolean;
}

interface UserResponse {
  user: PublicUser;
}

/** A first Google sign-in's terms step (server/http/routes/google-routes.ts). */
export interface GoogleSignupIdentity {
  email: string;
  fullName: string;
}

export interface GoogleSignupRequest {
  niche: string;
  customNiche?: string;
  agreeToTerms: boolean;
}

export const api = {
  async getMaintenance(): Promise<boolean> {
    const answer = await request<MaintenanceResponse>('GET', '/api/config/maintenance');
    return answer.maintenance === true;
  },
  getConfig(): Promise<PublicConfig> {
    return request<PublicConfig>('GET', '/api/config');
  },
  async getCurrentUser(signal?: AbortSignal): Promise<PublicUser | null> {
    const answer = await request<MeResponse>('GET', '/api/auth/me', { signal });
    return answer.user ?? null;
  },
  async signup(input: SignupRequest): Promise<PublicUser> {
    return (await request<UserResponse>('POST', '/api/auth/signup', { body: input })).user;
  },
  async login(email: string, password: string): Promise<PublicUser> {
    return (await request<UserResponse>('POST', '/api/auth/login', { body: { email, password } })).user;
  },
  getGoogleSignup(): Promise<GoogleSignupIdentity> {
    return request<GoogleSignupIdentity>('GET', '/api/auth/google/signup');
  },
  async completeGoogleSignup(input: GoogleSignupRequest): Promise<PublicUser> {
    return (await request<UserResponse>('POST', '/api/auth/google/signup', { body: input })).user;
  },
  async logout(): Promise<void> {
    await request<undefined>('POST', '/api/auth/logout');
  },
  async resendVerificationEmail(): Promise<void> {
    await request<unknown>('POST', '/api/auth/verification-email');
  },
  async requestPasswordReset(email: string): Promise<void> {
    await request<unknown>('POST', '/api/auth/password-reset', { body: { email } });
  },
  async confirmPasswordReset(token: string, password: string): Promise<void> {
    await request<unknown>('POST', '/api/auth/password-reset/confirm', { body: { token, password } });
  },
};

export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

/** Google sign-in is a full-page round trip through the server's OpenID Connect flow. */
export function startGoogleSignIn(): void {
  window.location.assign(GOOGLE_SIGN_IN_PATH);
}
