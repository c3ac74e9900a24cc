import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/error-codes.ts';
import { authEvents, users } from '../../db/schema.ts';
import { HYDRATE_AFTER_PAINT_SCRIPT } from '../../server/web-app/hydrate-after-paint.ts';
import { signUp, signupBody, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { createTestClient, type TestResponse } from '../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer, type TestServerOptions } from '../support/test-server.ts';

// Tests only move this clock forward, and each measures from its current time.
const time = createTestClock();
let server: TestServer;
/** Servers a test starts for itself; stopped newest first, so a server sharing a database stops before its owner. */
const extraServers: TestServer[] = [];
beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
});
afterAll(async () => {
  for (const extra of extraServers.reverse()) await extra.stop();
  await server?.stop();
});

async function startExtra(options: TestServerOptions): Promise<TestServer> {
  const started = await startTestServer(options);
  extraServers.push(started);
  return started;
}

/** A POST with exactly the headers given: no Origin unless the test sets one. */
async function rawPost(path: string, headers: Record<string, string>, body: string | undefined = '{}') {
  const response = await fetch(new URL(path, server.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? (JSON.parse(text) as { error?: { code: string } }) : undefined };
}

function expectErrorAnswer(response: TestResponse | Awaited<ReturnType<typeof rawPost>>, status: number, code?: string) {
  expect(response.status, response.text).toBe(status);
  const error = (response.body as { error: { code: string; message: string } }).error;
  expect(ERROR_CODES).toContain(error.code);
  expect(typeof error.message).toBe('string');
  if (code) expect(error.code).toBe(code);
  expect(response.text).not.toMatch(/\bat .*\.(ts|js):\d+|Error:|stack/);
}

describe('origin check on state-changing requests', () => {
  it('refuses a POST from another origin with 403 forbidden-origin', async () => {
    const { email, password } = await signUp(server);
    const attacker = createTestClient(server.url, 'http://evil.example');
    for (const [path, body] of [['/api/auth/login', { email, password }], ['/api/auth/signup', signupBody()], ['/api/auth/logout', undefined]] as const) {
      expectErrorAnswer(await attacker.post(path, body), 403, 'forbidden-origin');
    }
    // The same origin on another port is another origin.
    const port = Number(new URL(server.url).port);
    expectErrorAnswer(await rawPost('/api/auth/login', { origin: `http://127.0.0.1:${port + 1}` }, JSON.stringify({ email, password })), 403, 'forbidden-origin');
  });

  it('refuses a POST from another origin even when it claims Sec-Fetch-Site same-origin', async () => {
    expectErrorAnswer(await rawPost('/api/auth/logout', { origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' }), 403, 'forbidden-origin');
  });

  it('refuses a POST with neither Origin nor Sec-Fetch-Site, or with a cross-site one', async () => {
    expectErrorAnswer(await rawPost('/api/auth/logout', {}), 403, 'forbidden-origin');
    expectErrorAnswer(await rawPost('/api/auth/logout', { 'sec-fetch-site': 'cross-site' }), 403, 'forbidden-origin');
    expectErrorAnswer(await rawPost('/api/auth/logout', { 'sec-fetch-site': 'same-site' }), 403, 'forbidden-origin');
    expectErrorAnswer(await rawPost('/api/auth/logout', { origin: 'null' }), 403, 'forbidden-origin');
  });

  it('allows a POST without Origin when Sec-Fetch-Site says same-origin', async () => {
    const { email, password } = await signUp(server);
    const response = await rawPost('/api/auth/login', { 'sec-fetch-site': 'same-origin' }, JSON.stringify({ email, password }));
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((line) => line.startsWith('session='))).toBe(true);
  });

  it('does not check safe methods', async () => {
    const response = await fetch(new URL('/api/auth/me', server.url), { headers: { origin: 'http://evil.example' } });
    expect(response.status).toBe(200);
  });
});

describe('bad input', () => {
  it('answers 413 payload-too-large for a JSON body over 16 kB', async () => {
    const client = createTestClient(server.url);
    const big = { email: uniqueEmail(), password: 'x'.repeat(17 * 1024) };
    expectErrorAnswer(await client.post('/api/auth/login', big), 413, 'payload-too-large');
    expectErrorAnswer(await client.post('/api/auth/signup', signupBody({ fullName: 'y'.repeat(17 * 1024) })), 413, 'payload-too-large');
  });

  it('answers 400 invalid-input for malformed JSON', async () => {
    const client = createTestClient(server.url);
    for (const text of ['{"email":', '{email: "a@b.co"}', 'not json at all', '{"email":"a@b.co",}']) {
      expectErrorAnswer(await client.post('/api/auth/login', text), 400, 'invalid-input');
    }
  });

  it.each([
    ['/api/auth/login', '[]'],
    ['/api/auth/login', '[{"email":"a@b.co","password":"violet-harbour-71"}]'],
    ['/api/auth/login', 'null'],
    ['/api/auth/login', '42'],
    ['/api/auth/login', '"a@b.co"'],
    ['/api/auth/login', '{"email":["a@b.co"],"password":"violet-harbour-71"}'],
    ['/api/auth/login', '{"email":42,"password":"violet-harbour-71"}'],
    ['/api/auth/login', '{"email":null,"password":null}'],
    ['/api/auth/login', '{"email":"a@b.co","password":{"$gt":""}}'],
    ['/api/auth/login', '{"email":"a@b.co","password":12345678}'],
    ['/api/auth/signup', '{"fullName":5,"email":[],"password":{},"niche":null,"agreeToTerms":"true"}'],
    ['/api/auth/signup', '{"fullName":"A","email":"a@b.co","password":"violet-harbour-71","niche":["music"],"agreeToTerms":true}'],
    ['/api/auth/signup', '{"fullName":"A","email":"a@b.co","password":"violet-harbour-71","niche":"other","customNiche":7,"agreeToTerms":true}'],
    ['/api/auth/signup', '{"__proto__":{"agreeToTerms":true},"fullName":"A","email":"a@b.co","password":"violet-harbour-71","niche":"music"}'],
    ['/api/auth/password-reset', '{"email":{"toLowerCase":1}}'],
    ['/api/auth/password-reset/confirm', '{"token":123,"password":[]}'],
    ['/api/auth/password-reset/confirm', '{"token":"abc","password":null}'],
  ])('answers 400 with a code, never 500, for %s %s', async (path, text) => {
    expectErrorAnswer(await createTestClient(server.url).post(path, text), 400);
  });

  it('answers 400 with a code for a body that is not JSON at all', async () => {
    const response = await rawPost('/api/auth/login', { origin: new URL(server.url).origin, 'content-type': 'text/plain' }, 'email=a@b.co&password=x');
    expectErrorAnswer(response, 400, 'missing-email');
  });

  it('answers 404 not-found as JSON for an unknown /api path', async () => {
    const client = createTestClient(server.url);
    for (const response of [await client.get('/api/nothing-here'), await client.get('/api/auth/nothing-here'), await client.post('/api/nothing-here', {})]) {
      expectErrorAnswer(response, 404, 'not-found');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});

describe('response headers', () => {
  function cspOf(response: Response | { headers: Headers }) {
    const csp = response.headers.get('content-security-policy');
    expect(csp).toBeTruthy();
    return new Map(csp!.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }));
  }

  function expectCommonHeaders(headers: Headers) {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.has('x-powered-by')).toBe(false);
    // Plain http: no HSTS (it would pin a local http origin to https).
    expect(headers.has('strict-transport-security')).toBe(false);
  }

  it('on JSON answers: a CSP that allows nothing, no framing, same-origin resources', async () => {
    const client = createTestClient(server.url);
    for (const response of [await client.get('/api/auth/me'), await client.get('/api/nothing-here'), await client.post('/api/auth/login', {})]) {
      const directives = cspOf(response);
      expect(directives.get('default-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expectCommonHeaders(response.headers);
    }
    for (const path of ['/api/config/maintenance', '/healthz']) {
      expect((await client.get(path)).headers.has('x-powered-by'), path).toBe(false);
    }
  });

  it('on pages: a CSP the SPA runs under, without eval or inline scripts but the pre-rendered pages\' loader, and a framing ban', async () => {
    const response = await createTestClient(server.url).get('/any/page');
    const directives = cspOf(response);
    expect(directives.get('default-src')).toContain("'self'");
    // The one inline script allowed, by the hash of its exact text (docs/decisions/118).
    const loaderHash = `'sha256-${createHash('sha256').update(HYDRATE_AFTER_PAINT_SCRIPT).digest('base64')}'`;
    expect(directives.get('script-src')).toEqual(["'self'", loaderHash]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    // Only blob: beyond our origin, for the MediaSource that hls.js feeds a <video> (decision 039).
    expect(directives.get('media-src')).toEqual(["'self'", 'blob:']);
    expectCommonHeaders(response.headers);
  });
});

describe('login back-off for one e-mail from one address', () => {
  it('answers 429 after 5 failures, doubles the wait, and leaves other e-mails alone', async () => {
    const { email, password } = await signUp(server);
    const other = await signUp(server);
    const client = createTestClient(server.url);
    const attempt = (who: string, secret: string) => client.post('/api/auth/login', { email: who, password: secret });

    for (let failure = 1; failure <= 5; failure += 1) {
      expectErrorAnswer(await attempt(email, `wrong-password-${failure}`), 401, 'invalid-login-credentials');
    }
    const blocked = await attempt(email, 'wrong-password-6');
    expectErrorAnswer(blocked, 429, 'too-many-requests');
    expect(blocked.body).toMatchObject({ error: { field: 'password' } });
    expect(blocked.headers.get('retry-after')).toBe('1');
    // Backed off means backed off: even the right password waits.
    expectErrorAnswer(await attempt(email, password), 429, 'too-many-requests');

    // Another e-mail from the same address is not held back by this one's failures.
    expect((await attempt(other.email, other.password)).status).toBe(200);
    expectErrorAnswer(await createTestClient(server.url).post('/api/auth/login', { email: other.email, password: 'wrong-password-x' }), 401, 'invalid-login-credentials');

    time.advance(1100);
    expectErrorAnswer(await attempt(email, 'wrong-password-7'), 401, 'invalid-login-credentials');
    const longer = await attempt(email, password);
    expectErrorAnswer(longer, 429, 'too-many-requests');
    expect(longer.headers.get('retry-after')).toBe('2');

    time.advance(2100);
    expect((await attempt(email, password)).status).toBe(200);
    // A success clears the back-off: five fresh failures are free again.
    expectErrorAnswer(await attempt(email, 'wrong-password-8'), 401, 'invalid-login-credentials');
  });

  it('counts an unknown e-mail like a known one', async () => {
    const email = uniqueEmail('nobody');
    const client = createTestClient(server.url);
    for (let failure = 1; failure <= 5; failure += 1) {
      expect((await client.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    }
    expectErrorAnswer(await client.post('/api/auth/login', { email, password: STRONG_PASSWORD }), 429, 'too-many-requests');
  });
});

describe('per-address limits', () => {
  it('refuses the 4th sign-up from one address with RATE_LIMIT_SIGNUPS_PER_IP=3, whatever X-Forwarded-For says', async () => {
    const limited = await startExtra({ env: { RATE_LIMIT_SIGNUPS_PER_IP: '3' } });
    for (let signup = 1; signup <= 3; signup += 1) await signUp(limited);

    const fourth = await createTestClient(limited.url).post('/api/auth/signup', signupBody());
    expectErrorAnswer(fourth, 429, 'too-many-requests');
    expect(fourth.body).toMatchObject({ error: { field: 'email' } });
    const retryAfter = Number(fourth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Without TRUST_PROXY the header is the client's word, not its address.
    const disguised = await createTestClient(limited.url).post('/api/auth/signup', signupBody(), { 'x-forwarded-for': '203.0.113.7' });
    expectErrorAnswer(disguised, 429, 'too-many-requests');
    expect(await limited.handle.db.$count(users)).toBe(3);
    const ips = await limited.handle.db.selectDistinct({ ip: authEvents.ip }).from(authEvents);
    expect(ips).toEqual([{ ip: '127.0.0.1' }]);
  });

  it('refuses logins from an address with 4 failures across different e-mails (RATE_LIMIT_LOGIN_FAILURES_PER_IP=4)', async () => {
    const limited = await startExtra({ env: { RATE_LIMIT_LOGIN_FAILURES_PER_IP: '4' } });
    const { email, password } = await signUp(limited);
    const client = createTestClient(limited.url);
    for (let failure = 1; failure <= 4; failure += 1) {
      const response = await client.post('/api/auth/login', { email: uniqueEmail(`spray${failure}`), password: STRONG_PASSWORD }, { 'x-forwarded-for': `198.51.100.${failure}` });
      expectErrorAnswer(response, 401, 'invalid-login-credentials');
    }
    const refused = await client.post('/api/auth/login', { email, password }, { 'x-forwarded-for': '198.51.100.99' });
    expectErrorAnswer(refused, 429, 'too-many-requests');
    expect(refused.body).toMatchObject({ error: { field: 'password' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('hold across a restart: a new server on the same database still refuses', async () => {
    const clock = createTestClock();
    const env = { RATE_LIMIT_SIGNUPS_PER_IP: '2' };
    const first = await startExtra({ env, clock: clock.clock });
    const { email, password } = await signUp(first);
    await signUp(first);
    for (let failure = 1; failure <= 5; failure += 1) {
      expect((await createTestClient(first.url).post('/api/auth/login', { email, password: `wrong-${failure}` })).status).toBe(401);
    }
    await first.close();

    const second = await startExtra({ env, clock: clock.clock, shareWith: first });
    expectErrorAnswer(await createTestClient(second.url).post('/api/auth/signup', signupBody()), 429, 'too-many-requests');
    expectErrorAnswer(await createTestClient(second.url).post('/api/auth/login', { email, password }), 429, 'too-many-requests');
  });
});

describe('logs', () => {
  it('never contain a password, a session token, a mailed token or a password hash', async () => {
    const lines: string[] = [];
    const clock = createTestClock();
    const logged = await startExtra({ env: { LOG_LEVEL: 'trace' }, clock: clock.clock, logStream: { write: (line: string) => void lines.push(line) } });
    const secrets: string[] = [];

    const signupPassword = 'saffron-kettle-93';
    const { client, email } = await signUp(logged, { password: signupPassword });
    secrets.push(signupPassword, client.cookies.get('session')!);
    const [verification] = await logged.smtp.waitForMail(email);
    secrets.push(new URL(verification!.links[0]!).searchParams.get('token')!);
    await client.visit(verification!.links[0]!);
    await client.post('/api/auth/logout');

    const wrongPassword = 'wrong-but-secret-42';
    secrets.push(wrongPassword);
    await client.post('/api/auth/login', { email, password: wrongPassword });
    await client.post('/api/auth/login', `{"email":"${email}","password":"truncated-secret-77`);
    secrets.push('truncated-secret-77');
    await client.post('/api/auth/login', { email, password: signupPassword });
    secrets.push(client.cookies.get('session')!);
    await client.get('/api/auth/me');

    clock.advance(61_000);
    await client.post('/api/auth/password-reset', { email });
    const reset = (await logged.smtp.waitForMail(email, { count: 2 }))[1]!;
    const resetToken = new URL(reset.links[0]!).searchParams.get('token')!;
    const newPassword = 'juniper-compass-64';
    secrets.push(resetToken, newPassword);
    expect((await client.post('/api/auth/password-reset/confirm', { token: resetToken, password: newPassword })).status).toBe(200);
    await createTestClient(logged.url).post('/api/auth/password-reset/confirm', { token: resetToken, password: 'another-secret-55' });
    secrets.push('another-secret-55');

    const [row] = await logged.handle.db.select().from(users).where(eq(users.email, email));
    secrets.push(row!.passwordHash!);
    secrets.push(...secrets.filter((secret) => /^[a-z2-7]{32}$/.test(secret)).map((token) => createHash('sha256').update(token).digest('hex')));

    const log = lines.join('');
    // The logs are there (so their silence about secrets means something)...
    expect(log).toContain('"url":"/api/auth/login"');
    expect(log).toContain('"url":"/api/auth/verify-email"');
    expect(log).toContain('"url":"/api/auth/password-reset/confirm"');
    // ...and hold none of the secrets, nor a cookie header.
    for (const secret of secrets) expect(log, `log leaks ${secret.slice(0, 6)}...`).not.toContain(secret);
    expect(log).not.toMatch(/session=/);
    expect(log).not.toMatch(/token=/);
  });
});
