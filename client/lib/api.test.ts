import { afterEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../../common/api/auth.ts';
import { endpoint } from '../../common/api/endpoint.ts';
import { ApiError, api, call, onMaintenanceAnswer, onSignedOut, toApiError } from './api.ts';

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toApiError', () => {
  it('keeps the code and field the server sent', () => {
    const error = toApiError(400, { error: { code: 'invalid-email', message: 'x', field: 'email' } });
    expect(error).toMatchObject({ code: 'invalid-email', status: 400, field: 'email' });
  });

  it('shows an unavailable server as a network problem', () => {
    expect(toApiError(503, { error: { code: 'service-unavailable', message: 'x' } }).code).toBe('network-request-failed');
    expect(toApiError(502, undefined).code).toBe('network-request-failed');
  });

  it('falls back to internal-error for answers it cannot read', () => {
    expect(toApiError(500, 'oops').code).toBe('internal-error');
    expect(toApiError(400, { error: { code: 'made-up' } }).code).toBe('internal-error');
  });

  it('reads a bare 429 as too-many-requests', () => {
    expect(toApiError(429, undefined).code).toBe('too-many-requests');
  });

  it('drops a field name it does not know', () => {
    expect(toApiError(400, { error: { code: 'invalid-input', field: 'evil' } }).field).toBeUndefined();
  });
});

describe('api', () => {
  it('lets an abort through when it comes while the body is still arriving', async () => {
    const controller = new AbortController();
    const body = new ReadableStream({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"user":'));
        controller.signal.addEventListener('abort', () => stream.error(new DOMException('Aborted', 'AbortError')));
      },
    });
    vi.stubGlobal('fetch', async () => new Response(body, { status: 200 }));
    const pending = call(authApi.login, { body: { email: 'a@b.co', password: 'secret-password' }, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends JSON with the session cookie and returns the user', async () => {
    const user = { uid: 'u1', email: 'a@b.co', emailVerified: false };
    const fetchMock = vi.fn(async () => answer(200, { user }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(authApi.login, { body: { email: 'a@b.co', password: 'secret-password' } })).resolves.toEqual({ user });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin', body: JSON.stringify({ email: 'a@b.co', password: 'secret-password' }) }),
    );
  });

  it('turns a failed fetch into network-request-failed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.getCurrentUser()).rejects.toMatchObject({ code: 'network-request-failed' });
  });

  it('throws an ApiError for an error answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(409, { error: { code: 'email-already-in-use', message: 'x', field: 'email' } })));
    const failure = call(authApi.signup, { body: { fullName: 'A', email: 'a@b.co', password: '12345678', niche: 'art', agreeToTerms: true } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'email-already-in-use', field: 'email' });
  });

  it('accepts an empty 204 answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(api.logout()).resolves.toBeUndefined();
  });

  it('reads the maintenance flag strictly', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { maintenance: 'yes' })));
    await expect(api.getMaintenance()).resolves.toBe(false);
  });

  it('tells the maintenance listeners of a 503 `maintenance` answer, and only of that', async () => {
    const heard = vi.fn();
    const stop = onMaintenanceAnswer(heard);
    try {
      vi.stubGlobal('fetch', vi.fn(async () => answer(503, { error: { code: 'service-unavailable', message: 'x' } })));
      await expect(call(authApi.login, { body: { email: 'a@b.co', password: 'secret-password' } })).rejects.toMatchObject({ code: 'network-request-failed' });
      expect(heard).not.toHaveBeenCalled();
      vi.stubGlobal('fetch', vi.fn(async () => answer(503, { error: { code: 'maintenance', message: 'x' } })));
      await expect(call(authApi.login, { body: { email: 'a@b.co', password: 'secret-password' } })).rejects.toMatchObject({ code: 'maintenance' });
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
    await expect(api.logout()).rejects.toMatchObject({ code: 'maintenance' });
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe('call', () => {
  const patchThing = endpoint<{ title: string }, undefined, { id: string }>('PATCH', '/api/things/:id');
  const deleteThing = endpoint<undefined, undefined, void>('DELETE', '/api/things/:id');
  const listThings = endpoint<undefined, { status?: string; page: number }, { ids: string[] }>('GET', '/api/things');

  it('sends a FormData body as is, without a JSON content type, so the browser writes the multipart boundary', async () => {
    const upload = endpoint<FormData, undefined, { id: string }>('POST', '/api/uploads');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer(201, { id: 'u1' }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('source', 'mailchimp');
    await expect(call(upload, { body: form })).resolves.toEqual({ id: 'u1' });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ Accept: 'application/json' });
  });

  it('sends any method to the path of the contract, parameters filled in, with a typed answer', async () => {
    const fetchMock = vi.fn(async () => answer(200, { id: 'x 1' }));
    vi.stubGlobal('fetch', fetchMock);
    const changed = await call(patchThing, { params: { id: 'x 1' }, body: { title: 'Hello' } });
    expect(changed.id).toBe('x 1');
    expect(fetchMock).toHaveBeenCalledWith('/api/things/x%201', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ title: 'Hello' }) }));

    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    await expect(call(deleteThing, { params: { id: 'x' } })).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/things/x', expect.objectContaining({ method: 'DELETE', body: undefined }));
  });

  it('puts the query in the URL, leaving out what is undefined', async () => {
    const fetchMock = vi.fn(async () => answer(200, { ids: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await call(listThings, { query: { status: undefined, page: 2 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/things?page=2', expect.objectContaining({ method: 'GET' }));
  });

  it('tells the signed-out listeners when the session has ended, and only then', async () => {
    const signedOut = vi.fn();
    const stop = onSignedOut(signedOut);
    try {
      vi.stubGlobal('fetch', vi.fn(async () => answer(401, { error: { code: 'unauthenticated', message: 'x' } })));
      await expect(call(authApi.resendVerificationEmail)).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
      expect(signedOut).toHaveBeenCalledTimes(1);

      // A wrong password is a 401 too, but nobody was signed in to lose.
      vi.stubGlobal('fetch', vi.fn(async () => answer(401, { error: { code: 'wrong-password', message: 'x', field: 'password' } })));
      await expect(call(authApi.login, { body: { email: 'a@b.co', password: 'nope-nope' } })).rejects.toMatchObject({ code: 'wrong-password' });
      expect(signedOut).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { error: { code: 'unauthenticated', message: 'x' } })));
    await expect(call(authApi.resendVerificationEmail)).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).toHaveBeenCalledTimes(1);
  });
});
