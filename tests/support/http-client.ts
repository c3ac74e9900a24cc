/**
 * A browser-like HTTP client for integration tests: it keeps cookies, sends the
 * app's Origin on state-changing calls, and does not follow redirects, so a test
 * sees exactly what a browser would be told.
 */
/** A plain HTML form's post, as a browser without JavaScript sends it: `client.post(path, formBody({...}), FORM)`. */
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export interface TestResponse<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
  text: string;
}

export interface TestClient {
  cookies: Map<string, string>;
  get<Body = unknown>(path: string, headers?: Record<string, string>): Promise<TestResponse<Body>>;
  post<Body = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<Body>>;
  patch<Body = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<Body>>;
  /** Follows a link from a mail or a redirect, the way a browser tab would. */
  visit(url: string): Promise<TestResponse>;
}

function storeCookies(jar: Map<string, string>, headers: Headers) {
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute)) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

export function createTestClient(baseUrl: string, origin = baseUrl): TestClient {
  const cookies = new Map<string, string>();

  async function request<Body>(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const url = new URL(path, baseUrl);
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(method === 'GET' ? {} : { origin: new URL(origin).origin }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    storeCookies(cookies, response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as Body, text };
  }

  return {
    cookies,
    get: (path, headers) => request('GET', path, undefined, headers),
    post: (path, body, headers) => request('POST', path, body, headers),
    patch: (path, body, headers) => request('PATCH', path, body, headers),
    visit: (url) => {
      const target = new URL(url);
      return request('GET', `${target.pathname}${target.search}`, undefined);
    },
  };
}
