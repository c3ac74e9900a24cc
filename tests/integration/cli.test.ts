/**
 * The operator CLI as an operator runs it (`npm run cli -- ...`): a separate
 * process on the database of a running server, whose effects the server and
 * its users see. Exit codes: 0 done, 1 failed, 2 not understood.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceResponse } from '../../common/api-types.ts';
import { authEvents, sessions, users } from '../../db/schema.ts';
import { signUp, uniqueEmail } from '../support/accounts.ts';
import { runCli, type CliResult } from '../support/cli.ts';
import { createTestClient } from '../support/http-client.ts';
import { queueTestMail } from '../support/outbox.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** Port 1 on loopback: nothing listens there, so a connection is refused at once. */
const UNREACHABLE_DATABASE = 'postgres://postgres@127.0.0.1:1/nowhere';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** `npm run cli -- ...args` without npm's own banner: the same entry, run by tsx. */
function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runCli(args, { DATABASE_URL: server.testDatabase.url, ...env });
}

async function maintenanceSeenBy(target: TestServer): Promise<boolean> {
  return (await createTestClient(target.url).get<MaintenanceResponse>('/api/config/maintenance')).body.maintenance;
}

/** The running server follows the switch (how fast is maintenance.test.ts's concern, proven by its path, not timed). */
async function expectServerToFollow(expected: boolean) {
  const deadline = Date.now() + 15_000;
  while ((await maintenanceSeenBy(server)) !== expected) {
    if (Date.now() > deadline) throw new Error(`the server still answers ${!expected}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('usage', () => {
  it('prints the commands and exits 2 without a command, 0 when asked for help', async () => {
    const bare = await cli([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toContain('maintenance on|off|status');
    expect(bare.stdout).toContain('user disable <email>');
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('mail retry');
  });

  it.each([[['frobnicate']], [['maintenance']], [['maintenance', 'sideways']], [['user', 'delete', 'a@example.com']], [['mail']]])(
    'refuses the unknown command %j with exit 2, naming it, and shows the usage, before it needs the database',
    async (args) => {
      const result = await cli(args, { DATABASE_URL: UNREACHABLE_DATABASE });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`Unknown command: ${args.join(' ')}`);
      expect(result.stderr).toContain('Usage: npm run cli --');
      expect(result.stdout).toBe('');
    },
  );

  it.each([[['user', 'show']], [['user', 'disable']], [['user', 'enable']], [['user', 'role']]])('asks for the e-mail of %j with exit 2', async (args) => {
    const result = await cli(args, { DATABASE_URL: UNREACHABLE_DATABASE });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('This command needs an e-mail address.');
  });
});

describe('maintenance on|off|status', () => {
  it('switches the running server and reports the state', async () => {
    expect(await cli(['maintenance', 'status'])).toMatchObject({ code: 0, stdout: 'Maintenance is off.\n' });

    const on = await cli(['maintenance', 'on']);
    expect(on).toMatchObject({ code: 0, stderr: '' });
    expect(on.stdout).toContain('Maintenance is now on.');
    await expectServerToFollow(true);
    expect(await cli(['maintenance', 'status'])).toMatchObject({ code: 0, stdout: 'Maintenance is on.\n' });

    expect((await cli(['maintenance', 'off'])).code).toBe(0);
    await expectServerToFollow(false);
    expect(await cli(['maintenance', 'status'])).toMatchObject({ code: 0, stdout: 'Maintenance is off.\n' });
  });
});

describe('usage of user role', () => {
  it.each([[['user', 'role', 'a@example.com']], [['user', 'role', 'a@example.com', 'superuser']], [['user', 'role', 'a@example.com', 'Admin']]])(
    'refuses %j with exit 2, naming the roles, before it needs the database',
    async (args) => {
      const result = await cli(args, { DATABASE_URL: UNREACHABLE_DATABASE });
      expect(result.code).toBe(2);
      const given = args[3];
      expect(result.stderr).toContain(given ? `"${given}" is not a role; the roles are creator, member, admin.` : 'This command needs a role: creator, member, admin.');
      expect(result.stderr).toContain('user role <email> <role>');
    },
  );
});

describe('user role', () => {
  it('makes a creator an admin who stays a creator, which the API and `user show` tell at once, with an operator event, and back', async () => {
    const { client, email } = await signUp(server);
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(row!.role).toBe('creator');

    const promoted = await cli(['user', 'role', email.toUpperCase(), 'admin']);
    expect(promoted).toMatchObject({ code: 0, stderr: '', stdout: `${email} is now creator, admin (was creator).\n` });
    expect((await client.get<{ user: { role: string; isAdmin: boolean } }>('/api/auth/me')).body.user).toMatchObject({ role: 'creator', isAdmin: true });
    expect((await cli(['user', 'show', email])).stdout).toContain('role/tier:  creator, admin / free');
    const [event] = await server.handle.db.select().from(authEvents).where(and(eq(authEvents.userId, row!.id), eq(authEvents.type, 'role-changed')));
    expect(event).toMatchObject({ ip: 'operator-cli', email, detail: 'creator -> creator, admin' });

    expect(await cli(['user', 'role', email, 'admin'])).toMatchObject({ code: 0, stdout: `${email} is already creator, admin.\n` });
    expect((await cli(['user', 'role', email, 'member'])).code).toBe(0);
    expect((await client.get<{ user: { role: string; isAdmin: boolean } }>('/api/auth/me')).body.user).toMatchObject({ role: 'member', isAdmin: false });
  });

  it('answers an unknown e-mail with exit 1, changing nothing', async () => {
    const email = uniqueEmail('nobody');
    const result = await cli(['user', 'role', email, 'admin']);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `error: No user with the e-mail ${email}\n` });
  });

  it('cannot store a role outside the list, even by SQL: the CHECK constraint refuses it', async () => {
    const { email } = await signUp(server);
    await expect(server.handle.db.update(users).set({ role: 'owner' as never }).where(eq(users.email, email))).rejects.toThrow();
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(row!.role).toBe('creator');
  });
});

describe('user show|disable|enable', () => {
  it('shows an account found by its e-mail in any case', async () => {
    const { email } = await signUp(server);
    const result = await cli(['user', 'show', email.toUpperCase()]);
    expect(result.code).toBe(0);
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
    expect(result.stdout).toContain(`uid:        ${row!.id}`);
    expect(result.stdout).toContain(`email:      ${email} (not verified)`);
    expect(result.stdout).toContain('status:     active');
    expect(result.stdout).toContain('sessions:   1');
    expect(result.stdout).not.toContain(row!.passwordHash!);
  });

  it('disables an account, ending its sessions at once, and enables it again', async () => {
    const { client, email, password } = await signUp(server);
    const second = createTestClient(server.url);
    expect((await second.post('/api/auth/login', { email, password })).status).toBe(200);
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));

    const disabled = await cli(['user', 'disable', email, 'chargeback', 'fraud']);
    expect(disabled).toMatchObject({ code: 0, stderr: '' });
    expect(disabled.stdout).toBe(`Disabled ${email}; ended 2 session(s).\n`);
    expect(await server.handle.db.$count(sessions, eq(sessions.userId, row!.id))).toBe(0);
    expect((await client.get('/api/auth/me')).body).toEqual({ user: null });
    expect((await second.get('/api/auth/me')).body).toEqual({ user: null });
    const refused = await createTestClient(server.url).post('/api/auth/login', { email, password });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'user-disabled' } });
    expect((await cli(['user', 'show', email])).stdout).toContain('status:     disabled (chargeback fraud)');
    const events = await server.handle.db.select().from(authEvents).where(and(eq(authEvents.userId, row!.id), eq(authEvents.ip, 'operator-cli')));
    expect(events.map((event) => event.type).sort()).toEqual(['account-disabled', 'sessions-revoked']);

    const enabled = await cli(['user', 'enable', email]);
    expect(enabled).toMatchObject({ code: 0, stdout: `Enabled ${email}.\n` });
    expect((await createTestClient(server.url).post('/api/auth/login', { email, password })).status).toBe(200);
    expect((await cli(['user', 'show', email])).stdout).toContain('status:     active');
  });

  it.each([['show'], ['disable'], ['enable']])('answers `user %s` for an unknown e-mail with exit 1 and a clear line, changing nothing', async (action) => {
    const email = uniqueEmail('nobody');
    const before = await server.handle.db.$count(users);
    const result = await cli(['user', action, email]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: No user with the e-mail ${email}\n`);
    expect(await server.handle.db.$count(users)).toBe(before);
  });
});

describe('mail status|retry', () => {
  it('counts pending and failed mail, lists the failed, and retry hands them back to the running server', async () => {
    const failedTo = [uniqueEmail('failed1'), uniqueEmail('failed2')];
    const pendingTo = uniqueEmail('pending');
    const later = new Date(Date.now() + 60 * 60_000);
    await queueTestMail(server.handle.db, failedTo, { subject: 'Reset your password', status: 'failed', attempts: 12, lastError: '550 mailbox unavailable', nextAttemptAt: later });
    await queueTestMail(server.handle.db, [pendingTo], { nextAttemptAt: later });

    const status = await cli(['mail', 'status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^pending: 1 \(oldest queued \d{4}-\d\d-\d\dT[\d:.]+Z\)$/m);
    expect(status.stdout).toMatch(/^failed: {2}2$/m);
    expect(status.stdout).toMatch(/^cancelled: 0$/m);
    for (const recipient of failedTo) expect(status.stdout).toMatch(new RegExp(`#\\d+ to ${recipient.replace(/\./g, '\\.')} "Reset your password" after 12 attempt\\(s\\): 550 mailbox unavailable`));
    expect(status.stdout).toContain('`mail retry`');

    const retry = await cli(['mail', 'retry']);
    expect(retry).toMatchObject({ code: 0, stdout: 'Queued 2 failed e-mail(s) again.\n' });
    for (const recipient of failedTo) await server.smtp.waitForMail(recipient);
    const after = await cli(['mail', 'status']);
    expect(after.stdout).toMatch(/^failed: {2}0$/m);
    expect(after.stdout).not.toContain('`mail retry`');
    expect(await cli(['mail', 'retry'])).toMatchObject({ code: 0, stdout: 'Queued 0 failed e-mail(s) again.\n' });
  });
});

describe('failures outside the command', () => {
  it('exits 1 with one line naming the variable for a bad configuration', async () => {
    const result = await cli(['maintenance', 'status'], { DATABASE_URL: 'mysql://db/app' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: Invalid configuration: DATABASE_URL .*\n$/);
  });

  it('exits 1 with a clear line when the database cannot be reached', async () => {
    const result = await cli(['maintenance', 'status'], { DATABASE_URL: UNREACHABLE_DATABASE });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: the database at 127.0.0.1:1 cannot be reached (ECONNREFUSED)\n');
  });
});
