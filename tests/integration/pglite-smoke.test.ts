import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, makeEmbeddedTemplate } from '../../db/connect.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import type { PublicUser } from '../../common/api-types.ts';
import { loadConfig } from '../../server/config/load-config.ts';
import { startServer, type RunningServer } from '../../server/runtime.ts';
import { signupBody } from '../support/accounts.ts';
import { freePort } from '../support/free-port.ts';
import { CLI_ENTRY } from '../support/server-bundle.ts';
import { createTestClient } from '../support/http-client.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { testLogger } from '../support/test-server.ts';

/**
 * The default of `npm start`: no DATABASE_URL, so the real server runs on
 * embedded PGlite in $DATA_DIR/pglite, and the data outlives a restart.
 * This file ignores TEST_DATABASE_URL on purpose.
 */
let dataDir: string;
let smtp: SmtpSink;
const running: RunningServer[] = [];
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'creator-pglite-'));
  smtp = await startSmtpSink();
});
afterAll(async () => {
  for (const server of running) await server.close();
  await smtp?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startEmbedded(port: number) {
  const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), SMTP_URL: smtp.url, LOG_LEVEL: 'silent' });
  expect(config.database).toEqual({ pgliteDir: path.join(dataDir, 'pglite') });
  const server = await startServer({ config, logger: testLogger(config.logLevel) });
  running.push(server);
  // APP_URL defaults to http://localhost:$PORT: the browser's Origin is that one.
  return { server, origin: config.appUrl.origin };
}

describe('the embedded PGlite database', () => {
  it('keeps accounts and sessions in DATA_DIR across a restart', async () => {
    const port = await freePort();
    const first = await startEmbedded(port);
    expect(first.server.database.kind).toBe('pglite');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);

    const body = signupBody({ fullName: 'Hedy Lamarr' });
    const email = String(body.email);
    const signupClient = createTestClient(first.server.url, first.origin);
    expect((await signupClient.post('/api/auth/signup', body)).status).toBe(201);
    const [mail] = await smtp.waitForMail(email);
    expect((await signupClient.visit(mail!.links[0]!)).headers.get('location')).toBe('/onboarding');

    const client = createTestClient(first.server.url, first.origin);
    const login = await client.post<{ user: PublicUser }>('/api/auth/login', { email, password: body.password });
    expect(login.status).toBe(200);
    const uid = login.body.user.uid;
    await first.server.close();

    const second = await startEmbedded(port);
    const me = await client.get<{ user: PublicUser | null }>('/api/auth/me');
    expect(me.body.user).toMatchObject({ uid, email, fullName: 'Hedy Lamarr', emailVerified: true });
    const again = await createTestClient(second.server.url, second.origin).post<{ user: PublicUser }>('/api/auth/login', { email, password: body.password });
    expect(again.status).toBe(200);
    expect(again.body.user.uid).toBe(uid);
    expect((await createTestClient(second.server.url).get('/healthz')).body).toEqual({ status: 'ok' });
  });

  it('opens in one process at a time: the CLI refuses while a server holds it, and a dead holder\'s lock is taken over', async () => {
    const ownDir = await mkdtemp(path.join(tmpdir(), 'creator-pglite-lock-'));
    const pgliteDir = path.join(ownDir, 'pglite');
    const cli = (...command: string[]) =>
      promisify(execFile)(process.execPath, [CLI_ENTRY, ...(command.length > 0 ? command : ['maintenance', 'status'])], {
        env: { ...process.env, DATA_DIR: ownDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      }).then(
        ({ stdout }) => ({ code: 0, output: stdout }),
        (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
      );
    try {
      const held = await connectDatabase({ pgliteDir });
      await migrateDatabase(held);
      // Maintenance goes through a running server's admin API then (tests/integration/admin-maintenance.test.ts); other commands are refused.
      const refused = await cli('mail', 'status');
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/in use by another process \(pid \d+\).*set DATABASE_URL/);
      await held.close();
      expect(await cli()).toEqual({ code: 0, output: 'Maintenance is off.\n' });

      // A server killed outright leaves its lock behind: a pid that no longer runs does not hold the database.
      const { pid } = await new Promise<{ pid: number }>((resolve) => {
        const gone = execFile(process.execPath, ['-e', '']);
        gone.once('exit', () => resolve({ pid: gone.pid! }));
      });
      await writeFile(`${pgliteDir}.lock`, String(pid));
      expect((await cli()).code).toBe(0);
    } finally {
      await rm(ownDir, { recursive: true, force: true });
    }
  });

  it('wakes the mail worker with the NOTIFY of a committed enqueue, and runs the periodic jobs once per period', async () => {
    const ownDir = await mkdtemp(path.join(tmpdir(), 'creator-pglite-jobs-'));
    const port = await freePort();
    // The worker's poll would come only in an hour: the mail arrives through the notification alone.
    const config = loadConfig({ DATA_DIR: ownDir, PORT: String(port), SMTP_URL: smtp.url, LOG_LEVEL: 'silent', MAIL_WORKER_INTERVAL_MS: '3600000' });
    const server = await startServer({ config, logger: testLogger(config.logLevel) });
    try {
      expect(server.database.kind).toBe('pglite');
      const body = signupBody();
      expect((await createTestClient(server.url, config.appUrl.origin).post('/api/auth/signup', body)).status).toBe(201);
      const [mail] = await smtp.waitForMail(String(body.email));
      expect(mail!.links[0]).toContain('/api/auth/verify-email?token=');

      expect(await server.services.jobs.runDue()).toEqual(['cleanup', 'publish-scheduled-posts', 'end-expired-comps', 'reports-roll-up', 'gift-mails', 'message-notices', 'message-digest', 'welcome-mail', 'new-members-digest']);
      expect(await server.services.jobs.runDue()).toEqual([]);
    } finally {
      await server.close();
      await rm(ownDir, { recursive: true, force: true });
    }
  });

  it('keeps 16 MB of shared buffers, not Postgres\'s 128 MB, since the WASM heap that holds them never shrinks', async () => {
    const handle = await connectDatabase({ pgliteDir: undefined });
    try {
      const [row] = (await handle.pglite!.query<{ shared_buffers: string }>('show shared_buffers')).rows;
      expect(row?.shared_buffers).toBe('16MB');
    } finally {
      await handle.close();
    }
  });

  it('makes a new database once, as a template, in a child process, and unpacks it into each new folder (initdb\'s memory leaves with the child)', async () => {
    const ownDir = await mkdtemp(path.join(tmpdir(), 'creator-pglite-template-'));
    const pgliteTemplate = path.join(ownDir, 'template.tar.gz');
    try {
      for (const folder of ['first', 'second']) {
        const pgliteDir = path.join(ownDir, folder);
        const handle = await connectDatabase({ pgliteDir, pgliteTemplate });
        try {
          await handle.db.execute(sql`create table kept (id int)`);
          const [row] = (await handle.pglite!.query<{ shared_buffers: string }>('show shared_buffers')).rows;
          expect(row?.shared_buffers).toBe('16MB');
        } finally {
          await handle.close();
        }
        expect(existsSync(path.join(pgliteDir, 'PG_VERSION'))).toBe(true);
        if (folder === 'first') await utimes(pgliteTemplate, new Date(0), new Date(0));
      }
      // The second folder came from the same template, not a new one.
      expect((await stat(pgliteTemplate)).mtimeMs).toBe(0);
      // Reopened, a folder is the database it was, not the template again.
      const reopened = await connectDatabase({ pgliteDir: path.join(ownDir, 'first'), pgliteTemplate });
      try {
        await expect(reopened.db.execute(sql`select count(*) from kept`)).resolves.toBeDefined();
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(ownDir, { recursive: true, force: true });
    }
  });

  it('names the template it could not make, with the child\'s reason', async () => {
    const ownDir = await mkdtemp(path.join(tmpdir(), 'creator-pglite-template-'));
    const notAFolder = path.join(ownDir, 'file');
    try {
      await writeFile(notAFolder, 'not a folder');
      const target = path.join(notAFolder, 'template.tar.gz');
      await expect(makeEmbeddedTemplate(target)).rejects.toThrow(`could not make the embedded database's template ${target}: `);
    } finally {
      await rm(ownDir, { recursive: true, force: true });
    }
  });
});
