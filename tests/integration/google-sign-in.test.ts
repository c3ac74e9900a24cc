import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig, PublicUser } from '../../common/api-types.ts';
import { authEvents, emailTokens, googleSignups, oauthAccounts, sessions, users } from '../../db/schema.ts';
import { issueEmailToken } from '../../server/auth/email-tokens.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { memberships } from '../../db/content-schema.ts';
import { signUp, signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';
import { createTestClient, type TestClient, type TestResponse } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { writingTransactionOf } from '../support/transaction-id.ts';

const CLIENT_ID = 'creator-platform-test-client';

let oidc: OAuth2Server;
let server: TestServer;
let unconfigured: TestServer;
beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  server = await startTestServer({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER_URL: oidc.issuer.url! },
  });
  unconfigured = await startTestServer();
});
afterAll(async () => {
  await unconfigured?.stop();
  await server?.stop();
  await oidc?.stop();
});

let subjects = 0;
function newSubject(): string {
  subjects += 1;
  return `google-${process.pid}-${Date.now()}-${subjects}`;
}

interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  [claim: string]: unknown;
}

interface SignInOptions {
  /** Changes the callback URL the mock sends the browser back with (an attacker's edit). */
  tamper?: (callback: URL) => void;
  /** The `?next=` the sign-in starts with (the join page's "Continue with Google"). */
  next?: string;
}

/**
 * The whole browser round trip: our /api/auth/google, the issuer's authorize
 * endpoint (which redirects straight back with a code), our callback. The
 * claims go into the ID token only: the mock signs the access token first,
 * without an audience, and the ID token with the client id as audience.
 */
async function signInWithGoogle(client: TestClient, claims: GoogleClaims, options: SignInOptions = {}): Promise<TestResponse> {
  const shapeIdToken = (token: MutableToken) => {
    if (token.payload.aud === undefined) return;
    Object.assign(token.payload, claims);
  };
  oidc.service.on('beforeTokenSigning', shapeIdToken);
  try {
    const start = await client.get(options.next === undefined ? '/api/auth/google' : `/api/auth/google?next=${encodeURIComponent(options.next)}`);
    expect(start.status).toBe(302);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const callback = new URL(authorize.headers.get('location')!);
    options.tamper?.(callback);
    return await client.visit(callback.toString());
  } finally {
    oidc.service.off('beforeTokenSigning', shapeIdToken);
  }
}

const TERMS = { niche: 'fitness', agreeToTerms: true };

/** A first Google sign-in: the round trip, then the terms screen's answer. */
async function signUpWithGoogle(client: TestClient, claims: GoogleClaims, body: Record<string, unknown> = TERMS): Promise<TestResponse<{ user: PublicUser }>> {
  const callback = await signInWithGoogle(client, claims);
  expect(callback.headers.get('location')).toBe('/signup/google');
  return client.post<{ user: PublicUser }>('/api/auth/google/signup', body);
}

async function me(client: TestClient): Promise<PublicUser | null> {
  return (await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user;
}

async function userByEmail(email: string) {
  const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
  return row;
}

const xmin = (query: SQL) => writingTransactionOf(server.handle.db, query);

function expectGoogleFailure(response: TestResponse, client: TestClient) {
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/login?error=google');
  expect(client.cookies.has('session')).toBe(false);
}

describe('GET /api/auth/google', () => {
  it('redirects to the issuer with PKCE (S256), state, nonce and our callback, and keeps them in a short-lived cookie', async () => {
    const response = await createTestClient(server.url).get('/api/auth/google');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${oidc.issuer.url}/authorize`);
    const query = location.searchParams;
    expect(query.get('client_id')).toBe(CLIENT_ID);
    expect(query.get('response_type')).toBe('code');
    expect(query.get('redirect_uri')).toBe(`${server.url}/api/auth/google/callback`);
    expect(query.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('state')?.length).toBeGreaterThanOrEqual(20);
    expect(query.get('nonce')?.length).toBeGreaterThanOrEqual(20);
    expect(query.has('client_secret')).toBe(false);

    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('google_oauth='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/google(;|$)/);
    expect(cookie).toMatch(/Max-Age=600/);
    // The verifier stays with the browser: the issuer sees only its challenge.
    expect(location.toString()).not.toContain((JSON.parse(Buffer.from(cookie!.split(';')[0]!.split('=')[1]!, 'base64url').toString()) as { codeVerifier: string }).codeVerifier);
  });

  it('gives two sign-ins different state, nonce and verifier', async () => {
    const first = new URL((await createTestClient(server.url).get('/api/auth/google')).headers.get('location')!);
    const second = new URL((await createTestClient(server.url).get('/api/auth/google')).headers.get('location')!);
    for (const parameter of ['state', 'nonce', 'code_challenge']) {
      expect(first.searchParams.get(parameter)).not.toBe(second.searchParams.get(parameter));
    }
  });
});

describe('Google sign-in', () => {
  it('makes no account before the terms are accepted, then a verified one without a password, named from the Google profile', async () => {
    const client = createTestClient(server.url);
    const email = uniqueEmail('new.google');
    const sub = newSubject();
    const response = await signInWithGoogle(client, { sub, email, email_verified: true, name: 'Mary Jackson' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signup/google');
    expect(client.cookies.has('session')).toBe(false);
    expect(client.cookies.has('google_oauth')).toBe(false);
    const pendingCookie = response.headers.getSetCookie().find((line) => line.startsWith('google_signup='));
    expect(pendingCookie).toMatch(/HttpOnly/i);
    expect(pendingCookie).toMatch(/SameSite=Lax/i);
    expect(pendingCookie).toMatch(/Max-Age=600/);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await server.handle.db.$count(oauthAccounts, eq(oauthAccounts.providerUserId, sub))).toBe(0);
    // Only the token's hash is kept server-side.
    const [pending] = await server.handle.db.select().from(googleSignups).where(eq(googleSignups.email, email));
    expect(pending!.id).not.toBe(client.cookies.get('google_signup'));

    const screen = await client.get('/api/auth/google/signup');
    expect(screen.status).toBe(200);
    expect(screen.headers.get('cache-control')).toBe('no-store');
    expect(screen.body).toEqual({ email, fullName: 'Mary Jackson' });

    const refused = await client.post('/api/auth/google/signup', { niche: 'fitness', agreeToTerms: false });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'terms-not-accepted', field: 'agreeToTerms' } });
    const noNiche = await client.post('/api/auth/google/signup', { niche: '', agreeToTerms: true });
    expect(noNiche.body).toMatchObject({ error: { code: 'missing-niche', field: 'niche' } });
    expect(await userByEmail(email)).toBeUndefined();

    const before = Date.now();
    const accepted = await client.post<{ user: PublicUser }>('/api/auth/google/signup', { niche: 'other', customNiche: ' Kettlebells ', agreeToTerms: true });
    expect(accepted.status).toBe(201);
    expect(client.cookies.get('session')).toMatch(/^[a-z2-7]{32}$/);
    expect(client.cookies.has('google_signup')).toBe(false);
    expect(accepted.body.user).toMatchObject({ email, emailVerified: true, agreeToTerms: true, termsVersion: '2025-06-30', niche: 'Kettlebells' });

    const user = await me(client);
    expect(user).toMatchObject({ email, emailVerified: true, fullName: 'Mary Jackson', displayName: 'Mary', hasPassword: false, role: 'creator' });
    const row = await userByEmail(email);
    expect(row).toMatchObject({ passwordHash: null, emailVerified: true, isVerified: true, agreeToTerms: true, termsVersion: '2025-06-30' });
    expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const links = await server.handle.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, row!.id));
    expect(links).toEqual([expect.objectContaining({ provider: 'google', providerUserId: sub })]);
    const events = await server.handle.db.select({ type: authEvents.type }).from(authEvents).where(eq(authEvents.userId, row!.id));
    expect(events.map((event) => event.type).sort()).toEqual(['google-login', 'signup']);
    expect(await server.handle.db.$count(googleSignups, eq(googleSignups.email, email))).toBe(0);
  });

  it('takes the terms answer once: a second submit makes nothing and signs nobody in', async () => {
    const client = createTestClient(server.url);
    const email = uniqueEmail('twice.google');
    await signInWithGoogle(client, { sub: newSubject(), email, email_verified: true, name: 'Twice' });
    const pendingToken = client.cookies.get('google_signup')!;
    expect((await client.post('/api/auth/google/signup', TERMS)).status).toBe(201);

    const again = createTestClient(server.url);
    again.cookies.set('google_signup', pendingToken);
    const replay = await again.post('/api/auth/google/signup', TERMS);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: { code: 'invalid-token' } });
    expect(again.cookies.has('session')).toBe(false);
    expect(await server.handle.db.$count(users, eq(users.email, email))).toBe(1);
  });

  it('forgets a Google identity whose terms step was left for longer than its minutes', async () => {
    const client = createTestClient(server.url);
    const email = uniqueEmail('late.google');
    await signInWithGoogle(client, { sub: newSubject(), email, email_verified: true, name: 'Late' });
    await server.handle.db.update(googleSignups).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(googleSignups.email, email));
    for (const answer of [await client.get('/api/auth/google/signup'), await client.post('/api/auth/google/signup', TERMS)]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'expired-token' } });
    }
    expect(client.cookies.has('session')).toBe(false);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses the terms answer without the cookie of the Google round trip', async () => {
    const client = createTestClient(server.url);
    for (const answer of [await client.get('/api/auth/google/signup'), await client.post('/api/auth/google/signup', TERMS)]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'invalid-token' } });
    }
    expect(client.cookies.has('session')).toBe(false);
  });

  it('refuses the terms answer from another origin', async () => {
    const client = createTestClient(server.url);
    await signInWithGoogle(client, { sub: newSubject(), email: uniqueEmail('csrf.google'), email_verified: true });
    const answer = await client.post('/api/auth/google/signup', TERMS, { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
  });

  it('signs a verified Google e-mail into the existing verified password account, whose password keeps working', async () => {
    const { client: original, email, password } = await signUpVerified(server);
    const uid = (await me(original))!.uid;

    const client = createTestClient(server.url);
    const response = await signInWithGoogle(client, { sub: newSubject(), email: email.toUpperCase(), email_verified: true, name: 'Someone Else' });
    expect(response.headers.get('location')).toBe('/onboarding');
    const user = await me(client);
    expect(user).toMatchObject({ uid, email, hasPassword: true });
    // The profile the user made is kept, not replaced by Google's, and so is the consent recorded at sign-up.
    expect(user!.fullName).toBe('Ada Lovelace');
    expect(user).toMatchObject({ agreeToTerms: true, termsVersion: '2025-06-30' });
    const { termsAcceptedAt } = (await userByEmail(email))!;
    expect(user!.termsAcceptedAt).toBe(termsAcceptedAt!.toISOString());
    expect((await createTestClient(server.url).post('/api/auth/login', { email, password })).status).toBe(200);
    expect(await server.handle.db.$count(users, eq(users.email, email))).toBe(1);
  });

  it('links an unverified password account and removes its password (a stranger may have registered it)', async () => {
    const { email, password } = await signUp(server);
    const before = await userByEmail(email);

    const client = createTestClient(server.url);
    const response = await signInWithGoogle(client, { sub: newSubject(), email, email_verified: true, name: 'Real Owner' });
    expect(response.headers.get('location')).toBe('/onboarding');
    expect(await me(client)).toMatchObject({ uid: before!.id, emailVerified: true, hasPassword: false });
    expect(await userByEmail(email)).toMatchObject({ passwordHash: null, emailVerified: true });

    const login = await createTestClient(server.url).post('/api/auth/login', { email, password });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ error: { code: 'invalid-login-credentials' } });
    const [linked] = await server.handle.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, before!.id), eq(authEvents.type, 'google-linked')));
    expect(linked!.detail).toContain('password removed');
  });

  it('ends the squatter\'s sessions and mailed links in the same transaction as the link', async () => {
    const { client: squatter, email } = await signUp(server);
    const [verificationMail] = await server.smtp.waitForMail(email);
    const uid = (await me(squatter))!.uid;
    // A reset link the squatter asked for, issued as the reset service does.
    const resetToken = await issueEmailToken(server.handle.db, { userId: uid, email, purpose: 'reset-password', now: new Date(), ttlMs: 3_600_000 });

    const owner = createTestClient(server.url);
    expect((await signInWithGoogle(owner, { sub: newSubject(), email, email_verified: true, name: 'Real Owner' })).headers.get('location')).toBe('/onboarding');

    expect(await me(squatter)).toBeNull();
    expect(await me(owner)).toMatchObject({ uid });
    const ownerToken = owner.cookies.get('session')!;
    expect(await server.handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, uid))).toEqual([{ id: hashToken(ownerToken) }]);
    expect(await server.handle.db.$count(emailTokens, and(eq(emailTokens.userId, uid), isNull(emailTokens.usedAt)))).toBe(0);
    const followed = await createTestClient(server.url).visit(verificationMail!.links[0]!);
    expect(followed.headers.get('location')).toBe('/verify-email?error=invalid-token');
    const reset = await createTestClient(server.url).post('/api/auth/password-reset/confirm', { token: resetToken, password: 'a-new-squatter-password-9' });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ error: { code: 'invalid-token' } });

    const [revoked] = await server.handle.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, uid), eq(authEvents.type, 'sessions-revoked')));
    expect(revoked!.detail).toContain('1 session(s)');
    // One transaction: the removed password, the revoked tokens and the link carry the same transaction id.
    const [userXid, linkXid, eventXid] = await Promise.all([
      xmin(sql`select xmin::text as xid from ${users} where ${users.id} = ${uid}`),
      xmin(sql`select xmin::text as xid from ${oauthAccounts} where ${oauthAccounts.userId} = ${uid}`),
      xmin(sql`select xmin::text as xid from ${authEvents} where ${authEvents.userId} = ${uid} and ${authEvents.type} = 'sessions-revoked'`),
    ]);
    expect(linkXid).toBe(userXid);
    expect(eventXid).toBe(userXid);
  });

  it('writes a sign-in\'s last login, audit row and session in one transaction', async () => {
    const { email } = await signUpVerified(server);
    const sub = newSubject();
    await signInWithGoogle(createTestClient(server.url), { sub, email, email_verified: true });
    const client = createTestClient(server.url);
    expect((await signInWithGoogle(client, { sub, email, email_verified: true })).headers.get('location')).toBe('/onboarding');
    const sessionId = hashToken(client.cookies.get('session')!);
    const uid = (await userByEmail(email))!.id;
    const [sessionXid, userXid, eventXid] = await Promise.all([
      xmin(sql`select xmin::text as xid from ${sessions} where ${sessions.id} = ${sessionId}`),
      xmin(sql`select xmin::text as xid from ${users} where ${users.id} = ${uid}`),
      xmin(sql`select xmin::text as xid from ${authEvents} where ${authEvents.userId} = ${uid} and ${authEvents.type} = 'google-login' order by ${authEvents.id} desc limit 1`),
    ]);
    expect(userXid).toBe(sessionXid);
    expect(eventXid).toBe(sessionXid);
  });

  it('refuses an e-mail Google has not verified and creates nothing', async () => {
    const client = createTestClient(server.url);
    const email = uniqueEmail('unverified.google');
    const sub = newSubject();
    expectGoogleFailure(await signInWithGoogle(client, { sub, email, email_verified: false, name: 'Nope' }), client);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await server.handle.db.$count(oauthAccounts, eq(oauthAccounts.providerUserId, sub))).toBe(0);
  });

  it('refuses an unverified Google e-mail that matches an existing account, leaving it untouched', async () => {
    const { email } = await signUp(server);
    const client = createTestClient(server.url);
    expectGoogleFailure(await signInWithGoogle(client, { sub: newSubject(), email, email_verified: false }), client);
    expect((await userByEmail(email))!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an ID token without an e-mail for a new Google user', async () => {
    const client = createTestClient(server.url);
    expectGoogleFailure(await signInWithGoogle(client, { sub: newSubject(), email_verified: true }), client);
  });

  it('reuses the oauth_accounts link on a second sign-in, even after the Google e-mail changed', async () => {
    const sub = newSubject();
    const email = uniqueEmail('returning.google');
    const first = createTestClient(server.url);
    await signUpWithGoogle(first, { sub, email, email_verified: true, name: 'Dorothy Vaughan' });
    const uid = (await me(first))!.uid;

    const second = createTestClient(server.url);
    const response = await signInWithGoogle(second, { sub, email: uniqueEmail('renamed.google'), email_verified: true, name: 'Dorothy V' });
    expect(response.headers.get('location')).toBe('/onboarding');
    expect(await me(second)).toMatchObject({ uid, email });
    expect(await server.handle.db.$count(oauthAccounts, eq(oauthAccounts.userId, uid))).toBe(1);
  });

  it('refuses a disabled account', async () => {
    const sub = newSubject();
    const email = uniqueEmail('disabled.google');
    await signUpWithGoogle(createTestClient(server.url), { sub, email, email_verified: true, name: 'Suspended' });
    await server.handle.db.update(users).set({ suspensionInfo: { suspended: true, suspensionReason: 'test' } }).where(eq(users.email, email));

    const client = createTestClient(server.url);
    expectGoogleFailure(await signInWithGoogle(client, { sub, email, email_verified: true }), client);
  });
});

describe('Google sign-in refuses a tampered round trip', () => {
  it('a changed state', async () => {
    const client = createTestClient(server.url);
    const email = uniqueEmail('state.google');
    const response = await signInWithGoogle(client, { sub: newSubject(), email, email_verified: true }, {
      tamper: (callback) => callback.searchParams.set('state', `${callback.searchParams.get('state')}x`),
    });
    expectGoogleFailure(response, client);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('a callback without the sign-in cookie (another browser)', async () => {
    const client = createTestClient(server.url);
    const response = await signInWithGoogle(client, { sub: newSubject(), email: uniqueEmail('cookie.google'), email_verified: true }, {
      tamper: () => client.cookies.delete('google_oauth'),
    });
    expectGoogleFailure(response, client);
  });

  it('a replayed callback', async () => {
    const client = createTestClient(server.url);
    let callbackUrl = '';
    const response = await signInWithGoogle(client, { sub: newSubject(), email: uniqueEmail('replay.google'), email_verified: true }, {
      tamper: (callback) => {
        callbackUrl = callback.toString();
      },
    });
    expect(response.headers.get('location')).toBe('/signup/google');
    const thief = createTestClient(server.url);
    expectGoogleFailure(await thief.visit(callbackUrl), thief);
  });

  it.each([
    ['a nonce that is not ours', { nonce: 'someone-elses-nonce' }],
    ['another client as audience', { aud: 'another-client' }],
    ['another issuer', { iss: 'http://127.0.0.1:1/' }],
    ['an expired ID token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])('an ID token with %s', async (_label, claims) => {
    const client = createTestClient(server.url);
    const email = uniqueEmail('idtoken.google');
    expectGoogleFailure(await signInWithGoogle(client, { sub: newSubject(), email, email_verified: true, ...claims }), client);
    expect(await userByEmail(email)).toBeUndefined();
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('answers 501 google-not-configured and says so in /api/config', async () => {
    const client = createTestClient(unconfigured.url);
    for (const path of ['/api/auth/google', '/api/auth/google/callback?code=x&state=y']) {
      const response = await client.get(path);
      expect(response.status, path).toBe(501);
      expect(response.body, path).toMatchObject({ error: { code: 'google-not-configured' } });
    }
    expect((await client.get<PublicConfig>('/api/config')).body.googleSignIn).toBe(false);
    expect((await createTestClient(server.url).get<PublicConfig>('/api/config')).body.googleSignIn).toBe(true);
  });
});

describe('Continue with Google on a creator\'s join page', () => {
  async function joinPageOf() {
    const owner = await signUpVerified(server);
    const { site, freeTier } = await insertSite(server.handle.db, await userIdOf(server.handle.db, owner.email), { title: 'Tide Tables' });
    return { site, freeTierId: freeTier.id, joinPage: `/@${site.handle}/join?tier=${freeTier.id}&cadence=month` };
  }

  it('is offered on the join page only when the server has a Google client, carrying the page and its choice', async () => {
    const { site, freeTierId, joinPage } = await joinPageOf();
    const page = await createTestClient(server.url).get(joinPage);
    expect(page.text).toContain(`href="/api/auth/google?next=${encodeURIComponent(`/@${site.handle}/join?tier=${freeTierId}&cadence=month`)}"`);
    expect(page.text).toContain('Continue with Google');

    const owner = await signUpVerified(unconfigured);
    const { site: plain } = await insertSite(unconfigured.handle.db, await userIdOf(unconfigured.handle.db, owner.email));
    const without = await createTestClient(unconfigured.url).get(`/@${plain.handle}/join`);
    expect(without.status).toBe(200);
    expect(without.text).not.toContain('Continue with Google');
  });

  it('signs an existing account in and returns it to the join page, which offers the one-click join', async () => {
    const { site, joinPage } = await joinPageOf();
    const { email } = await signUpVerified(server);
    const client = createTestClient(server.url);
    const response = await signInWithGoogle(client, { sub: newSubject(), email, email_verified: true }, { next: joinPage });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(joinPage);
    const page = await client.get(joinPage);
    expect(page.text).toContain(`<form method="post" action="/@${site.handle}/join">`);
    expect(page.text).not.toContain('Create your member account');
  });

  it('makes a new Google identity a verified member of the site, asking only the terms, and returns it to the join page', async () => {
    const { site, joinPage } = await joinPageOf();
    const client = createTestClient(server.url);
    const email = uniqueEmail('member.google');
    const response = await signInWithGoogle(client, { sub: newSubject(), email, email_verified: true, name: 'Nell Reader' }, { next: joinPage });
    expect(response.headers.get('location')).toBe('/signup/google');

    const screen = await client.get('/api/auth/google/signup');
    expect(screen.body).toEqual({ email, fullName: 'Nell Reader', joining: { handle: site.handle, title: 'Tide Tables' } });
    const refused = await client.post('/api/auth/google/signup', { agreeToTerms: false });
    expect(refused.body).toMatchObject({ error: { code: 'terms-not-accepted', field: 'agreeToTerms' } });

    const accepted = await client.post<{ user: PublicUser; next: string }>('/api/auth/google/signup', { agreeToTerms: true });
    expect(accepted.status).toBe(201);
    expect(accepted.body.next).toBe(joinPage);
    expect(accepted.body.user).toMatchObject({ email, role: 'member', niche: '', emailVerified: true, hasPassword: false });
    expect(client.cookies.has('google_signup_next')).toBe(false);
    expect(await userByEmail(email)).toMatchObject({ role: 'member', emailVerified: true, isVerified: true });
    // Signed in: the join page is the one-click join, and joining lands on the site.
    const joined = await client.post(`/@${site.handle}/join`, new URLSearchParams({ tierId: new URL(joinPage, server.url).searchParams.get('tier')! }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(joined.headers.get('location')).toBe(`/@${site.handle}?joined=1`);
    expect(await server.handle.db.$count(memberships, eq(memberships.siteId, site.id))).toBe(1);
  });

  it('sends a member who signs in with Google from /login to the site they belong to', async () => {
    const { site, joinPage } = await joinPageOf();
    const email = uniqueEmail('back.google');
    const sub = newSubject();
    const first = createTestClient(server.url);
    await signInWithGoogle(first, { sub, email, email_verified: true }, { next: joinPage });
    await first.post('/api/auth/google/signup', { agreeToTerms: true });
    await first.post(`/@${site.handle}/join`, new URLSearchParams({ tierId: new URL(joinPage, server.url).searchParams.get('tier')! }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });

    const again = await signInWithGoogle(createTestClient(server.url), { sub, email, email_verified: true });
    expect(again.headers.get('location')).toBe(`/@${site.handle}`);
  });

  it('drops a hostile next: the sign-in ends where one from /login does, and a first one makes a creator', async () => {
    for (const hostile of ['https://evil.example/@ada', '//evil.example', '/@ada//evil.example', '/dashboard', 'javascript:alert(1)', '/@ada/../api/auth/logout']) {
      const start = await createTestClient(server.url).get(`/api/auth/google?next=${encodeURIComponent(hostile)}`);
      const cookie = start.headers.getSetCookie().find((line) => line.startsWith('google_oauth='))!;
      const transient = JSON.parse(Buffer.from(cookie.split(';')[0]!.split('=')[1]!, 'base64url').toString()) as Record<string, unknown>;
      expect(transient.next, hostile).toBeUndefined();
    }
    const { email } = await signUpVerified(server);
    const existing = await signInWithGoogle(createTestClient(server.url), { sub: newSubject(), email, email_verified: true }, { next: 'https://evil.example/' });
    expect(existing.headers.get('location')).toBe('/onboarding');

    const client = createTestClient(server.url);
    const fresh = await signInWithGoogle(client, { sub: newSubject(), email: uniqueEmail('hostile.google'), email_verified: true }, { next: '//evil.example' });
    expect(fresh.headers.get('location')).toBe('/signup/google');
    expect(client.cookies.has('google_signup_next')).toBe(false);
    expect((await client.get<Record<string, unknown>>('/api/auth/google/signup')).body.joining).toBeUndefined();
    const created = await client.post<{ user: PublicUser; next?: string }>('/api/auth/google/signup', TERMS);
    expect(created.body.user.role).toBe('creator');
    expect(created.body.next).toBeUndefined();
  });

  it('reads the return path from the cookie again: an edited one to another site is ignored', async () => {
    const client = createTestClient(server.url);
    await signInWithGoogle(client, { sub: newSubject(), email: uniqueEmail('edited.google'), email_verified: true });
    client.cookies.set('google_signup_next', encodeURIComponent('https://evil.example/'));
    const created = await client.post<{ user: PublicUser; next?: string }>('/api/auth/google/signup', TERMS);
    expect(created.status).toBe(201);
    expect(created.body.user.role).toBe('creator');
    expect(created.body.next).toBeUndefined();
  });
});
