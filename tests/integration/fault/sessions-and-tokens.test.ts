/**
 * Sessions and mailed tokens under abuse (issue 5, "Sessions and tokens"), on
 * top of what login-and-session, password-reset and email-verification tests
 * already prove: refused cookies are refused on every route that needs a user,
 * on every server sharing the database; expiry holds to the millisecond;
 * tokens work only for their purpose and only once, even when raced.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../common/api-types.ts';
import { RESET_PASSWORD_TOKEN_TTL_MS, SESSION_TTL_MS, VERIFY_EMAIL_TOKEN_TTL_MS } from '../../../common/constants.ts';
import { mailOutbox, sessions, users } from '../../../db/schema.ts';
import { signUp } from '../../support/accounts.ts';
import { expectCodedRefusal, HIGH_RATE_LIMITS, printSummary } from '../../support/fault-checks.ts';
import { createTestClient, type TestClient } from '../../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../../support/test-server.ts';

const NEW_PASSWORD = 'copper-lantern-58';

// Both servers read this clock; tests only move it forward and measure from its current time.
const time = createTestClock();
let a: TestServer;
let b: TestServer;
const counts = { 'refused cookies tried': 0, 'token uses tried': 0, 'token uses accepted': 0, '500s seen': 0 };

beforeAll(async () => {
  a = await startTestServer({ clock: time.clock, env: HIGH_RATE_LIMITS });
  b = await startTestServer({ clock: time.clock, env: HIGH_RATE_LIMITS, shareWith: a });
});
afterAll(async () => {
  printSummary('sessions-and-tokens', counts);
  await b?.stop();
  await a?.stop();
  expect(counts['500s seen']).toBe(0);
});

/** A browser on `server` carrying exactly this session cookie. */
function clientWithCookie(server: TestServer, token: string): TestClient {
  const client = createTestClient(server.url);
  client.cookies.set('session', token);
  return client;
}

/** The cookie is refused everywhere a user is needed, on both servers, and nothing it asks for happens. */
async function expectCookieRefused(token: string, what: string) {
  for (const server of [a, b]) {
    counts['refused cookies tried'] += 1;
    const me = await clientWithCookie(server, token).get<{ user: PublicUser | null }>('/api/auth/me');
    expect(me.body.user, `${what}: /me on ${server.url}`).toBeNull();
    const resend = await clientWithCookie(server, token).post('/api/auth/verification-email');
    if (resend.status >= 500) counts['500s seen'] += 1;
    expect(expectCodedRefusal(resend, `${what}: verification-email`)).toBe('unauthenticated');
    expect(resend.status).toBe(401);
  }
}

/**
 * The link of the `count`th matching mail, once the worker has also marked it sent: the SMTP sink
 * has it a moment before, and a test that moved the clock past the claim's lease in between would
 * let the other server's worker send it again with a new token, which revokes this one.
 */
async function waitForLink(server: TestServer, email: string, subject: string, count = 1): Promise<string> {
  const mail = await server.smtp.waitForMailAbout(email, subject, count);
  await expect.poll(() => server.handle.db.$count(mailOutbox, and(eq(mailOutbox.recipient, email), ne(mailOutbox.status, 'sent')))).toBe(0);
  return mail.links[0]!;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function requestResetToken(server: TestServer, email: string, count = 1): Promise<string> {
  // The sign-up mail counts against the per-address mail limit (1 second here).
  time.advance(2000);
  expect((await createTestClient(server.url).post('/api/auth/password-reset', { email })).status).toBe(202);
  return tokenOf(await waitForLink(server, email, 'Reset your', count));
}

async function confirmReset(server: TestServer, token: unknown, password = NEW_PASSWORD) {
  counts['token uses tried'] += 1;
  const answer = await createTestClient(server.url).post('/api/auth/password-reset/confirm', { token, password });
  if (answer.status >= 500) counts['500s seen'] += 1;
  if (answer.status === 200) counts['token uses accepted'] += 1;
  return answer;
}

async function followVerification(server: TestServer, token: string, client = createTestClient(server.url)) {
  counts['token uses tried'] += 1;
  const answer = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (answer.status >= 500) counts['500s seen'] += 1;
  const location = answer.headers.get('location');
  if (location === '/onboarding' || location === '/login?verified=1') counts['token uses accepted'] += 1;
  return location;
}

describe('session cookies', () => {
  it('made on one server are honoured by the other, and once ended on one are refused by both', async () => {
    const { client, email } = await signUp(a);
    const token = client.cookies.get('session')!;
    expect((await clientWithCookie(b, token).get<{ user: PublicUser | null }>('/api/auth/me')).body.user?.email).toBe(email);
    expect((await clientWithCookie(b, token).post('/api/auth/logout')).status).toBe(204);
    await expectCookieRefused(token, 'logged out on b');
  });

  it('deleted by an operator in the database are refused at once', async () => {
    const { client, email } = await signUp(a);
    const [row] = await a.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await a.handle.db.delete(sessions).where(eq(sessions.userId, row!.id));
    await expectCookieRefused(client.cookies.get('session')!, 'deleted row');
  });

  it('are refused from the very millisecond they expire, on every route that needs a user', async () => {
    const { client } = await signUp(a);
    const token = client.cookies.get('session')!;
    time.advance(SESSION_TTL_MS - 1);
    expect((await clientWithCookie(b, token).get<{ user: PublicUser | null }>('/api/auth/me')).body.user).not.toBeNull();
    // That read renewed it (less than half was left): the renewed expiry is the one that holds.
    time.advance(SESSION_TTL_MS);
    await expectCookieRefused(token, 'expired');
  });

  it('tampered, forged or malformed are refused on every route that needs a user', async () => {
    const { client } = await signUp(a);
    const token = client.cookies.get('session')!;
    const forged = [
      `${token.slice(1)}${token[0]}`,
      token.split('').reverse().join(''),
      'a'.repeat(32),
      `${token}%00`,
      encodeURIComponent(`${token} `),
      'null',
      '',
    ];
    for (const value of forged) await expectCookieRefused(value, `forged ${JSON.stringify(value)}`);
    // Two cookies of one name: the first is read, and a forged first one does not borrow the real one behind it.
    const doubled = createTestClient(a.url);
    const me = await doubled.get<{ user: PublicUser | null }>('/api/auth/me', { cookie: `session=${'b'.repeat(32)}; session=${token}` });
    expect(me.body.user).toBeNull();
    expect((await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).not.toBeNull();
  });

  it('of a disabled user are refused on both servers, and sign-in is refused too', async () => {
    const { client, email, password } = await signUp(a);
    await a.handle.db.update(users).set({ suspensionInfo: { suspended: true, suspensionReason: 'abuse test' } }).where(eq(users.email, email));
    await expectCookieRefused(client.cookies.get('session')!, 'disabled');
    const login = await createTestClient(b.url).post('/api/auth/login', { email, password });
    expect(expectCodedRefusal(login, 'disabled login')).toBe('user-disabled');
  });

  it('chosen by an attacker before login are never adopted (no session fixation)', async () => {
    const { email, password } = await signUp(a);
    const planted = 'abcdefghijklmnopqrstuvwxyz234567';
    const victim = clientWithCookie(a, planted);
    expect((await victim.post('/api/auth/login', { email, password })).status).toBe(200);
    const issued = victim.cookies.get('session')!;
    expect(issued).not.toBe(planted);
    expect((await clientWithCookie(b, planted).get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
    expect((await clientWithCookie(b, issued).get<{ user: PublicUser | null }>('/api/auth/me')).body.user?.email).toBe(email);
  });

  it('on the other server are ended by a password reset confirmed on this one', async () => {
    const { client, email, password } = await signUp(a);
    const onB = createTestClient(b.url);
    expect((await onB.post('/api/auth/login', { email, password })).status).toBe(200);
    const token = await requestResetToken(a, email);
    expect((await confirmReset(a, token)).status).toBe(200);
    await expectCookieRefused(client.cookies.get('session')!, 'before reset, on a');
    await expectCookieRefused(onB.cookies.get('session')!, 'before reset, on b');
    expect((await createTestClient(b.url).post('/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('mailed tokens', () => {
  it('work only for their own purpose, and a wrong use does not spend them', async () => {
    const { client, email } = await signUp(a);
    const verifyToken = tokenOf(await waitForLink(a, email, 'Verify your'));
    const resetToken = await requestResetToken(a, email);
    const sessionToken = client.cookies.get('session')!;

    for (const wrong of [verifyToken, sessionToken]) {
      const answer = await confirmReset(b, wrong);
      expect(expectCodedRefusal(answer, 'reset with another kind of token')).toBe('invalid-token');
    }
    for (const wrong of [resetToken, sessionToken]) {
      expect(await followVerification(b, wrong)).toBe('/verify-email?error=invalid-token');
    }
    expect(await followVerification(b, verifyToken)).toBe('/login?verified=1');
    expect((await confirmReset(b, resetToken)).status).toBe(200);
  });

  it('work once when ten tabs on two servers use one at the same moment', async () => {
    const { email } = await signUp(a);
    const verifyToken = tokenOf(await waitForLink(a, email, 'Verify your'));
    const locations = await Promise.all(Array.from({ length: 10 }, (_, index) => followVerification(index % 2 ? a : b, verifyToken)));
    expect(locations.filter((location) => location === '/login?verified=1')).toHaveLength(1);
    expect(locations.filter((location) => location === '/verify-email?error=invalid-token')).toHaveLength(9);

    const resetToken = await requestResetToken(a, email);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => confirmReset(index % 2 ? a : b, resetToken, `${NEW_PASSWORD}-${index}`)));
    const winners = answers.map((answer, index) => ({ answer, index })).filter(({ answer }) => answer.status === 200);
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expect(expectCodedRefusal(answer, 'raced reset')).toBe('invalid-token');
    // The one that won set the password; none of the losers did.
    const password = `${NEW_PASSWORD}-${winners[0]!.index}`;
    expect((await createTestClient(a.url).post('/api/auth/login', { email, password })).status).toBe(200);
  });

  it('a reset link works until its 60th minute and not from it', async () => {
    const early = await signUp(a);
    const late = await signUp(a);
    const earlyToken = await requestResetToken(a, early.email);
    const lateToken = await requestResetToken(a, late.email);
    // lateToken was issued 2 s after earlyToken: now is earlyToken's expiry to the millisecond, and lateToken has 2 s left.
    time.advance(RESET_PASSWORD_TOKEN_TTL_MS - 2000);
    expect(expectCodedRefusal(await confirmReset(b, earlyToken), 'reset at 60 min')).toBe('expired-token');
    expect((await confirmReset(b, lateToken)).status).toBe(200);
  });

  it('a verification link works until its 24th hour and not from it', async () => {
    const early = await signUp(a);
    const earlyToken = tokenOf(await waitForLink(a, early.email, 'Verify your'));
    time.advance(1000);
    const late = await signUp(a);
    const lateToken = tokenOf(await waitForLink(a, late.email, 'Verify your'));
    time.advance(VERIFY_EMAIL_TOKEN_TTL_MS - 1000);
    expect(await followVerification(b, earlyToken, early.client)).toBe('/verify-email?error=expired-token');
    expect(await followVerification(b, lateToken, late.client)).toBe('/onboarding');
  });
});
