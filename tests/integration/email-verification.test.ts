import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../common/api-types.ts';
import { authEvents, mailOutbox, users } from '../../db/schema.ts';
import { signUp, signUpVerified } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

// Tests only move this clock forward, and each measures from its current time.
const time = createTestClock();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
});
afterAll(async () => {
  await server?.stop();
});

async function verificationLink(email: string, count = 1): Promise<string> {
  const mails = await server.smtp.waitForMail(email, { count });
  const link = mails[count - 1]!.links[0]!;
  expect(link).toMatch(new RegExp(`^${server.url}/api/auth/verify-email\\?token=[a-z2-7]+$`));
  return link;
}

async function userRow(email: string) {
  const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
  return row!;
}

describe('following the link in the verification mail', () => {
  it('verifies the address and sends a signed-in user on to /onboarding', async () => {
    const { client, email } = await signUp(server);
    const link = await verificationLink(email);

    const followed = await client.visit(link);
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('/onboarding');

    expect(await userRow(email)).toMatchObject({ emailVerified: true, isVerified: true });
    const me = await client.get<{ user: PublicUser | null }>('/api/auth/me');
    expect(me.body.user).toMatchObject({ email, emailVerified: true });
  });

  it('sends a browser without the session (another device) to /login?verified=1', async () => {
    const { email } = await signUp(server);
    const link = await verificationLink(email);
    const followed = await createTestClient(server.url).visit(link);
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('/login?verified=1');
    expect(await userRow(email)).toMatchObject({ emailVerified: true, isVerified: true });
  });

  it('sends a browser signed in as someone else to /login?verified=1', async () => {
    const other = await signUp(server);
    const { email } = await signUp(server);
    const followed = await other.client.visit(await verificationLink(email));
    expect(followed.headers.get('location')).toBe('/login?verified=1');
    expect(await userRow(email)).toMatchObject({ emailVerified: true });
    expect(await userRow(other.email)).toMatchObject({ emailVerified: false });
  });

  it('refuses a link used once already with invalid-token', async () => {
    const { client, email } = await signUp(server);
    const link = await verificationLink(email);
    expect((await client.visit(link)).headers.get('location')).toBe('/onboarding');
    const reused = await client.visit(link);
    expect(reused.status).toBe(303);
    expect(reused.headers.get('location')).toBe('/verify-email?error=invalid-token');
  });

  it('refuses a made-up or missing token with invalid-token', async () => {
    const client = createTestClient(server.url);
    for (const path of ['/api/auth/verify-email?token=abcdefghijklmnopqrstuvwxyz234567', '/api/auth/verify-email', '/api/auth/verify-email?token=']) {
      const response = await client.get(path);
      expect(response.status, path).toBe(303);
      expect(response.headers.get('location'), path).toBe('/verify-email?error=invalid-token');
    }
  });

  it('refuses a link older than 24 hours with expired-token and leaves the address unverified', async () => {
    const { client, email } = await signUp(server);
    const link = await verificationLink(email);
    time.advance(24 * 60 * 60_000 + 60_000);
    const followed = await client.visit(link);
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('/verify-email?error=expired-token');
    expect(await userRow(email)).toMatchObject({ emailVerified: false, isVerified: false });
  });

  it('still accepts a link just before 24 hours have passed', async () => {
    const { client, email } = await signUp(server);
    const link = await verificationLink(email);
    time.advance(24 * 60 * 60_000 - 60_000);
    expect((await client.visit(link)).headers.get('location')).toBe('/onboarding');
  });
});

describe('POST /api/auth/verification-email (re-send)', () => {
  it('requires a session', async () => {
    const response = await createTestClient(server.url).post('/api/auth/verification-email');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('waits a minute after the sign-up mail, then sends a new link that replaces the first', async () => {
    const { client, email } = await signUp(server);
    const firstLink = await verificationLink(email);

    const tooSoon = await client.post('/api/auth/verification-email');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ error: { code: 'too-many-requests', field: 'email' } });
    const retryAfter = Number(tooSoon.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    time.advance(61_000);
    const resent = await client.post('/api/auth/verification-email');
    expect(resent.status).toBe(202);
    const secondLink = await verificationLink(email, 2);
    expect(secondLink).not.toBe(firstLink);

    expect((await client.visit(firstLink)).headers.get('location')).toBe('/verify-email?error=invalid-token');
    expect(await userRow(email)).toMatchObject({ emailVerified: false });
    expect((await client.visit(secondLink)).headers.get('location')).toBe('/onboarding');
    expect(await userRow(email)).toMatchObject({ emailVerified: true, isVerified: true });
    expect(server.smtp.mailsTo(email)).toHaveLength(2);
  });

  it('sends at most one mail a minute however often it is asked', async () => {
    const { client, email } = await signUp(server);
    await verificationLink(email);
    time.advance(61_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/auth/verification-email')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 429, 429, 429, 429]);
    await verificationLink(email, 2);
    expect(await server.handle.db.$count(mailOutbox, eq(mailOutbox.recipient, email))).toBe(2);
  });

  it('queues nothing for an address that is already verified', async () => {
    const { client, email } = await signUpVerified(server);
    time.advance(61_000);
    const response = await client.post('/api/auth/verification-email');
    expect(response.status).toBe(202);
    expect(await server.handle.db.$count(mailOutbox, eq(mailOutbox.recipient, email))).toBe(1);
  });
});

describe('the audit trail', () => {
  it('records signup, verification-sent and email-verified for the user', async () => {
    const { client, email } = await signUp(server);
    await verificationLink(email);
    time.advance(61_000);
    expect((await client.post('/api/auth/verification-email')).status).toBe(202);
    await client.visit(await verificationLink(email, 2));

    const { id } = await userRow(email);
    const rows = await server.handle.db.select().from(authEvents).where(eq(authEvents.userId, id));
    expect(rows.map((row) => row.type).sort()).toEqual(['email-verified', 'signup', 'verification-sent']);
    for (const row of rows) expect(row).toMatchObject({ email, ip: '127.0.0.1' });
    expect(await server.handle.db.$count(authEvents, and(eq(authEvents.userId, id), eq(authEvents.type, 'email-verified')))).toBe(1);
  });
});
