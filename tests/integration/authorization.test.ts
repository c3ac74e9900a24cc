/**
 * The named authorization middleware (issue 8, "Roles and modules") on a real
 * Express app with the real session service, cookie and error handler on a
 * fresh database. No route of the product needs a creator yet (the studio
 * brings GET /api/sites/mine), so the test mounts the middleware itself on
 * small routes, in the order app.ts uses: loadSession once for /api, then each
 * route's requirement.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../common/roles.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { createSessionService } from '../../server/auth/session.ts';
import { systemClock } from '../../server/clock.ts';
import { handleErrors } from '../../server/http/middleware/error-handler.ts';
import { loadSession } from '../../server/auth/load-session.ts';
import { requireAdmin, requireUser, requireVerifiedCreator } from '../../server/auth/require-user.ts';
import { createSessionCookie } from '../../server/auth/session-cookie.ts';
import { createLogger } from '../../server/logger.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let testDatabase: TestDatabase;
let database: DatabaseHandle;
let server: Server;
let baseUrl: string;
const cookie = createSessionCookie(new URL('http://127.0.0.1'));
let sessions: ReturnType<typeof createSessionService>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await testDatabase.connect();
  sessions = createSessionService({ db: database.db, clock: systemClock });
  const app = express();
  const answer: express.RequestHandler = (_req, res) => {
    res.json({ uid: (res.locals as { auth?: { user: { id: string } } }).auth?.user.id });
  };
  app.use('/api', loadSession(sessions, cookie));
  app.get('/api/user', requireUser, answer);
  app.get('/api/creator', requireVerifiedCreator, answer);
  app.get('/api/admin', requireAdmin, answer);
  app.use(handleErrors(createLogger('silent')));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  await testDatabase?.drop();
});

let counter = 0;
/** A user with the given role (`admin`: a creator who is also an admin) and verification, signed in: the cookie header its browser would send. */
async function signedIn(role: Role | 'admin', emailVerified: boolean, memberAdmin = false): Promise<string> {
  counter += 1;
  const row = buildNewUser({ email: `authz.${counter}.${Date.now()}@example.com`, fullName: 'Grace Hopper', niche: 'music', passwordHash: null, emailVerified, now: new Date() });
  await database.db.insert(users).values({ ...row, role: role === 'admin' ? (memberAdmin ? 'member' : 'creator') : role, isAdmin: role === 'admin' });
  const { token } = await sessions.createSession(row.id, 'test');
  return `${cookie.name}=${token}`;
}

async function get(path: string, cookieHeader?: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: cookieHeader ? { cookie: cookieHeader } : {} });
  return { status: response.status, body: (await response.json()) as { uid?: string; error?: { code: string } } };
}

describe('signed out', () => {
  it.each(['/api/user', '/api/creator', '/api/admin'])('%s answers 401 unauthenticated', async (path) => {
    expect(await get(path)).toEqual({ status: 401, body: { error: expect.objectContaining({ code: 'unauthenticated' }) } });
  });

  it('a cookie of no session is signed out too', async () => {
    expect((await get('/api/user', `${cookie.name}=${'a'.repeat(32)}`)).status).toBe(401);
  });
});

describe('requireUser', () => {
  it('lets any signed-in user through, whatever the role or verification', async () => {
    for (const role of ['creator', 'member', 'admin'] as const) {
      expect((await get('/api/user', await signedIn(role, false))).status).toBe(200);
    }
  });
});

describe('requireVerifiedCreator', () => {
  it('lets a verified creator and a verified admin through', async () => {
    expect((await get('/api/creator', await signedIn('creator', true))).status).toBe(200);
    expect((await get('/api/creator', await signedIn('admin', true))).status).toBe(200);
  });

  it('answers 403 email-not-verified to a creator who has not verified the e-mail', async () => {
    expect(await get('/api/creator', await signedIn('creator', false))).toEqual({ status: 403, body: { error: expect.objectContaining({ code: 'email-not-verified' }) } });
  });

  it('answers 403 forbidden to a member, verified or not', async () => {
    for (const verified of [true, false]) {
      expect(await get('/api/creator', await signedIn('member', verified))).toEqual({ status: 403, body: { error: expect.objectContaining({ code: 'forbidden' }) } });
    }
  });

  it('follows a role change on the next request: the session reads the user each time', async () => {
    const cookieHeader = await signedIn('creator', true);
    expect((await get('/api/creator', cookieHeader)).status).toBe(200);
    const { uid } = (await get('/api/user', cookieHeader)).body;
    await database.db.update(users).set({ role: 'member' }).where(eq(users.id, uid!));
    expect((await get('/api/creator', cookieHeader)).status).toBe(403);
  });
});

describe('requireAdmin', () => {
  it('lets an admin through whatever the role, 403 forbidden for everyone else', async () => {
    expect((await get('/api/admin', await signedIn('admin', true))).status).toBe(200);
    expect((await get('/api/admin', await signedIn('admin', false, true))).status).toBe(200);
    expect(await get('/api/admin', await signedIn('creator', true))).toEqual({ status: 403, body: { error: expect.objectContaining({ code: 'forbidden' }) } });
    expect((await get('/api/admin', await signedIn('member', true))).status).toBe(403);
  });

  it('keeps an admin a creator: the creator area stays open to them (roles combine)', async () => {
    const both = await signedIn('admin', true);
    expect((await get('/api/creator', both)).status).toBe(200);
    expect((await get('/api/admin', both)).status).toBe(200);
  });
});
