/**
 * Issue 15 item 11: operator maintenance on the embedded database. A real
 * server process on PGlite holds the data folder, so the CLI cannot open it;
 * `maintenance on|off|status` then goes through the server's admin API, signed
 * in as an admin from ADMIN_EMAIL and ADMIN_PASSWORD, and the API stays open
 * during maintenance so it can be switched off again. A non-admin and a foreign
 * origin are refused 403.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceResponse } from '../../common/api-types.ts';
import { signupBody, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { runCli, type CliResult } from '../support/cli.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { spawnServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-maintenance-'));
const adminEmail = uniqueEmail('admin');
const memberEmail = uniqueEmail('member');
let smtp: SmtpSink;
let server: ServerProcess;

/** `npm run cli -- ...args` on the same DATA_DIR, HOST and PORT as the server, without DATABASE_URL. */
function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const { port, hostname } = new URL(server.url);
  return runCli(args, { DATA_DIR: dataDir, HOST: hostname, PORT: port, APP_URL: server.url, ...env });
}

const asAdmin = { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: STRONG_PASSWORD };

async function startServer(): Promise<ServerProcess> {
  const started = await spawnServerProcess({ smtpUrl: smtp.url, env: { DATA_DIR: dataDir } });
  await started.ready();
  return started;
}

async function stopServer(): Promise<void> {
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
}

const maintenanceSeen = async () => (await createTestClient(server.url).get<MaintenanceResponse>('/api/config/maintenance')).body.maintenance;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer();
  for (const email of [adminEmail, memberEmail]) {
    expect((await createTestClient(server.url).post('/api/auth/signup', signupBody({ email }))).status).toBe(201);
  }
  // The first admin is made as an operator makes one on the embedded database: with the server stopped.
  await stopServer();
  const made = await cli(['user', 'role', adminEmail, 'admin']);
  expect(made.code, made.stderr).toBe(0);
  server = await startServer();
});
afterAll(async () => {
  server?.kill();
  await server?.exited;
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.lock`, { force: true });
});

describe('the CLI while a server holds the embedded database', () => {
  it('switches maintenance on, reports it, and off again through the admin API (which maintenance leaves open)', async () => {
    const on = await cli(['maintenance', 'on'], asAdmin);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toBe('Maintenance is now on. Every server follows within a second.\n');
    expect(await maintenanceSeen()).toBe(true);
    expect((await createTestClient(server.url).get('/api/auth/me')).status).toBe(503);

    const status = await cli(['maintenance', 'status'], asAdmin);
    expect(status.stdout).toBe('Maintenance is on.\n');

    const off = await cli(['maintenance', 'off', '--url', server.url], asAdmin);
    expect(off.code, off.stderr).toBe(0);
    expect(await maintenanceSeen()).toBe(false);

    for (const output of [on, status, off]) expect(output.stdout + output.stderr).not.toContain(STRONG_PASSWORD);
    expect(JSON.stringify(server.logs)).not.toContain(STRONG_PASSWORD);
  });

  it('says what to set without admin credentials, and refuses a wrong password or a non-admin', async () => {
    const bare = await cli(['maintenance', 'on']);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toMatch(/set ADMIN_EMAIL and ADMIN_PASSWORD/);

    const wrong = await cli(['maintenance', 'on'], { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'not-the-password-1' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/refused \(401/);

    const member = await cli(['maintenance', 'on'], { ADMIN_EMAIL: memberEmail, ADMIN_PASSWORD: STRONG_PASSWORD });
    expect(member.code).toBe(1);
    expect(member.stderr).toMatch(/not an admin account/);
    expect(await maintenanceSeen()).toBe(false);
  });
});

describe('/api/admin', () => {
  async function signedIn(email: string, origin?: string): Promise<TestClient> {
    const client = createTestClient(server.url, origin);
    expect((await client.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    return client;
  }

  it('answers a non-admin 403, signed in or signing in', async () => {
    const member = await signedIn(memberEmail);
    expect((await member.get<{ error: { code: string } }>('/api/admin/maintenance')).body.error.code).toBe('forbidden');
    const put = await sendPut(member, { maintenance: true });
    expect(put.status).toBe(403);
    const signIn = await createTestClient(server.url).post<{ error: { code: string } }>('/api/admin/session', { email: memberEmail, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.code).toBe('forbidden');
    expect(signIn.headers.getSetCookie().some((line) => /^session=[a-z2-7]/.test(line))).toBe(false);
    expect(await maintenanceSeen()).toBe(false);
  });

  it('answers a foreign origin 403, even for an admin', async () => {
    const admin = await signedIn(adminEmail);
    const forged = await sendPut(admin, { maintenance: true }, 'http://evil.example');
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ error: { code: 'forbidden-origin' } });
    const foreignSignIn = await createTestClient(server.url, 'http://evil.example').post('/api/admin/session', { email: adminEmail, password: STRONG_PASSWORD });
    expect(foreignSignIn.status).toBe(403);
    expect(await maintenanceSeen()).toBe(false);
    expect((await admin.get<MaintenanceResponse>('/api/admin/maintenance')).body).toEqual({ maintenance: false });
  });
});

/** The test client speaks GET, POST and PATCH; the switch is a PUT, sent with the client's cookies. */
async function sendPut(client: TestClient, body: unknown, origin = server.url) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL('/api/admin/maintenance', server.url), {
    method: 'PUT',
    headers: { cookie, origin: new URL(origin).origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
