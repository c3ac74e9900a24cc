import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../common/api-types.ts';
import { authEvents, mailOutbox, sessions, users } from '../../db/schema.ts';
import { signUp, signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const NEW_PASSWORD = 'copper-lantern-58';
const MINUTE_MS = 60_000;

// Tests only move this clock forward, and each measures from its current time.
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


/** Asks for a reset a minute after the last mail to the address, and returns the token of the link that arrives. */
async function requestReset(client: TestClient, email: string, count = 1): Promise<string> {
  time.advance(MINUTE_MS + 1000);
  const response = await client.post('/api/auth/password-reset', { email });
  expect(response.status).toBe(202);
  expect(response.body).toEqual({ status: 'queued' });
  const mail = await server.smtp.waitForMailAbout(email, 'Reset your', count);
  const link = new URL(mail.links[0]!);
  expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/reset-password`);
  return link.searchParams.get('token')!;
}

function confirm(client: TestClient, token: unknown, password: unknown) {
  return client.post<{ status?: string; error?: { code: string; field?: string } }>('/api/auth/password-reset/confirm', { token, password });
}

async function login(email: string, password: string) {
  return createTestClient(server.url).post('/api/auth/login', { email, password });
}

async function userId(email: string): Promise<string> {
  const [row] = await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe('password reset', () => {
  it('sets the new password from the mailed link, ends every session and mails a notice', async () => {
    const { client: signedIn, email, password } = await signUpVerified(server);
    const elsewhere = createTestClient(server.url);
    expect((await elsewhere.post('/api/auth/login', { email, password })).status).toBe(200);
    const id = await userId(email);
    expect(await server.handle.db.$count(sessions, eq(sessions.userId, id))).toBe(2);

    const token = await requestReset(createTestClient(server.url), email);
    const confirmed = await confirm(signedIn, token, NEW_PASSWORD);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: 'password-changed' });
    // The browser that confirmed is told to drop its cookie, too.
    expect(signedIn.cookies.has('session')).toBe(false);

    expect(await server.handle.db.$count(sessions, eq(sessions.userId, id))).toBe(0);
    expect((await elsewhere.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();

    const notice = await server.smtp.waitForMailAbout(email, 'password was changed');
    expect(notice.text).toContain('every device was signed out');
    expect(notice.links).toContain(`${server.url}/login`);

    expect((await login(email, password)).status).toBe(401);
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
  });

  it('verifies an unverified address, since the link proves it', async () => {
    const { email } = await signUp(server);
    const token = await requestReset(createTestClient(server.url), email);
    expect((await confirm(createTestClient(server.url), token, NEW_PASSWORD)).status).toBe(200);
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ emailVerified: true, isVerified: true });
  });

  it('refuses a token used once already with invalid-token', async () => {
    const { email } = await signUp(server);
    const token = await requestReset(createTestClient(server.url), email);
    expect((await confirm(createTestClient(server.url), token, NEW_PASSWORD)).status).toBe(200);
    const reused = await confirm(createTestClient(server.url), token, 'another-fine-passphrase-3');
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: { code: 'invalid-token', field: 'token' } });
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a token older than 60 minutes with expired-token and keeps the old password', async () => {
    const { email, password } = await signUp(server);
    const token = await requestReset(createTestClient(server.url), email);
    time.advance(60 * MINUTE_MS + 1000);
    const late = await confirm(createTestClient(server.url), token, NEW_PASSWORD);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: { code: 'expired-token', field: 'token' } });
    expect((await login(email, password)).status).toBe(200);
  });

  it('refuses made-up, missing and mistyped tokens with invalid-token', async () => {
    for (const token of ['abcdefghijklmnopqrstuvwxyz234567', '', undefined, 42, ['x'], 'x'.repeat(201)]) {
      const response = await confirm(createTestClient(server.url), token, NEW_PASSWORD);
      expect(response.status, JSON.stringify(token)).toBe(400);
      expect(response.body, JSON.stringify(token)).toMatchObject({ error: { code: 'invalid-token', field: 'token' } });
    }
  });

  it('refuses a short, overlong or well-known password with weak-password, and the link still works after', async () => {
    const { email } = await signUp(server);
    const token = await requestReset(createTestClient(server.url), email);
    for (const weak of ['short', 'x'.repeat(129), 'password123', 'Qwerty123456']) {
      const response = await confirm(createTestClient(server.url), token, weak);
      expect(response.status, weak).toBe(400);
      expect(response.body, weak).toMatchObject({ error: { code: 'weak-password', field: 'password' } });
    }
    const missing = await confirm(createTestClient(server.url), token, undefined);
    expect(missing.body).toMatchObject({ error: { code: 'missing-password', field: 'password' } });

    expect((await confirm(createTestClient(server.url), token, NEW_PASSWORD)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a request without a valid e-mail', async () => {
    for (const [body, code] of [[{}, 'missing-email'], [{ email: 'nope' }, 'invalid-email']] as const) {
      const response = await createTestClient(server.url).post('/api/auth/password-reset', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { code, field: 'email' } });
    }
  });
});

describe('reset requests for unknown or disabled addresses', () => {
  it('answer 202 like a known one under enumeration protection, and queue nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await createTestClient(server.url).post('/api/auth/password-reset', { email });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'queued' });
    expect(await server.handle.db.$count(mailOutbox, eq(mailOutbox.recipient, email))).toBe(0);
    // Rate limited exactly as a known address is, so the limit tells nothing either.
    expect((await createTestClient(server.url).post('/api/auth/password-reset', { email })).status).toBe(429);
  });

  it('answer 404 user-not-found under email without enumeration protection', async () => {
    const response = await createTestClient(unprotected.url).post('/api/auth/password-reset', { email: uniqueEmail('nobody') });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'user-not-found', message: 'No user found with this email.', field: 'email' } });
  });

  it('queue nothing for a disabled account', async () => {
    const { email } = await signUp(server);
    await server.handle.db.update(users).set({ suspensionInfo: { suspended: true, suspensionReason: 'test' } }).where(eq(users.email, email));
    time.advance(MINUTE_MS + 1000);
    expect((await createTestClient(server.url).post('/api/auth/password-reset', { email })).status).toBe(202);
    // Only the sign-up mail.
    expect(await server.handle.db.$count(mailOutbox, eq(mailOutbox.recipient, email))).toBe(1);
  });
});

describe('reset mail rate limit', () => {
  it('sends one reset mail per address per minute, and a newer link replaces the older', async () => {
    const { email } = await signUp(server);
    const client = createTestClient(server.url);
    const first = await requestReset(client, email);

    const tooSoon = await client.post('/api/auth/password-reset', { email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ error: { code: 'too-many-requests', field: 'email' } });
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const second = await requestReset(client, email, 2);
    expect(second).not.toBe(first);
    expect((await confirm(client, first, NEW_PASSWORD)).body).toMatchObject({ error: { code: 'invalid-token' } });
    expect((await confirm(client, second, NEW_PASSWORD)).status).toBe(200);
  });

  it('counts the sign-up mail, so a reset right after sign-up waits', async () => {
    const { email } = await signUp(server);
    const response = await createTestClient(server.url).post('/api/auth/password-reset', { email });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBeTruthy();
  });
});

describe('the audit trail', () => {
  it('records reset-requested, reset-used and sessions-revoked', async () => {
    const { email } = await signUpVerified(server);
    const token = await requestReset(createTestClient(server.url), email);
    expect((await confirm(createTestClient(server.url), token, NEW_PASSWORD)).status).toBe(200);

    const id = await userId(email);
    const count = (type: 'reset-requested' | 'reset-used' | 'sessions-revoked') =>
      server.handle.db.$count(authEvents, and(eq(authEvents.userId, id), eq(authEvents.type, type)));
    expect(await count('reset-requested')).toBe(1);
    expect(await count('reset-used')).toBe(1);
    expect(await count('sessions-revoked')).toBe(1);
    const [revoked] = await server.handle.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, id), eq(authEvents.type, 'sessions-revoked')));
    expect(revoked!.detail).toContain('1 session');
  });
});
