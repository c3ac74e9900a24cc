/**
 * Cross-site request forgery (issue 5, "CSRF and origins"): every
 * state-changing call, sent with the victim's session cookie as a browser
 * would, from every kind of foreign or missing origin, is refused with 403
 * and changes nothing. security.test.ts covers three endpoints; this covers all.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../common/api-types.ts';
import { mailOutbox, sessions, users } from '../../../db/schema.ts';
import { signUp, signupBody, STRONG_PASSWORD } from '../../support/accounts.ts';
import { expectCodedRefusal, HIGH_RATE_LIMITS, printSummary } from '../../support/fault-checks.ts';
import { createTestClient } from '../../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../../support/test-server.ts';

const time = createTestClock();
let server: TestServer;
const counts = { 'forged requests tried': 0, 'refused with 403': 0, '500s seen': 0 };

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock, env: HIGH_RATE_LIMITS });
});
afterAll(async () => {
  printSummary('csrf-and-origins', counts);
  await server?.stop();
  expect(counts['500s seen']).toBe(0);
});

/** Headers a forged request could arrive with: foreign origins, look-alikes of ours, and none at all. */
function forgedHeaderSets(): Record<string, string>[] {
  const app = new URL(server.url);
  const port = Number(app.port);
  return [
    { origin: 'http://evil.example' },
    { origin: 'null' },
    { origin: `http://127.0.0.1:${port + 1}` },
    { origin: `https://127.0.0.1:${port}` },
    { origin: `http://localhost:${port}` },
    { origin: `${app.origin}.evil.example` },
    { origin: `${app.origin}/` },
    { origin: `${app.origin} http://evil.example` },
    { origin: app.origin.toUpperCase() },
    { origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' },
    {},
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'none' },
    { referer: `${server.url}/login` },
  ];
}

const CONTENT_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded'];

async function forge(method: string, path: string, headers: Record<string, string>, cookie: string, body: string, type: string) {
  counts['forged requests tried'] += 1;
  const response = await fetch(new URL(path, server.url), { method, redirect: 'manual', headers: { cookie, 'content-type': type, ...headers }, body });
  const answer = { status: response.status, headers: response.headers, text: await response.text() };
  if (answer.status >= 500) counts['500s seen'] += 1;
  const context = `${method} ${path} ${JSON.stringify(headers)} ${type}`;
  expect(expectCodedRefusal(answer, context)).toBe('forbidden-origin');
  expect(answer.status, context).toBe(403);
  // No CORS grant either: a foreign page can neither send this nor read the answer.
  expect(answer.headers.has('access-control-allow-origin'), context).toBe(false);
  expect(answer.headers.getSetCookie(), context).toEqual([]);
  counts['refused with 403'] += 1;
}

describe('state-changing calls carrying the victim’s cookie from a foreign or missing origin', () => {
  it('are refused with 403 on every endpoint and method, and change nothing', async () => {
    const victim = await signUp(server);
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, victim.email));
    time.advance(2000);
    expect((await victim.client.post('/api/auth/password-reset', { email: victim.email })).status).toBe(202);
    const resetMail = (await server.smtp.waitForMail(victim.email, { count: 2 })).find((mail) => mail.subject.includes('Reset your'))!;
    const resetToken = new URL(resetMail.links[0]!).searchParams.get('token')!;
    time.advance(2000);

    const cookie = `session=${victim.client.cookies.get('session')}`;
    const usersBefore = await server.handle.db.$count(users);
    const mailsBefore = await server.handle.db.$count(mailOutbox);
    const sessionsBefore = await server.handle.db.$count(sessions);

    const calls: [string, string, unknown][] = [
      ['POST', '/api/auth/signup', signupBody()],
      ['POST', '/api/auth/login', { email: victim.email, password: victim.password }],
      ['POST', '/api/auth/logout', {}],
      ['POST', '/api/auth/verification-email', {}],
      ['POST', '/api/auth/password-reset', { email: victim.email }],
      ['POST', '/api/auth/password-reset/confirm', { token: resetToken, password: 'attacker-chosen-77' }],
      ['PUT', '/api/auth/me', { fullName: 'Mallory' }],
      ['PATCH', '/api/auth/me', { fullName: 'Mallory' }],
      ['DELETE', '/api/auth/me', {}],
      ['DELETE', '/api/auth/logout', {}],
      ['POST', '/api/config/maintenance', { maintenance: true }],
      ['POST', '/api/admin/session', { email: victim.email, password: victim.password }],
      ['DELETE', '/api/admin/session', {}],
      ['PUT', '/api/admin/maintenance', { maintenance: true }],
      ['POST', '/api/sites', { handle: 'forged-site', title: 'Forged' }],
      ['PATCH', '/api/sites/mine', { title: 'Forged' }],
      ['PATCH', '/api/onboarding', { step: 5 }],
      ['POST', '/api/onboarding/finish', {}],
      ['PATCH', '/api/profile', { niche: 'crypto' }],
      ['POST', '/api/sites/any-site/join', { tierId: '00000000-0000-4000-8000-000000000000' }],
      ['POST', '/@any-site/join', { tierId: '00000000-0000-4000-8000-000000000000' }],
      ['POST', '/api/posts', { title: 'Forged', body: { type: 'doc', content: [] } }],
      ['PATCH', `/api/posts/${crypto.randomUUID()}`, { title: 'Forged' }],
      ['DELETE', `/api/posts/${crypto.randomUUID()}`, {}],
      ['PUT', '/api/design/draft', { design: {}, revision: 0 }],
      ['POST', '/api/design/publish', { revision: 0 }],
      ['POST', '/api/design/discard', { revision: 0 }],
      ['POST', `/api/design/versions/${crypto.randomUUID()}/restore`, { revision: 0 }],
      ['POST', '/api/support/messages', { subject: 'Forged', message: 'Forged' }],
      ['PUT', `/api/admin/sites/${crypto.randomUUID()}/suspension`, {}],
      ['DELETE', `/api/admin/sites/${crypto.randomUUID()}/suspension`, {}],
    ];
    for (const [method, path, body] of calls) {
      for (const headers of forgedHeaderSets()) {
        for (const type of CONTENT_TYPES) await forge(method, path, headers, cookie, JSON.stringify(body), type);
      }
    }

    expect(await server.handle.db.$count(users)).toBe(usersBefore);
    expect(await server.handle.db.$count(mailOutbox)).toBe(mailsBefore);
    expect(await server.handle.db.$count(sessions)).toBe(sessionsBefore);
    const [after] = await server.handle.db.select().from(users).where(eq(users.id, row!.id));
    expect(after).toEqual(row);
    // The victim is still signed in, and the reset link was not spent: the real owner can still use it.
    expect((await victim.client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user?.email).toBe(victim.email);
    expect((await victim.client.post('/api/auth/password-reset/confirm', { token: resetToken, password: 'owner-chosen-passphrase-5' })).status).toBe(200);
  });

  it('succeed from our own origin, so the refusals above are the origin check and not something else', async () => {
    const origin = new URL(server.url).origin;
    const fresh = signupBody();
    const sameOrigin = createTestClient(server.url, origin);
    expect((await sameOrigin.post('/api/auth/signup', fresh)).status).toBe(201);
    expect((await sameOrigin.post('/api/auth/logout')).status).toBe(204);
    expect((await sameOrigin.post('/api/auth/login', { email: fresh.email, password: STRONG_PASSWORD })).status).toBe(200);
    const viaFetchMetadata = await fetch(new URL('/api/auth/logout', server.url), { method: 'POST', headers: { 'sec-fetch-site': 'same-origin', cookie: `session=${sameOrigin.cookies.get('session')}` } });
    expect(viaFetchMetadata.status).toBe(204);
  });

  it('are not opened up by a CORS preflight', async () => {
    const response = await fetch(new URL('/api/auth/login', server.url), {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.headers.has('access-control-allow-origin')).toBe(false);
    expect(response.headers.has('access-control-allow-credentials')).toBe(false);
    await response.body?.cancel();
  });
});
