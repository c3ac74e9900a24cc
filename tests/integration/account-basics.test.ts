/**
 * Account basics (issue 29 item 7, docs/decisions/148) against a real server,
 * Postgres and SMTP sink: changing the password ends the other sessions, a new
 * address changes only once its mailed link is followed (once, in time, by the
 * right account), the old address hears of it, and deleting an account asks for
 * the password and waits while a Stripe subscription still bills.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../common/api-types.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { platformPlans } from '../../db/money-schema.ts';
import { authEvents, sessions, users } from '../../db/schema.ts';
import { signUpVerified, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { sendJson } from '../support/creator-site.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertMembership, insertSite, insertTier, uniqueHandle } from '../support/site-fixtures.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const NEW_PASSWORD = 'amber-quarry-94';
const MINUTE_MS = 60_000;

interface ErrorAnswer {
  error?: { code: string; field?: string };
}

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


async function me(client: TestClient): Promise<PublicUser | null> {
  return (await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user;
}

async function signedInElsewhere(email: string, password = STRONG_PASSWORD): Promise<TestClient> {
  const other = createTestClient(server.url);
  expect((await other.post('/api/auth/login', { email, password })).status).toBe(200);
  return other;
}

/** Asks for the change (a minute after the last mail to that address) and returns the token of the link mailed to it. */
async function requestChange(client: TestClient, newEmail: string, count = 1): Promise<string> {
  time.advance(MINUTE_MS + 1000);
  const asked = await client.post('/api/account/email', { email: newEmail, password: STRONG_PASSWORD });
  expect(asked.status).toBe(202);
  expect(asked.body).toEqual({ status: 'confirmation-sent', email: newEmail });
  const mail = await server.smtp.waitForMailAbout(newEmail, 'Confirm your new email', count);
  const link = new URL(mail.links[0]!);
  expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/api/account/email/confirm`);
  return link.searchParams.get('token')!;
}

async function follow(client: TestClient, token: string): Promise<string | null> {
  const followed = await client.visit(`${server.url}/api/account/email/confirm?token=${token}`);
  expect(followed.status).toBe(303);
  return followed.headers.get('location');
}

describe('changing the password', () => {
  it('needs the current password, checks the new one like sign-up, and ends only the other sessions', async () => {
    const { client, email } = await signUpVerified(server);
    const other = await signedInElsewhere(email);

    const missing = await sendJson<ErrorAnswer>(server, client, 'PUT', '/api/account/password', { newPassword: NEW_PASSWORD });
    expect([missing.status, missing.body.error]).toEqual([400, expect.objectContaining({ code: 'missing-password', field: 'currentPassword' })]);
    const wrong = await sendJson<ErrorAnswer>(server, client, 'PUT', '/api/account/password', { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD });
    expect([wrong.status, wrong.body.error]).toEqual([401, expect.objectContaining({ code: 'wrong-password', field: 'currentPassword' })]);
    const weak = await sendJson<ErrorAnswer>(server, client, 'PUT', '/api/account/password', { currentPassword: STRONG_PASSWORD, newPassword: 'password1' });
    expect([weak.status, weak.body.error]).toEqual([400, expect.objectContaining({ code: 'weak-password', field: 'newPassword' })]);
    // Nothing of the refused tries changed anything.
    expect(await me(other)).not.toBeNull();

    const changed = await sendJson(server, client, 'PUT', '/api/account/password', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect([changed.status, changed.body]).toEqual([200, { status: 'password-changed', endedSessions: 1 }]);
    expect((await me(client))?.email).toBe(email);
    expect(await me(other)).toBeNull();
    expect((await createTestClient(server.url).post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await createTestClient(server.url).post('/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);
    const notice = await server.smtp.waitForMailAbout(email, 'password was changed');
    expect(notice.text).toContain('on a signed-in device, and every other device was signed out');
  });

  it('is refused to an account without a password, which sets one by the mailed reset link', async () => {
    const { client, email } = await signUpVerified(server);
    await server.handle.db.update(users).set({ passwordHash: null }).where(eq(users.email, email));
    const refused = await sendJson<ErrorAnswer>(server, client, 'PUT', '/api/account/password', { currentPassword: 'anything', newPassword: NEW_PASSWORD });
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'password-not-set']);
  });

  it('answers 401 when signed out, on every account path', async () => {
    const stranger = createTestClient(server.url);
    expect((await sendJson(server, stranger, 'PUT', '/api/account/password', { currentPassword: 'x', newPassword: NEW_PASSWORD })).status).toBe(401);
    expect((await stranger.post('/api/account/email', { email: uniqueEmail(), password: 'x' })).status).toBe(401);
    expect((await stranger.post('/api/account/sessions/sign-out-others')).status).toBe(401);
    expect((await stranger.get('/api/account/deletion')).status).toBe(401);
    expect((await sendJson(server, stranger, 'DELETE', '/api/account', { password: 'x' })).status).toBe(401);
  });
});

describe('a forged request', () => {
  it('is refused with 403 on every state-changing account path, and changes nothing', async () => {
    const { client, email } = await signUpVerified(server);
    const other = await signedInElsewhere(email);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const forged = (method: string, path: string, body?: unknown) =>
      fetch(new URL(path, server.url), { method, headers: { cookie, origin: 'http://evil.example', 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const answers = [
      await forged('PUT', '/api/account/password', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD }),
      await forged('POST', '/api/account/email', { email: uniqueEmail('forged'), password: STRONG_PASSWORD }),
      await forged('POST', '/api/account/sessions/sign-out-others'),
      await forged('DELETE', '/api/account', { password: STRONG_PASSWORD }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    expect(await me(other)).not.toBeNull();
    expect((await me(client))?.email).toBe(email);
    expect((await createTestClient(server.url).post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
  });
});

describe('signing out everywhere else', () => {
  it('ends every other session of the account and keeps this one', async () => {
    const { client, email } = await signUpVerified(server);
    const [first, second] = [await signedInElsewhere(email), await signedInElsewhere(email)];
    const answer = await client.post('/api/account/sessions/sign-out-others');
    expect([answer.status, answer.body]).toEqual([200, { endedSessions: 2 }]);
    expect([await me(first), await me(second)]).toEqual([null, null]);
    expect((await me(client))?.email).toBe(email);
  });
});

describe('changing the e-mail address', () => {
  it('changes it once the new address follows its link, after a notice to the old one', async () => {
    const { client, email } = await signUpVerified(server);
    const newEmail = uniqueEmail('moved');
    const token = await requestChange(client, newEmail);
    const notice = await server.smtp.waitForMailAbout(email, 'is being changed');
    expect(notice.text).toContain(newEmail);
    // Nothing changes until the link is followed.
    expect((await me(client))?.email).toBe(email);

    expect(await follow(client, token)).toBe('/settings/account?email-change=changed');
    expect((await me(client))?.email).toBe(newEmail);
    expect((await createTestClient(server.url).post('/api/auth/login', { email: newEmail, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await createTestClient(server.url).post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    const [event] = await server.handle.db.select().from(authEvents).where(eq(authEvents.email, newEmail));
    expect(event).toMatchObject({ type: 'email-changed', detail: `from ${email}` });

    // Used twice: the second time changes nothing.
    expect(await follow(client, token)).toBe('/settings/account?email-change=invalid');
  });

  it('refuses a wrong password and an address of its own', async () => {
    const { client, email } = await signUpVerified(server);
    const wrong = await client.post<ErrorAnswer>('/api/account/email', { email: uniqueEmail(), password: 'not-the-password' });
    expect([wrong.status, wrong.body.error]).toEqual([401, expect.objectContaining({ code: 'wrong-password', field: 'password' })]);
    const same = await client.post<ErrorAnswer>('/api/account/email', { email, password: STRONG_PASSWORD });
    expect([same.status, same.body.error]).toEqual([409, expect.objectContaining({ code: 'email-already-in-use', field: 'email' })]);
    const invalid = await client.post<ErrorAnswer>('/api/account/email', { email: 'not an address', password: STRONG_PASSWORD });
    expect([invalid.status, invalid.body.error?.code]).toEqual([400, 'invalid-email']);
  });

  it('answers a taken address as a free one under enumeration protection, and tells only that inbox', async () => {
    const { client, email } = await signUpVerified(server);
    const { email: taken } = await signUpVerified(server);
    time.advance(MINUTE_MS + 1000);
    const asked = await client.post('/api/account/email', { email: taken, password: STRONG_PASSWORD });
    expect([asked.status, asked.body]).toEqual([202, { status: 'confirmation-sent', email: taken }]);
    const word = await server.smtp.waitForMailAbout(taken, 'was not changed');
    expect(word.text).toContain('already has an account');
    expect(word.links.some((link) => link.includes('/api/account/email/confirm'))).toBe(false);
    expect((await me(client))?.email).toBe(email);
  });

  it('refuses a taken address by name when enumeration protection is off', async () => {
    const { client } = await signUpVerified(unprotected);
    const { email: taken } = await signUpVerified(unprotected);
    const refused = await client.post<ErrorAnswer>('/api/account/email', { email: taken, password: STRONG_PASSWORD });
    expect([refused.status, refused.body.error]).toEqual([409, expect.objectContaining({ code: 'email-already-in-use', field: 'email' })]);
  });

  it('does not follow an expired link, nor one opened by another signed-in account, nor one whose address was taken meanwhile', async () => {
    const { client } = await signUpVerified(server);
    const expiring = await requestChange(client, uniqueEmail('late'));
    time.advance(61 * MINUTE_MS);
    expect(await follow(client, expiring)).toBe('/settings/account?email-change=expired');

    const wanted = uniqueEmail('wanted');
    const token = await requestChange(client, wanted);
    const { client: someoneElse } = await signUpVerified(server);
    expect(await follow(someoneElse, token)).toBe('/settings/account?email-change=other-account');
    // Still usable by the account it was made for; but the address was taken by a sign-up meanwhile.
    const squatter = createTestClient(server.url);
    expect((await squatter.post('/api/auth/signup', { fullName: 'Squatter', email: wanted, password: STRONG_PASSWORD, niche: 'music', agreeToTerms: true })).status).toBe(201);
    expect(await follow(client, token)).toBe('/settings/account?email-change=taken');
  });

  it('changes the address of the right account when the link is opened signed out', async () => {
    const { client, email } = await signUpVerified(server);
    const newEmail = uniqueEmail('signed-out');
    const token = await requestChange(client, newEmail);
    expect(await follow(createTestClient(server.url), token)).toBe('/settings/account?email-change=changed');
    const [row] = await server.handle.db.select({ email: users.email }).from(users).where(eq(users.email, newEmail));
    expect(row?.email).toBe(newEmail);
    expect(await server.handle.db.$count(users, eq(users.email, email))).toBe(0);
  });
});

describe('deleting the account', () => {
  it('says what goes, refuses a wrong password and waits while a member still pays', async () => {
    const { client, email } = await signUpVerified(server);
    const userId = (await me(client))!.uid;
    const { site } = await insertSite(server.handle.db, userId, { handle: uniqueHandle('leaving') });
    const tier = await insertTier(server.handle.db, site.id);
    const { client: fan, email: fanEmail } = await signUpVerified(server);
    const fanId = (await me(fan))!.uid;
    const paying = await insertMembership(server.handle.db, { siteId: site.id, userId: fanId, tierId: tier.id, source: 'stripe', stripeSubscriptionId: `sub_${fanId}` });

    const plan = await client.get('/api/account/deletion');
    expect(plan.body).toEqual({ deletion: { sites: [{ handle: site.handle, title: site.title, members: 1 }], payingMembers: 1, ownSubscriptions: 0, billedPlan: false } });
    // The fan's own paid membership is counted, so their page says the deletion cancels it; it does not hold it (decision 159).
    expect((await fan.get('/api/account/deletion')).body).toEqual({ deletion: { sites: [], payingMembers: 0, ownSubscriptions: 1, billedPlan: false } });

    const wrong = await sendJson<ErrorAnswer>(server, client, 'DELETE', '/api/account', { password: 'not-the-password' });
    expect([wrong.status, wrong.body.error?.code]).toEqual([401, 'wrong-password']);
    const held = await sendJson<ErrorAnswer>(server, client, 'DELETE', '/api/account', { password: STRONG_PASSWORD });
    expect([held.status, held.body.error?.code]).toEqual([409, 'paying-members']);
    expect(await server.handle.db.$count(users, eq(users.id, userId))).toBe(1);

    // Once Stripe reports the subscription cancelled, the account goes with its site and the member's access.
    await server.handle.db.update(memberships).set({ status: 'canceled' }).where(eq(memberships.id, paying.id));
    const other = await signedInElsewhere(email);
    const deleted = await sendJson(server, client, 'DELETE', '/api/account', { password: STRONG_PASSWORD });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.getSetCookie().join('\n')).toMatch(/session=;|Expires=Thu, 01 Jan 1970/i);
    expect(await server.handle.db.$count(users, eq(users.id, userId))).toBe(0);
    expect(await server.handle.db.$count(sites, eq(sites.id, site.id))).toBe(0);
    expect(await server.handle.db.$count(sessions, eq(sessions.userId, userId))).toBe(0);
    expect(await me(other)).toBeNull();
    expect((await createTestClient(server.url).post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    // The fan's account stays; only their access to the deleted site went.
    expect((await me(fan))?.email).toBe(fanEmail);
    const [trail] = await server.handle.db.select().from(authEvents).where(and(eq(authEvents.type, 'account-deleted'), eq(authEvents.email, email)));
    expect(trail?.userId).toBeNull();
  });

  it('waits while the account’s own plan is billed, and says so before anyone types', async () => {
    const { client } = await signUpVerified(server);
    const userId = (await me(client))!.uid;
    await server.handle.db
      .insert(platformPlans)
      .values({ userId, status: 'active', trialEndsAt: new Date(), stripeSubscriptionId: `sub_plan_${userId}` })
      .onConflictDoUpdate({ target: platformPlans.userId, set: { status: 'active', stripeSubscriptionId: `sub_plan_${userId}` } });
    expect((await client.get('/api/account/deletion')).body).toEqual({ deletion: { sites: [], payingMembers: 0, ownSubscriptions: 0, billedPlan: true } });
    const held = await sendJson<ErrorAnswer>(server, client, 'DELETE', '/api/account', { password: STRONG_PASSWORD });
    expect([held.status, held.body.error?.code]).toEqual([409, 'paying-members']);
    expect(await server.handle.db.$count(users, eq(users.id, userId))).toBe(1);
  });
});
