/**
 * The mailed join link must not hand its user an account a stranger prepared
 * (review H1, docs/decisions/152): someone signs up first with the victim's
 * address and their own password, keeping a live session; when the victim
 * later joins a site with that address and uses the mailed link, the
 * stranger's password, session and pending e-mail change stop working. Real
 * app, real database, real SMTP sink.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/content-schema.ts';
import { emailTokens, rateLimits, users } from '../../db/schema.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { signUp, signUpVerified, signupBody, uniqueEmail } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { followJoinLink } from '../support/join-by-email.ts';
import { insertSiteWithOwner } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const aSite = () => insertSiteWithOwner(db());

/** The sign-up's verification mail has gone: the one-a-minute limit of mails to an address would hold the join's back. */
async function afterSignUpMail(email: string) {
  await server.smtp.waitForMail(email);
  await db().delete(rateLimits);
}

/** The join link among every mail the address received (the squatter's sign-up also mailed a verification). */
async function joinLinkAmong(email: string, count: number): Promise<string> {
  const mails = await server.smtp.waitForMail(email, { count });
  const link = mails.flatMap((mail) => mail.links).find((candidate) => candidate.includes('/join/confirm?token='));
  expect(link).toBeDefined();
  return link!;
}

describe('a join link on an account nobody had proven', () => {
  it('ends the password, sessions and e-mail change of whoever made the account first', async () => {
    const { site, freeTier } = await aSite();
    const victim = uniqueEmail('victim');
    // The squatter: the open sign-up with the victim's address and their own password, signed in at once.
    const squatter = await signUp(server, { email: victim });
    await afterSignUpMail(victim);
    expect((await squatter.client.get<{ user: unknown }>('/api/auth/me')).body.user).toMatchObject({ email: victim });
    expect((await createTestClient(server.url).post('/api/auth/login', { email: victim, password: squatter.password })).status).toBe(200);
    // A pending change of address to one the squatter reads would take the account back later.
    const [account] = await db().select().from(users).where(eq(users.email, victim));
    await db().insert(emailTokens).values({ id: `squatter-change-${account!.id}`, userId: account!.id, email: 'squatter@example.com', purpose: 'change-email', createdAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) });

    const fan = createTestClient(server.url);
    const sent = await fan.post(`/@${site.handle}/join/signup`, new URLSearchParams({ email: victim, choice: `${freeTier.id}:month` }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(sent.status).toBe(200);
    const followed = await followJoinLink(fan, await joinLinkAmong(victim, 2));
    expect(followed.headers.get('location')).toBe(`/@${site.handle}?joined=1`);

    // The fan is in, on the same account, now proven.
    const me = await fan.get<{ user: { email: string; emailVerified: boolean } }>('/api/auth/me');
    expect(me.body.user).toMatchObject({ email: victim, emailVerified: true });
    // The squatter is out: the old session, the old password and the pending change no longer work.
    expect((await squatter.client.get<{ user: unknown }>('/api/auth/me')).body.user).toBeNull();
    expect((await createTestClient(server.url).post('/api/auth/login', { email: victim, password: squatter.password })).status).toBe(401);
    const [after] = await db().select().from(users).where(eq(users.email, victim));
    expect(after).toMatchObject({ id: account!.id, passwordHash: null, emailVerified: true });
    const live = await db()
      .select({ purpose: emailTokens.purpose })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, account!.id), isNull(emailTokens.usedAt)));
    expect(live.map((row) => row.purpose)).not.toContain('change-email');
  });

  it('leaves the password and other sessions of an account whose address was already proven', async () => {
    const { site, freeTier } = await aSite();
    const email = uniqueEmail('owner-of-address');
    const owner = await signUp(server, { email });
    await afterSignUpMail(email);
    await db().update(users).set({ emailVerified: true, isVerified: true }).where(eq(users.email, email));
    const fan = createTestClient(server.url);
    await fan.post(`/@${site.handle}/join/signup`, new URLSearchParams({ email, choice: `${freeTier.id}:month` }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    const followed = await followJoinLink(fan, await joinLinkAmong(email, 2));
    expect(followed.headers.get('location')).toBe(`/@${site.handle}?joined=1`);
    expect((await owner.client.get<{ user: unknown }>('/api/auth/me')).body.user).toMatchObject({ email });
    expect((await createTestClient(server.url).post('/api/auth/login', { email, password: owner.password })).status).toBe(200);
  });
});

describe('an address typed on a join page (review M3)', () => {
  it('does not keep its owner out: their sign-up becomes the empty account, and its waiting link ends', async () => {
    const { site, freeTier } = await aSite();
    const email = uniqueEmail('typed-by-someone');
    const typist = createTestClient(server.url);
    await typist.post(`/@${site.handle}/join/signup`, new URLSearchParams({ email, choice: `${freeTier.id}:month` }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    const link = await joinLinkAmong(email, 1);
    const [placeholder] = await db().select().from(users).where(eq(users.email, email));
    await db().delete(rateLimits);

    const owner = await signUp(server, { email, fullName: 'Ada <b>Owner</b>' });
    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ id: placeholder!.id, fullName: 'Ada <b>Owner</b>', role: 'creator', emailVerified: false });
    expect(account!.passwordHash).not.toBeNull();
    expect((await owner.client.get<{ user: unknown }>('/api/auth/me')).body.user).toMatchObject({ email });
    // The link the typist asked for no longer signs anyone in.
    expect((await followJoinLink(typist, link)).headers.get('location')).toBe(`/@${site.handle}/join?link=used`);
    expect(typist.cookies.size).toBe(0);
  });

  it('does not keep its owner from moving their account to it: the change goes through and the empty account goes', async () => {
    const { site, freeTier } = await aSite();
    const account = await signUpVerified(server);
    const newEmail = uniqueEmail('moving-to');
    await createTestClient(server.url).post(`/@${site.handle}/join/signup`, new URLSearchParams({ email: newEmail, choice: `${freeTier.id}:month` }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    await joinLinkAmong(newEmail, 1);
    await db().delete(rateLimits);
    expect((await account.client.post('/api/account/email', { email: newEmail, password: account.password })).status).toBe(202);
    // The confirmation, not the "already taken" notice.
    const confirmLink = () => server.smtp.mailsTo(newEmail).flatMap((mail) => mail.links).find((candidate) => candidate.includes('/api/account/email/confirm?token='));
    await expect.poll(confirmLink, { timeout: 20_000 }).toBeDefined();
    const followed = await account.client.visit(confirmLink()!);
    expect(followed.headers.get('location')).toBe('/settings/account?email-change=changed');
    const holders = await db().select({ id: users.id }).from(users).where(eq(users.email, newEmail));
    expect(holders).toHaveLength(1);
    expect(await db().select({ email: users.email }).from(users).where(eq(users.email, account.email))).toEqual([]);
  });

  it('still refuses a sign-up for an account that belongs to someone: proven, or a member of a site', async () => {
    const { site, freeTier } = await aSite();
    const proven = uniqueEmail('proven');
    await db().insert(users).values(buildNewUser({ email: proven, fullName: '', niche: '', passwordHash: null, emailVerified: true, now: new Date(), role: 'member' }));
    const paying = uniqueEmail('paying');
    const [member] = await db().insert(users).values(buildNewUser({ email: paying, fullName: '', niche: '', passwordHash: null, emailVerified: false, now: new Date(), role: 'member' })).returning();
    await db().insert(memberships).values({ siteId: site.id, userId: member!.id, tierId: freeTier.id, status: 'active', source: 'free' });
    for (const email of [proven, paying]) {
      const answer = await createTestClient(server.url).post('/api/auth/signup', signupBody({ email }));
      expect(answer.status).toBe(409);
    }
  });
});
