/**
 * Members' identity (issue 10 item 1, docs/decisions/059) on the real app and
 * database: the verification link sends a member back to the site they
 * joined, /api/me/landing says where an account belongs, and a member starts
 * a site of their own through /api/me/start-site.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../common/api-types.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { authEvents, users } from '../../db/schema.ts';
import { signUp, signUpVerified, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertMembership, insertSite, uniqueHandle, userIdOf } from '../support/site-fixtures.ts';
import { joinByEmail } from '../support/join-by-email.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A creator's published site with its free tier. */
async function creatorSite() {
  const owner = await signUpVerified(server);
  const { site, freeTier } = await insertSite(db(), await userIdOf(db(), owner.email));
  return { owner, site, freeTierId: freeTier.id };
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * A member who signed up with a name and a password on the join page before a join took one field
 * (docs/decisions/145): signed in, a member of the free tier, their address not confirmed yet and its
 * verification mail on its way. The join page no longer makes such accounts; the ones made stay.
 */
async function joinAsNewMember(handle: string, freeTierId: string): Promise<{ client: TestClient; email: string }> {
  const client = createTestClient(server.url);
  const email = uniqueEmail('fan');
  const [site] = await db().select({ id: sites.id }).from(sites).where(eq(sites.handle, handle));
  const signedIn = await server.services.accounts.signup({ fullName: 'Bo Reader', email, password: STRONG_PASSWORD, agreeToTerms: true, role: 'member', siteId: site!.id }, { ip: '127.0.0.1', userAgent: 'test' });
  await insertMembership(db(), { siteId: site!.id, userId: signedIn.user.id, tierId: freeTierId });
  client.cookies.set('session', signedIn.session.token);
  return { client, email };
}

async function verificationLink(email: string): Promise<string> {
  const [mail] = await server.smtp.waitForMail(email);
  return mail!.links[0]!;
}

/** A fan who joined with one e-mail field and opened the mailed link: confirmed and signed in. */
async function verifiedMember(handle: string, freeTierId: string) {
  const client = createTestClient(server.url);
  const email = uniqueEmail('fan');
  await joinByEmail(client, server.smtp, { handle, tierId: freeTierId, email });
  return { client, email };
}

async function userRow(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email));
  return row!;
}

describe('the verification link of a member', () => {
  it('lands a member who opens it signed in back on the site they joined', async () => {
    const { site, freeTierId } = await creatorSite();
    const member = await joinAsNewMember(site.handle, freeTierId);
    const followed = await member.client.visit(await verificationLink(member.email));
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe(`/@${site.handle}`);
    expect(await userRow(member.email)).toMatchObject({ role: 'member', emailVerified: true });
  });

  it('sends a member who opens it signed out to the site’s own sign-in, which says the address is confirmed (docs/decisions/153)', async () => {
    const { site, freeTierId } = await creatorSite();
    const member = await joinAsNewMember(site.handle, freeTierId);
    const visitor = createTestClient(server.url);
    const followed = await visitor.visit(await verificationLink(member.email));
    expect(followed.headers.get('location')).toBe(`/@${site.handle}/sign-in?verified=1`);
    const page = await visitor.get(`/@${site.handle}/sign-in?verified=1`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Your e-mail is confirmed. Sign in to read what members of ${site.title} get.`);
    expect(page.text).not.toContain('Creator Platform');
  });

  it('still sends a creator on to /onboarding', async () => {
    const { client, email } = await signUp(server);
    expect((await client.visit(await verificationLink(email))).headers.get('location')).toBe('/onboarding');
  });
});

describe('GET /api/me/landing', () => {
  it('names the site of the member’s latest membership', async () => {
    const first = await creatorSite();
    const second = await creatorSite();
    const member = await verifiedMember(first.site.handle, first.freeTierId);
    expect((await member.client.get<{ path: string }>('/api/me/landing')).body).toEqual({ path: `/@${first.site.handle}` });

    const joined = await member.client.post(`/@${second.site.handle}/join`, new URLSearchParams({ tierId: second.freeTierId }).toString(), FORM);
    expect(joined.headers.get('location')).toBe(`/@${second.site.handle}?joined=1`);
    expect((await member.client.get<{ path: string }>('/api/me/landing')).body).toEqual({ path: `/@${second.site.handle}` });
  });

  it('is the platform’s home for a member of no site, /onboarding for a creator, and 401 signed out', async () => {
    const { site, freeTierId } = await creatorSite();
    const member = await verifiedMember(site.handle, freeTierId);
    await db().delete(memberships).where(eq(memberships.userId, await userIdOf(db(), member.email)));
    expect((await member.client.get<{ path: string }>('/api/me/landing')).body).toEqual({ path: '/' });

    const creator = await signUpVerified(server);
    expect((await creator.client.get<{ path: string }>('/api/me/landing')).body).toEqual({ path: '/onboarding' });
    expect((await createTestClient(server.url).get('/api/me/landing')).status).toBe(401);
  });
});

describe('POST /api/me/start-site', () => {
  it('turns a member into a creator with their niche, keeps their memberships, and the wizard can make their site', async () => {
    const { site, freeTierId } = await creatorSite();
    const member = await verifiedMember(site.handle, freeTierId);
    const userId = await userIdOf(db(), member.email);

    const started = await member.client.post<{ user: PublicUser }>('/api/me/start-site', { niche: 'other', customNiche: ' Kettlebells ' });
    expect(started.status).toBe(200);
    expect(started.body.user).toMatchObject({ role: 'creator', niche: 'Kettlebells', hasCompletedSetup: false });
    expect(await userRow(member.email)).toMatchObject({ role: 'creator', niche: 'Kettlebells' });
    const kept = await db().select().from(memberships).where(and(eq(memberships.userId, userId), eq(memberships.siteId, site.id)));
    expect(kept).toHaveLength(1);
    const [event] = await db().select().from(authEvents).where(and(eq(authEvents.userId, userId), eq(authEvents.type, 'role-changed')));
    expect(event?.detail).toContain('member -> creator');

    const handle = uniqueHandle('fan');
    const made = await member.client.post('/api/sites', { handle, title: 'Bo’s Kettlebells' });
    expect(made.status).toBe(201);
    expect((await member.client.get<{ path: string }>('/api/me/landing')).body).toEqual({ path: '/onboarding' });
  });

  it('refuses a creator and an operator (409) and changes nothing', async () => {
    const creator = await signUpVerified(server);
    const refused = await creator.client.post<{ error: { code: string } }>('/api/me/start-site', { niche: 'music' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('already-creator');

    const operator = await signUpVerified(server);
    await db().update(users).set({ isAdmin: true }).where(eq(users.email, operator.email));
    expect((await operator.client.post('/api/me/start-site', { niche: 'music' })).status).toBe(409);
    expect(await userRow(operator.email)).toMatchObject({ role: 'creator', isAdmin: true, niche: 'music' });
  });

  it('refuses an unverified member (403), a signed-out caller (401), a missing niche (400) and another origin (403)', async () => {
    const { site, freeTierId } = await creatorSite();
    const unverified = await joinAsNewMember(site.handle, freeTierId);
    const notYet = await unverified.client.post<{ error: { code: string } }>('/api/me/start-site', { niche: 'music' });
    expect(notYet.status).toBe(403);
    expect(notYet.body.error.code).toBe('email-not-verified');
    expect(await userRow(unverified.email)).toMatchObject({ role: 'member' });

    expect((await createTestClient(server.url).post('/api/me/start-site', { niche: 'music' })).status).toBe(401);

    const member = await verifiedMember(site.handle, freeTierId);
    const noNiche = await member.client.post<{ error: { code: string; field: string } }>('/api/me/start-site', {});
    expect(noNiche.status).toBe(400);
    expect(noNiche.body.error).toMatchObject({ code: 'missing-niche', field: 'niche' });

    const forged = await member.client.post('/api/me/start-site', { niche: 'music' }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(await userRow(member.email)).toMatchObject({ role: 'member' });
  });
});

describe('the member’s account page', () => {
  it('offers nothing of the platform, to a member or to a creator (issue 29, docs/decisions/142)', async () => {
    const { site, freeTierId } = await creatorSite();
    const member = await verifiedMember(site.handle, freeTierId);
    const otherCreator = await signUpVerified(server);
    await otherCreator.client.post(`/@${site.handle}/join`, new URLSearchParams({ tierId: freeTierId }).toString(), FORM);
    for (const reader of [member, otherCreator]) {
      const page = await reader.client.get(`/@${site.handle}/account`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Your membership');
      for (const platform of ['Start your own site', 'href="/onboarding"', 'Fully own your brand', 'Creator Platform']) expect(page.text).not.toContain(platform);
    }
  });
});
