/**
 * A new password ends the links still waiting in a mail (review M1,
 * docs/decisions/152): the warning about an e-mail change tells the owner to
 * reset their password, so a reset, and a change of password, must stop the
 * pending change of address and any join or sign-in link. Real app, real
 * database, real SMTP sink.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, users } from '../../db/schema.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { sendJson } from '../support/creator-site.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { followJoinLink } from '../support/join-by-email.ts';
import { insertSite } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const db = () => server.handle.db;
const NEW_PASSWORD = 'lantern-quarry-58';

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

/** The first link containing `fragment` in a mail to `email`, once it has arrived. */
async function linkTo(email: string, fragment: string): Promise<string> {
  await expect.poll(() => server.smtp.mailsTo(email).some((mail) => mail.links.some((link) => link.includes(fragment))), { timeout: 20_000 }).toBe(true);
  return server.smtp.mailsTo(email).flatMap((mail) => mail.links).find((link) => link.includes(fragment))!;
}

/** A verified account with a change of address waiting for its link, and a join link waiting too. */
async function accountWithPendingLinks() {
  const account = await signUpVerified(server);
  const [owner] = await db()
    .insert(users)
    .values(buildNewUser({ email: uniqueEmail('owner'), fullName: 'Olive Owner', niche: 'music', passwordHash: null, emailVerified: true, now: new Date() }))
    .returning();
  const { site, freeTier } = await insertSite(db(), owner!.id);
  const newEmail = uniqueEmail('taken-over');
  await db().delete(rateLimits);
  expect((await account.client.post('/api/account/email', { email: newEmail, password: account.password })).status).toBe(202);
  const changeLink = await linkTo(newEmail, '/api/account/email/confirm?token=');
  await db().delete(rateLimits);
  const join = await createTestClient(server.url).post(`/@${site.handle}/join/signup`, new URLSearchParams({ email: account.email, choice: `${freeTier.id}:month` }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  expect(join.status).toBe(200);
  const joinLink = await linkTo(account.email, '/join/confirm?token=');
  await db().delete(rateLimits);
  return { ...account, newEmail, changeLink, joinLink, handle: site.handle };
}

async function expectLinksEnded(pending: Awaited<ReturnType<typeof accountWithPendingLinks>>, client: TestClient) {
  const change = await client.visit(pending.changeLink);
  expect(change.status).toBe(303);
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.email, pending.email));
  expect(row).toEqual({ email: pending.email });
  expect(await db().select().from(users).where(eq(users.email, pending.newEmail))).toEqual([]);
  const joined = await followJoinLink(createTestClient(server.url), pending.joinLink);
  expect(joined.headers.get('location')).toBe(`/@${pending.handle}/join?link=used`);
}

describe('a new password ends the links waiting in a mail', () => {
  it('a password reset ends a pending change of address and a join link', async () => {
    const pending = await accountWithPendingLinks();
    const anyone = createTestClient(server.url);
    expect((await anyone.post('/api/auth/password-reset', { email: pending.email })).status).toBe(202);
    const resetLink = new URL(await linkTo(pending.email, '/reset-password'));
    const confirmed = await anyone.post('/api/auth/password-reset/confirm', { token: resetLink.searchParams.get('token'), password: NEW_PASSWORD });
    expect(confirmed.status).toBe(200);
    await expectLinksEnded(pending, anyone);
  });

  it('a change of password ends them too', async () => {
    const pending = await accountWithPendingLinks();
    const changed = await sendJson(server, pending.client, 'PUT', '/api/account/password', { currentPassword: pending.password, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    await expectLinksEnded(pending, pending.client);
  });
});
