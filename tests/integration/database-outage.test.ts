/**
 * Postgres goes away under a running server and comes back (issue 4): the
 * server process stays up, answers 503 with a code where it needs the
 * database, and recovers by itself, LISTEN included. The database is a
 * private cluster of this file's own, stopped and started with pg_ctl.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceResponse } from '../../common/api-types.ts';
import { signupBody, STRONG_PASSWORD } from '../support/accounts.ts';
import { createTestClient, type TestClient, type TestResponse } from '../support/http-client.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';
import { spawnServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';

/** Generous: how long Postgres and the driver take is the machine's business; only "by itself" is the contract. */
const RECOVERY_DEADLINE_MS = 30_000;

let database: PrivatePostgres;
let smtp: SmtpSink;
let server: ServerProcess;
/** A second server that polls the maintenance flag many times a second, so an outage fails poll after poll. */
let polling: ServerProcess;
beforeAll(async () => {
  database = await startPrivatePostgres();
  smtp = await startSmtpSink();
  // Maintenance follows LISTEN/NOTIFY alone here, so a listener that stayed deaf after the outage would show.
  server = await spawnServerProcess({ databaseUrl: database.url, smtpUrl: smtp.url, env: { MAINTENANCE_POLL_MS: '600000' } });
  polling = await spawnServerProcess({ databaseUrl: database.url, smtpUrl: smtp.url, env: { MAINTENANCE_POLL_MS: '50' } });
  await Promise.all([server.ready(), polling.ready()]);
}, 120_000);
afterAll(async () => {
  polling?.kill();
  server?.kill();
  await smtp?.stop();
  await database?.destroy();
});

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, deadlineMs = RECOVERY_DEADLINE_MS): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`after ${deadlineMs} ms still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const healthStatus = async () => (await fetch(`${server.url}/healthz`)).status;
const maintenanceOf = async () => (await createTestClient(server.url).get<MaintenanceResponse>('/api/config/maintenance')).body.maintenance;

function expectUnavailable(response: TestResponse) {
  expect(response.status, response.text).toBe(503);
  expect(response.body).toEqual({ error: { code: 'service-unavailable', message: expect.stringMatching(/\w/) } });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
}

const MAIL_PAUSED = 'mail worker paused: the database is unreachable';
const MAIL_RESUMED = 'mail worker resumed: the database answers again';
const POLL_PAUSED = 'maintenance poll paused: the database is unreachable';
const POLL_RESUMED = 'maintenance poll resumed: the database answers again';

describe('a database outage', () => {
  let signedIn: TestClient;
  let email: string;

  it('starts from a working server with a signed-in user', async () => {
    signedIn = createTestClient(server.url);
    const body = signupBody();
    email = String(body.email).toLowerCase();
    expect((await signedIn.post('/api/auth/signup', body)).status).toBe(201);
    await smtp.waitForMail(email);
    expect(await healthStatus()).toBe(200);
  });

  it('while Postgres is down: the server stays up, /healthz and every call that needs the database answer 503 with a code', async () => {
    await database.stop();
    await eventually(async () => ((await healthStatus()) === 503 ? true : undefined), '/healthz 503');
    expect((await createTestClient(server.url).get('/healthz')).body).toEqual({ status: 'unavailable' });

    expectUnavailable(await signedIn.get('/api/auth/me'));
    expectUnavailable(await createTestClient(server.url).post('/api/auth/login', { email, password: STRONG_PASSWORD }));
    expectUnavailable(await createTestClient(server.url).post('/api/auth/signup', signupBody()));
    expectUnavailable(await signedIn.post('/api/auth/logout'));
    // The maintenance answer comes from memory, so the client can still tell "maintenance" from "outage".
    expect(await maintenanceOf()).toBe(false);

    // The mail worker fails a pass every second while Postgres is away: it says so once, not every time.
    await eventually(async () => (server.logs.some((line) => line.msg === MAIL_PAUSED) ? true : undefined), 'the mail worker to report the outage');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(server.logs.filter((line) => line.msg === MAIL_PAUSED)).toHaveLength(1);
    expect(server.logs.filter((line) => line.msg === 'mail worker pass failed')).toEqual([]);
    // So does the maintenance poll, which failed some fifty times in those seconds.
    await polling.waitForLog((line) => line.msg === POLL_PAUSED, 'the maintenance poll to report the outage');
    expect(polling.logs.filter((line) => line.msg === POLL_PAUSED)).toHaveLength(1);
    expect(polling.logs.filter((line) => line.msg === 'maintenance poll failed')).toEqual([]);

    expect(server.child.exitCode).toBeNull();
    expect(server.logs.filter((line) => line.level >= 60)).toEqual([]);
    expect(server.output).toEqual([]);
    // The session was not thrown away because it could not be checked.
    expect(signedIn.cookies.has('session')).toBe(true);
  });

  it('when Postgres returns: everything recovers by itself, without a restart', async () => {
    await database.start();
    await eventually(async () => ((await healthStatus()) === 200 ? true : undefined), '/healthz 200 again');

    const me = await signedIn.get<{ user: { email: string } | null }>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user?.email).toBe(email);
    expect((await createTestClient(server.url).post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    const later = signupBody();
    expect((await createTestClient(server.url).post('/api/auth/signup', later)).status).toBe(201);
    await smtp.waitForMail(String(later.email).toLowerCase());

    await eventually(async () => (server.logs.some((line) => line.msg === MAIL_RESUMED) ? true : undefined), 'the mail worker to report it is back');
    expect(server.logs.filter((line) => line.msg === MAIL_RESUMED)).toHaveLength(1);
    await polling.waitForLog((line) => line.msg === POLL_RESUMED, 'the maintenance poll to report it is back');
    expect(polling.logs.filter((line) => line.msg === POLL_PAUSED)).toHaveLength(1);
    expect(server.child.exitCode).toBeNull();
    expect(server.logs.filter((line) => line.msg === 'server started')).toHaveLength(1);
  });

  it('and the maintenance listener subscribes again, so an operator switch reaches the server through NOTIFY', async () => {
    const operator = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      // Switched as soon as the database is back: the server learns it even if its listener was not back yet.
      await operator`UPDATE settings SET maintenance = true`;
      await eventually(async () => ((await maintenanceOf()) ? true : undefined), 'maintenance on after the outage');
      await server.waitForLog((line) => line.msg === 'maintenance listener subscribed again after a lost connection', 'the listener subscribed again');

      // Polling is off in this file (MAINTENANCE_POLL_MS is ten minutes): only the listener can bring this.
      await operator`UPDATE settings SET maintenance = false`;
      await eventually(async () => ((await maintenanceOf()) ? undefined : true), 'maintenance off through NOTIFY');
    } finally {
      await operator.end({ timeout: 5 });
    }
  });
});
