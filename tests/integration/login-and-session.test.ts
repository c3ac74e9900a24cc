import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../common/api-types.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_TTL_MS } from '../../common/constants.ts';
import { sessions, users } from '../../db/schema.ts';
import { signUp, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// One clock for the file's main server: tests only move it forward and measure from its current time.
const time = createTestClock();
let server: TestServer;
let unprotected: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  unprotected = await startTestServer({ env: { AUTH_EMAIL_ENUMERATION_PROTECTION: 'false' } });
});
afterAll(async () => {
  await unprotected?.stop();
  await server?.stop();
});

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** The response's one Set-Cookie line for the session (RFC 6265: never two for one name). */
function sessionCookieLine(headers: Headers): string {
  const lines = headers.getSetCookie().filter((cookie) => cookie.startsWith('session='));
  expect(lines, 'exactly one session Set-Cookie header').toHaveLength(1);
  return lines[0]!;
}

async function userIdOf(target: TestServer, email: string): Promise<string> {
  const [row] = await target.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function login(client: TestClient, email: string, password: string) {
  return client.post<{ user: PublicUser; error?: { code: string; field?: string } }>('/api/auth/login', { email, password });
}

async function suspend(target: TestServer, email: string) {
  await target.handle.db
    .update(users)
    .set({ suspensionInfo: { suspended: true, suspensionReason: 'test' } })
    .where(eq(users.email, email));
}

describe('POST /api/auth/login', () => {
  it('signs in with a HttpOnly, SameSite=Lax, Path=/ cookie (not Secure on http) and answers the user', async () => {
    const { email, password } = await signUp(server);
    const client = createTestClient(server.url);
    const response = await login(client, email, password);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email, hasPassword: true });

    const line = sessionCookieLine(response.headers);
    const attributes = line.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).not.toContain('secure');
    const expires = attributes.find((attribute) => attribute.startsWith('expires='));
    expect(new Date(expires!.slice('expires='.length)).getTime()).toBeGreaterThan(time.clock().getTime() + 29 * DAY_MS);
  });

  it('stores the session only as the SHA-256 of the cookie value', async () => {
    const { email, password } = await signUp(server);
    const client = createTestClient(server.url);
    await login(client, email, password);
    const token = client.cookies.get('session')!;
    expect(token).toMatch(/^[a-z2-7]{32}$/);

    const { db } = server.handle;
    expect(await db.$count(sessions, eq(sessions.id, token))).toBe(0);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, sha256Hex(token)));
    expect(row?.userId).toBe(await userIdOf(server, email));
  });

  it('creates a new session row at every login', async () => {
    const { email, password } = await signUp(server);
    const userId = await userIdOf(server, email);
    const { db } = server.handle;
    const before = await db.$count(sessions, eq(sessions.userId, userId));

    const first = createTestClient(server.url);
    const second = createTestClient(server.url);
    expect((await login(first, email, password)).status).toBe(200);
    expect((await login(second, email, password)).status).toBe(200);
    expect(first.cookies.get('session')).not.toBe(second.cookies.get('session'));
    expect(await db.$count(sessions, eq(sessions.userId, userId))).toBe(before + 2);
  });

  it('replaces a cookie from before login with a new session and deletes the old one', async () => {
    const { client, email, password } = await signUp(server);
    const before = client.cookies.get('session')!;
    const { db } = server.handle;
    expect(await db.$count(sessions, eq(sessions.id, sha256Hex(before)))).toBe(1);

    const response = await login(client, email, password);
    expect(response.status).toBe(200);
    const after = client.cookies.get('session')!;
    expect(sessionCookieLine(response.headers)).toMatch(new RegExp(`^session=${after};`));
    expect(after).not.toBe(before);
    expect(await db.$count(sessions, eq(sessions.id, sha256Hex(before)))).toBe(0);
    expect(await db.$count(sessions, eq(sessions.id, sha256Hex(after)))).toBe(1);

    // The old cookie, replayed by someone who kept it, no longer signs anyone in.
    const replay = createTestClient(server.url);
    replay.cookies.set('session', before);
    expect((await replay.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
  });
});

describe('GET /api/auth/me', () => {
  it('answers null without a session and the user with one, never cached', async () => {
    const anonymous = await createTestClient(server.url).get<{ user: PublicUser | null }>('/api/auth/me');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ user: null });

    const { client, email } = await signUp(server, { fullName: 'Katherine Johnson' });
    const me = await client.get<{ user: PublicUser | null }>('/api/auth/me');
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.body.user).toMatchObject({ email, fullName: 'Katherine Johnson', displayName: 'Katherine', emailVerified: false });
    expect(me.body.user).not.toHaveProperty('passwordHash');
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204, deletes the session row and clears the cookie', async () => {
    const { client } = await signUp(server);
    const token = client.cookies.get('session')!;
    const response = await client.post('/api/auth/logout');
    expect(response.status).toBe(204);
    expect(sessionCookieLine(response.headers)).toMatch(/^session=;.*Expires=Thu, 01 Jan 1970/i);
    expect(client.cookies.has('session')).toBe(false);
    expect(await server.handle.db.$count(sessions, eq(sessions.id, sha256Hex(token)))).toBe(0);

    const replay = createTestClient(server.url);
    replay.cookies.set('session', token);
    expect((await replay.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
  });

  it('answers 204 without a session, too', async () => {
    expect((await createTestClient(server.url).post('/api/auth/logout')).status).toBe(204);
  });
});

describe('login errors with e-mail enumeration protection (the default)', () => {
  it('answers invalid-login-credentials for an unknown e-mail and for a wrong password alike', async () => {
    const { email } = await signUp(server);
    const unknown = await login(createTestClient(server.url), uniqueEmail('nobody'), STRONG_PASSWORD);
    const wrong = await login(createTestClient(server.url), email, 'not-the-password-1');
    for (const response of [unknown, wrong]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: { code: 'invalid-login-credentials', message: 'Invalid login credentials.', field: 'password' } });
    }
  });

  it('answers invalid-login-credentials for an account without a password (Google only)', async () => {
    const { email } = await signUp(server);
    await server.handle.db.update(users).set({ passwordHash: null }).where(eq(users.email, email));
    const response = await login(createTestClient(server.url), email, STRONG_PASSWORD);
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ code: 'invalid-login-credentials', field: 'password' });
  });
});

describe('login errors without e-mail enumeration protection', () => {
  it('answers user-not-found under email for an unknown e-mail', async () => {
    const response = await login(createTestClient(unprotected.url), uniqueEmail('nobody'), STRONG_PASSWORD);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: 'user-not-found', message: 'No user found with this email.', field: 'email' } });
  });

  it('answers wrong-password under password for a wrong password', async () => {
    const { email } = await signUp(unprotected);
    const response = await login(createTestClient(unprotected.url), email, 'not-the-password-1');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: 'wrong-password', message: 'Incorrect password.', field: 'password' } });
  });

  it('still signs in with the right password', async () => {
    const { email, password } = await signUp(unprotected);
    expect((await login(createTestClient(unprotected.url), email, password)).status).toBe(200);
  });
});

describe('login input errors', () => {
  it.each([
    [{ password: STRONG_PASSWORD }, 'missing-email', 'email'],
    [{ email: '', password: STRONG_PASSWORD }, 'missing-email', 'email'],
    [{ email: '   ', password: STRONG_PASSWORD }, 'missing-email', 'email'],
    [{ email: 'not-an-address', password: STRONG_PASSWORD }, 'invalid-email', 'email'],
    [{ email: 'a b@example.com', password: STRONG_PASSWORD }, 'invalid-email', 'email'],
    [{ email: 'someone@example.com' }, 'missing-password', 'password'],
    [{ email: 'someone@example.com', password: '' }, 'missing-password', 'password'],
  ])('refuses %o with %s', async (body, code, field) => {
    const response = await createTestClient(server.url).post('/api/auth/login', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code, message: expect.any(String), field } });
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const { email, password } = await signUp(server);
    const response = await login(createTestClient(server.url), `  ${email.toUpperCase()} `, password);
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(email);
  });
});

describe('disabled accounts', () => {
  it('answer user-disabled only to the right password', async () => {
    const { email, password } = await signUp(server);
    await suspend(server, email);

    const right = await login(createTestClient(server.url), email, password);
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ error: { code: 'user-disabled', message: 'This account has been disabled.', field: 'email' } });
    expect(right.headers.getSetCookie().some((cookie) => cookie.startsWith('session='))).toBe(false);

    const wrong = await login(createTestClient(server.url), email, 'not-the-password-1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 'invalid-login-credentials' });
  });

  it('have their existing sessions refused', async () => {
    const { client, email } = await signUp(server);
    expect((await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user?.email).toBe(email);
    await suspend(server, email);
    const me = await client.get<{ user: PublicUser | null }>('/api/auth/me');
    expect(me.body.user).toBeNull();
    expect(client.cookies.has('session')).toBe(false);
    expect((await client.post('/api/auth/verification-email')).status).toBe(401);
  });
});

describe('session expiry and renewal', () => {
  async function sessionRow(token: string) {
    const [row] = await server.handle.db.select().from(sessions).where(eq(sessions.id, sha256Hex(token)));
    return row;
  }

  it('refuses a session 31 days old and deletes it', async () => {
    const { client } = await signUp(server);
    const token = client.cookies.get('session')!;
    time.advance(31 * DAY_MS);
    const me = await client.get<{ user: PublicUser | null }>('/api/auth/me');
    expect(me.body.user).toBeNull();
    expect(client.cookies.has('session')).toBe(false);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('keeps the expiry while more than half remains', async () => {
    const { client } = await signUp(server);
    const token = client.cookies.get('session')!;
    const created = await sessionRow(token);
    time.advance(10 * DAY_MS);
    const me = await client.get<{ user: PublicUser | null }>('/api/auth/me');
    expect(me.body.user).not.toBeNull();
    expect((await sessionRow(token))!.expiresAt.getTime()).toBe(created!.expiresAt.getTime());
    // The browser's cookie is still right, so the answer does not send it again.
    expect(me.headers.getSetCookie()).toEqual([]);
  });

  it('renews a session with less than half of its 30 days left, in the database and in the cookie', async () => {
    const { client, email } = await signUp(server);
    const token = client.cookies.get('session')!;
    const created = await sessionRow(token);
    time.advance(16 * DAY_MS);
    const now = time.clock().getTime();

    const me = await client.get<{ user: PublicUser | null }>('/api/auth/me');
    expect(me.body.user?.email).toBe(email);
    const renewed = await sessionRow(token);
    expect(renewed!.expiresAt.getTime()).toBe(now + SESSION_TTL_MS);
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(created!.expiresAt.getTime());
    expect(renewed!.lastUsedAt.getTime()).toBe(now);
    const cookieExpiry = sessionCookieLine(me.headers).match(/Expires=([^;]+)/i)![1]!;
    expect(Math.abs(new Date(cookieExpiry).getTime() - (now + SESSION_TTL_MS))).toBeLessThan(1000);

    // Renewed, it outlives the original 30 days.
    time.advance(20 * DAY_MS);
    expect((await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user?.email).toBe(email);
  });
});

describe('session lifetime and last use', () => {
  async function sessionRow(token: string) {
    const [row] = await server.handle.db.select().from(sessions).where(eq(sessions.id, sha256Hex(token)));
    return row;
  }
  const me = (client: TestClient) => client.get<{ user: PublicUser | null }>('/api/auth/me');

  it('ends a session 90 days after sign-in however active it is, and never renews it past that', async () => {
    const { client } = await signUp(server);
    const token = client.cookies.get('session')!;
    const createdAt = (await sessionRow(token))!.createdAt.getTime();
    let lastAnswer = await me(client);
    // Used every two weeks, the session renews whenever less than half of its 30 days remain.
    for (let day = 14; day <= 84; day += 14) {
      time.advance(14 * DAY_MS);
      lastAnswer = await me(client);
      expect(lastAnswer.body.user, `day ${day}`).not.toBeNull();
    }
    expect((await sessionRow(token))!.expiresAt.getTime()).toBe(createdAt + SESSION_ABSOLUTE_LIFETIME_MS);
    const cookieExpiry = sessionCookieLine(lastAnswer.headers).match(/Expires=([^;]+)/i)![1]!;
    expect(new Date(cookieExpiry).getTime()).toBeLessThanOrEqual(createdAt + SESSION_ABSOLUTE_LIFETIME_MS);

    time.advance(7 * DAY_MS);
    expect((await me(client)).body.user).toBeNull();
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('keeps last_used_at true to within an hour, writing it at most once an hour', async () => {
    const { client } = await signUp(server);
    const token = client.cookies.get('session')!;
    const signedUpAt = (await sessionRow(token))!.lastUsedAt.getTime();

    time.advance(30 * 60_000);
    await me(client);
    expect((await sessionRow(token))!.lastUsedAt.getTime()).toBe(signedUpAt);

    time.advance(31 * 60_000);
    const usedAt = time.clock().getTime();
    const answer = await me(client);
    expect(answer.body.user).not.toBeNull();
    expect((await sessionRow(token))!.lastUsedAt.getTime()).toBe(usedAt);
    // Only the last use moved: the expiry (more than half left) and the browser's cookie stay.
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});

describe('tampered cookies', () => {
  it('are refused and cleared', async () => {
    const { client } = await signUp(server);
    const token = client.cookies.get('session')!;
    const flipped = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    for (const value of [flipped, `${token}x`, token.toUpperCase(), 'garbage']) {
      const tampered = createTestClient(server.url);
      tampered.cookies.set('session', value);
      const me = await tampered.get<{ user: PublicUser | null }>('/api/auth/me');
      expect(me.body.user, value).toBeNull();
      expect(sessionCookieLine(me.headers)).toMatch(/Expires=Thu, 01 Jan 1970/i);
    }
    // The real cookie still works: tampering did not end the session.
    expect((await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).not.toBeNull();
  });
});
