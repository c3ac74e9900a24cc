/**
 * The one typed client for the HTTP API. Each call names an endpoint of
 * common/api/ (method, path, body, query and answer types); every call is
 * same-origin JSON with the session cookie; every failure becomes an ApiError
 * carrying one of the codes of common/error-codes.ts, so screens only map codes
 * to words. A call the server refuses because the session has ended tells the
 * signed-out listener here, and only here (the auth state forgets the user).
 */
import type { PublicConfig, PublicUser } from '../../common/api-types.ts';
import * as configApi from '../../common/api/config.ts';
import { urlOf, type AnswerOf, type BodyOf, type Endpoint, type QueryOf, type QueryValues } from '../../common/api/endpoint.ts';
import * as sessionApi from '../../common/api/session.ts';
import { ERROR_FIELDS, isErrorCode, type ErrorCode, type ErrorField } from '../../common/error-codes.ts';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: ErrorField | undefined;
  /** The server's own words, when more exact than the code's (which Stripe permission a key lacks). */
  readonly detail: string | undefined;

  constructor(code: ErrorCode, status: number, field?: ErrorField, detail?: string) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
    this.detail = detail;
  }
}

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * Turns a failed answer into an ApiError. An unavailable server (our 503
 * `service-unavailable`, or a proxy's bare 502-504) reads to the user as a
 * network problem: SPEC.md has no other words for "try again shortly".
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const field = typeof error === 'object' && error !== null ? (error as { field?: unknown }).field : undefined;
  const knownField = typeof field === 'string' && (ERROR_FIELDS as readonly string[]).includes(field) ? (field as ErrorField) : undefined;
  if (code === 'service-unavailable' || (!isErrorCode(code) && GATEWAY_STATUSES.has(status))) {
    return new ApiError('network-request-failed', status, knownField);
  }
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  if (isErrorCode(code)) return new ApiError(code, status, knownField, typeof message === 'string' ? message : undefined);
  if (status === 429) return new ApiError('too-many-requests', status);
  return new ApiError('internal-error', status);
}

export function toErrorCode(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.code : 'internal-error';
}

const maintenanceListeners = new Set<() => void>();

/**
 * SPEC.md: maintenance replaces the whole app. A tab opened before it began
 * learns of it from its next call's 503 `maintenance`, not only after a reload.
 */
export function onMaintenanceAnswer(listener: () => void): () => void {
  maintenanceListeners.add(listener);
  return () => {
    maintenanceListeners.delete(listener);
  };
}

type SignedOutListener = () => void;
const signedOutListeners = new Set<SignedOutListener>();

/** Called whenever the server answers that no one is signed in any more; returns the unsubscribe. */
export function onSignedOut(listener: SignedOutListener): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

/** What a call of `endpoint` takes besides the endpoint: its body and query when it has them. */
export type CallOptions<E> = { params?: Record<string, string>; signal?: AbortSignal } & (BodyOf<E> extends undefined
  ? { body?: undefined }
  : { body: BodyOf<E> }) &
  (QueryOf<E> extends QueryValues ? { query: QueryOf<E> } : { query?: undefined });

/** Sends one call of the contract and resolves to its typed answer (undefined for an empty 204). */
export async function call<E extends Endpoint<unknown, QueryValues | undefined, unknown>>(
  endpoint: E,
  ...[options]: BodyOf<E> extends undefined ? (QueryOf<E> extends QueryValues ? [CallOptions<E>] : [CallOptions<E>?]) : [CallOptions<E>]
): Promise<AnswerOf<E>> {
  const { params, query, body, signal } = (options ?? {}) as { params?: Record<string, string>; query?: QueryValues; body?: unknown; signal?: AbortSignal };
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint.path, params, query), {
      method: endpoint.method,
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
  const text = await response.text().catch((error: unknown) => {
    // Aborted while the body was still arriving: the caller's decision again, not an empty answer.
    if (signal?.aborted) throw error;
    return '';
  });
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok) return parsed as AnswerOf<E>;
  const failure = toApiError(response.status, parsed);
  if (failure.code === 'unauthenticated') for (const listener of signedOutListeners) listener();
  if (failure.code === 'maintenance') for (const listener of maintenanceListeners) listener();
  throw failure;
}

export const api = {
  async getMaintenance(): Promise<boolean> {
    const answer = await call(configApi.maintenance);
    return answer.maintenance === true;
  },
  getConfig(): Promise<PublicConfig> {
    return call(configApi.config);
  },
  async getCurrentUser(signal?: AbortSignal): Promise<PublicUser | null> {
    const answer = await call(sessionApi.me, { signal });
    return answer.user ?? null;
  },
  async logout(): Promise<void> {
    await call(sessionApi.logout);
  },
};
