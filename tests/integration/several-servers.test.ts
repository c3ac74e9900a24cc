/**
 * Several app servers on one Postgres (issue 4): they start together on an
 * empty database, share sessions and rate limits, and read the client's
 * address from X-Forwarded-For only when TRUST_PROXY says a proxy is in front.
 * Covered elsewhere, not repeated: a maintenance flip reaching every server
 * through NOTIFY (maintenance.test.ts, cli.test.ts), each outbox mail sent
 * once (mail-outbox.test.ts), X-Forwarded-For ignored without TRUST_PROXY
 * (security.test.ts), a site's change reaching every server's page cache
 * (page-cache.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { authEvents } from '../../db/schema.ts';
import { loadConfig } from '../../server/config/load-config.ts';
import { startServer, type RunningServer } from '../../server/runtime.ts';
import { signupBody, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { freePort } from '../support/free-port.ts';
import { createTestClient, type TestResponse } from '../support/http-client.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { createTestClock, startTestServer, testEnvironment, testLogger, type TestServer, type TestServerOptions } from '../support/test-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Two servers on one fresh database and one mail sink; the second shares the first's. */
async function startPair(env: Record<string, string> = {}, options: Pick<TestServerOptions, 'clock'> = {}): Promise<[TestServer, TestServer]> {
  const a = await startTestServer({ env, ...options });
  cleanups.push(() => a.stop());
  const b = await startTestServer({ env, shareWith: a, ...options });
  cleanups.push(() => b.stop());
  return [a, b];
}

function expectTooManyRequests(response: TestResponse) {
  expect(response.status, response.text).toBe(429);
  expect(response.body).toMatchObject({ error: { code: 'too-many-requests' } });
}

describe('start-up on an empty database', () => {
  it('lets three servers that start at the same moment apply the migrations once, all of them serving', async () => {
    const database: TestDatabase = await createTestDatabase({ empty: true });
    const smtp = await startSmtpSink();
    cleanups.push(async () => {
      await smtp.stop();
      await database.drop();
    });
    expect(database.url, 'needs Postgres (TEST_DATABASE_URL)').toBeTruthy();

    const servers: RunningServer[] = await Promise.all(
      [1, 2, 3].map(async () => {
        const config = loadConfig(testEnvironment(await freePort(), smtp.url, { DATABASE_URL: database.url! }));
        return startServer({ config, logger: testLogger('silent') });
      }),
    );
    cleanups.push(async () => {
      for (const server of servers) await server.close();
    });

    for (const server of servers) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const journal = JSON.parse(readFileSync(path.join(ROOT, 'migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const inspector = postgres(database.url!, { max: 1, onnotice: () => {} });
    try {
      const [applied] = await inspector`select count(*)::int as count from drizzle.__drizzle_migrations`;
      expect(applied!.count).toBe(journal.entries.length);
      const [settingsRows] = await inspector`select count(*)::int as count from settings`;
      expect(settingsRows!.count).toBe(1);
    } finally {
      await inspector.end({ timeout: 5 });
    }
  });
});

describe('sessions', () => {
  it('made on one server are valid on the other, and a logout on either ends them for both', async () => {
    const [a, b] = await startPair();
    const body = signupBody();
    const onA = createTestClient(a.url);
    expect((await onA.post('/api/auth/signup', body)).status).toBe(201);

    // The same browser, its request routed to the other server by a proxy.
    const onB = createTestClient(b.url, a.url);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const me = await onB.get<{ user: { email: string } | null }>('/api/auth/me');
    expect(me.body.user?.email).toBe(String(body.email).toLowerCase());

    // A login on B makes a session that A accepts.
    const loggedInOnB = createTestClient(b.url);
    expect((await loggedInOnB.post('/api/auth/login', { email: body.email, password: STRONG_PASSWORD })).status).toBe(200);
    const backOnA = createTestClient(a.url);
    for (const [name, value] of loggedInOnB.cookies) backOnA.cookies.set(name, value);
    expect((await backOnA.get<{ user: { email: string } | null }>('/api/auth/me')).body.user?.email).toBe(String(body.email).toLowerCase());

    const sameOriginOnB = createTestClient(b.url);
    for (const [name, value] of onA.cookies) sameOriginOnB.cookies.set(name, value);
    expect((await sameOriginOnB.post('/api/auth/logout')).status).toBe(204);
    expect((await onA.get('/api/auth/me')).body).toEqual({ user: null });
  });
});

describe('rate limits', () => {
  it('count sign-ups from one address on every server together', async () => {
    const [a, b] = await startPair({ RATE_LIMIT_SIGNUPS_PER_IP: '3' });
    for (const server of [a, b, a]) expect((await createTestClient(server.url).post('/api/auth/signup', signupBody())).status).toBe(201);
    expectTooManyRequests(await createTestClient(b.url).post('/api/auth/signup', signupBody()));
    expectTooManyRequests(await createTestClient(a.url).post('/api/auth/signup', signupBody()));
  });

  it('count failed logins for one e-mail on every server together', async () => {
    // A clock that stands still: the first back-off is one second, which a loaded machine can outlast between two requests.
    const [a, b] = await startPair({ RATE_LIMIT_LOGIN_FREE_FAILURES: '4' }, { clock: createTestClock().clock });
    const email = uniqueEmail('target');
    for (const server of [a, b, a, b]) {
      expect((await createTestClient(server.url).post('/api/auth/login', { email, password: 'wrong-password-9' })).status).toBe(401);
    }
    expectTooManyRequests(await createTestClient(a.url).post('/api/auth/login', { email, password: 'wrong-password-9' }));
    expectTooManyRequests(await createTestClient(b.url).post('/api/auth/login', { email, password: 'wrong-password-9' }));
  });
});

describe('TRUST_PROXY=1 behind a proxy', () => {
  it("limits each client by the address the proxy appended to X-Forwarded-For, on every server, whatever the client put before it", async () => {
    const [a, b] = await startPair({ TRUST_PROXY: '1', RATE_LIMIT_SIGNUPS_PER_IP: '2' });
    // What a proxy forwards: the client's own claim (if any), then the address it saw.
    const viaProxy = (server: TestServer, chain: string) => createTestClient(server.url).post('/api/auth/signup', signupBody(), { 'x-forwarded-for': chain });

    expect((await viaProxy(a, '203.0.113.7')).status).toBe(201);
    expect((await viaProxy(b, '198.51.100.1, 203.0.113.7')).status).toBe(201);
    expectTooManyRequests(await viaProxy(a, '198.51.100.2, 203.0.113.7'));
    expectTooManyRequests(await viaProxy(b, '203.0.113.7'));

    // Another client behind the same proxy has its own allowance.
    expect((await viaProxy(b, '203.0.113.8')).status).toBe(201);

    const addresses = await a.handle.db.selectDistinct({ ip: authEvents.ip }).from(authEvents).where(eq(authEvents.type, 'signup'));
    expect(addresses.map((row) => row.ip).sort()).toEqual(['203.0.113.7', '203.0.113.8']);
  });
});
