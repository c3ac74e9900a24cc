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
      headers: requestHeaders(body),
      body: requestBody(body),
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
  return settle<AnswerOf<E>>(response.status, text);
}

/** A FormData body (a file upload) goes as is, so the browser writes its multipart boundary; anything else is JSON. */
function requestHeaders(body: unknown): Record<string, string> {
  if (body === undefined || body instanceof FormData) return { Accept: 'application/json' };
  return { Accept: 'application/json', 'Content-Type': 'application/json' };
}

function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

/** The answer's JSON on success; otherwise its ApiError, after telling the signed-out and maintenance listeners. */
function settle<T>(status: number, text: string): T {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (status >= 200 && status < 300) return parsed as T;
  const failure = toApiError(status, parsed);
  if (failure.code === 'unauthenticated') for (const listener of signedOutListeners) listener();
  if (failure.code === 'maintenance') for (const listener of maintenanceListeners) listener();
  throw failure;
}

/** How far an upload is: bytes sent of the body's whole size. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Sends a FormData body (a big file) and reports how much of it went: fetch
 * cannot tell upload progress, XMLHttpRequest can. The answer is read as
 * `call` reads it, so failures are the same ApiErrors.
 */
export function sendForm<E extends Endpoint<FormData, QueryValues | undefined, unknown>>(
  endpoint: E,
  { body, params, onProgress, signal }: { body: FormData; params?: Record<string, string>; onProgress: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<AnswerOf<E>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const request = new XMLHttpRequest();
    request.open(endpoint.method, urlOf(endpoint.path, params, undefined));
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      try {
        resolve(settle<AnswerOf<E>>(request.status, request.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError('internal-error', request.status));
      }
    });
    request.addEventListener('error', () => reject(new ApiError('network-request-failed', 0)));
    // An abort is the caller's own decision, as in `call`: it rejects with the AbortError, not a network failure.
    request.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
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
