import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../common/api-types.ts';
import { authEvents, sessions, users } from '../../db/schema.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { signUp, signupBody, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { writingTransactionOf } from '../support/transaction-id.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('POST /api/auth/signup', () => {
  it('creates the profile of SPEC.md section 3, signs the user in and mails a verification link', async () => {
    const client = createTestClient(server.url);
    const email = uniqueEmail('Mixed.Case');
    const response = await client.post<{ user: PublicUser }>('/api/auth/signup', signupBody({ email, fullName: 'Grace Brewster Hopper', niche: 'education' }));
    expect(response.status).toBe(201);
    const user = response.body.user;
    expect(user).toMatchObject({ email: email.toLowerCase(), emailVerified: false, fullName: 'Grace Brewster Hopper', displayName: 'Grace', niche: 'education', role: 'creator', accountTier: 'free' });
    expect(user.uid.length).toBeGreaterThanOrEqual(20);
    expect(user.username).toBe(user.uid.slice(0, 6));
    expect(response.body).not.toHaveProperty('user.passwordHash');

    const [row] = await server.handle.db.select().from(users).where(eq(users.id, user.uid));
    expect(row).toMatchObject({
      role: 'creator', accountTier: 'free', hasCompletedSetup: false, onboardingStep: 0, isVerified: false,
      analyticsConsent: false, marketingEmailsOptIn: false, agreeToTerms: true, nsfw: false, profileUrl: 'default',
      bannerUrl: 'default', language: 'en', theme: 'default', suspensionInfo: { suspended: false, suspensionReason: '' },
      featureFlags: {}, domainSetup: {}, customDomain: '', paymentProvider: '', paymentCustomerId: '', payoutStatus: '',
      referralCode: '', referredBy: '', socialLinks: {},
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const me = await client.get<{ user: PublicUser }>('/api/auth/me');
    expect(me.body.user?.uid).toBe(user.uid);

    const [mail] = await server.smtp.waitForMail(email.toLowerCase());
    expect(mail!.subject).toContain('Verify your email');
    expect(mail!.html).toContain('Verify my email');
    expect(mail!.links[0]).toMatch(new RegExp(`^${server.url}/api/auth/verify-email\\?token=`));
  });

  it('answers the whole profile of SPEC.md section 3 to its owner, the same in the sign-up, /me and login answers', async () => {
    const client = createTestClient(server.url);
    const email = uniqueEmail('whole.profile');
    const password = STRONG_PASSWORD;
    const signup = await client.post<{ user: PublicUser }>('/api/auth/signup', signupBody({ email, password, fullName: 'Katherine Johnson', niche: 'education' }));
    const me = await client.get<{ user: PublicUser }>('/api/auth/me');
    expect(signup.body.user).toStrictEqual(me.body.user);
    const user = me.body.user;
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
    const at = row!.createdAt.toISOString();
    expect(user).toStrictEqual({
      uid: row!.id,
      email,
      emailVerified: false,
      fullName: 'Katherine Johnson',
      displayName: 'Katherine',
      username: row!.id.slice(0, 6),
      createdAt: at,
      lastLogin: at,
      registered: at,
      role: 'creator',
      // Beside the role, so an admin can also be a creator (docs/decisions/148).
      isAdmin: false,
      accountTier: 'free',
      hasCompletedSetup: false,
      onboardingStep: 0,
      isVerified: false,
      analyticsConsent: false,
      marketingEmailsOptIn: false,
      agreeToTerms: true,
      termsAcceptedAt: at,
      termsVersion: '2025-06-30',
      nsfw: false,
      niche: 'education',
      profileUrl: 'default',
      bannerUrl: 'default',
      language: 'en',
      theme: 'default',
      suspensionInfo: { suspended: false, suspensionReason: '' },
      featureFlags: {},
      domainSetup: {},
      customDomain: '',
      paymentProvider: '',
      paymentCustomerId: '',
      payoutStatus: '',
      referralCode: '',
      referredBy: '',
      socialLinks: {},
      hasPassword: true,
    });
    expect(me.text).not.toContain(row!.passwordHash!);

    const login = await createTestClient(server.url).post<{ user: PublicUser }>('/api/auth/login', { email, password });
    expect(Object.keys(login.body.user).sort()).toEqual(Object.keys(user).sort());
    expect(login.body.user).toStrictEqual({ ...user, lastLogin: login.body.user.lastLogin });
  });

  it('writes the account, its first session and its audit row in one transaction', async () => {
    const { client, email } = await signUp(server);
    const [row] = await server.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const sessionId = hashToken(client.cookies.get('session')!);
    const xid = (query: SQL) => writingTransactionOf(server.handle.db, query);
    const [userXid, sessionXid, eventXid] = await Promise.all([
      xid(sql`select xmin::text as xid from ${users} where ${users.id} = ${row!.id}`),
      xid(sql`select xmin::text as xid from ${sessions} where ${sessions.id} = ${sessionId}`),
      xid(sql`select xmin::text as xid from ${authEvents} where ${authEvents.userId} = ${row!.id} and ${authEvents.type} = 'signup'`),
    ]);
    expect(sessionXid).toBe(userXid);
    expect(eventXid).toBe(userXid);
  });

  it('stores the custom niche when the niche is other', async () => {
    const { email } = await signUp(server, { niche: 'other', customNiche: '  Beekeeping  ' });
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(row!.niche).toBe('Beekeeping');
  });

  it.each([
    [{ fullName: '   ' }, 'missing-full-name', 'fullName'],
    [{ fullName: undefined }, 'missing-full-name', 'fullName'],
    [{ email: 'not-an-address' }, 'invalid-email', 'email'],
    [{ email: '' }, 'missing-email', 'email'],
    [{ password: 'short' }, 'weak-password', 'password'],
    [{ password: 'x'.repeat(129) }, 'weak-password', 'password'],
    [{ password: 'password123' }, 'weak-password', 'password'],
    [{ niche: '' }, 'missing-niche', 'niche'],
    [{ niche: 'not-a-niche' }, 'missing-niche', 'niche'],
    [{ niche: 'other', customNiche: ' ' }, 'missing-custom-niche', 'customNiche'],
    [{ agreeToTerms: false }, 'terms-not-accepted', 'agreeToTerms'],
    [{ agreeToTerms: 'yes' }, 'terms-not-accepted', 'agreeToTerms'],
  ])('refuses %o with %s', async (overrides, code, field) => {
    const response = await createTestClient(server.url).post('/api/auth/signup', signupBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code, message: expect.any(String), field } });
  });

  it('answers email-already-in-use for a taken address, whatever its case', async () => {
    const { email } = await signUp(server);
    const response = await createTestClient(server.url).post('/api/auth/signup', signupBody({ email: email.toUpperCase() }));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: { code: 'email-already-in-use', field: 'email' } });
  });

  it('makes exactly one account when the same address signs up 20 times at once', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => createTestClient(server.url).post('/api/auth/signup', signupBody({ email }))),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(19);
    expect(await server.handle.db.$count(users, eq(users.email, email))).toBe(1);
  });
});
