/**
 * Issue 27 item 7 on the embedded database: a real server process on PGlite holds the data
 * folder, so `npm run cli -- backup` takes the archive through its admin API (signed in as
 * an admin from ADMIN_EMAIL and ADMIN_PASSWORD) while a creator keeps writing, and
 * `restore` fills a fresh data folder from it, losing nothing and half-writing nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../common/api/media.ts';
import { connectDatabase } from '../../db/connect.ts';
import { loadConfig } from '../../server/config/load-config.ts';
import { verifyArchive, type BackupManifest } from '../../server/backups/index.ts';
import { startServer } from '../../server/runtime.ts';
import { signupBody, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { expectRestoredWhole, startWriteLoop } from '../support/backups.ts';
import { runCli, type CliResult } from '../support/cli.ts';
import { freePort } from '../support/free-port.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { makeJpeg, uploadBytes, waitForMedia } from '../support/media.ts';
import { spawnServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { testLogger } from '../support/test-server.ts';

const sourceDir = mkdtempSync(path.join(tmpdir(), 'backup-embedded-'));
const restoredDir = mkdtempSync(path.join(tmpdir(), 'backup-embedded-restored-'));
const email = uniqueEmail('operator');
let smtp: SmtpSink;
let server: ServerProcess;
let creator: TestClient;
let embedded: string[];
let signedBefore: MediaItem;
let archive: string;
let manifest: BackupManifest;

/** The CLI on this machine beside the server: same DATA_DIR, HOST and PORT, no DATABASE_URL. */
function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const { port, hostname } = new URL(server.url);
  return runCli(args, { DATA_DIR: sourceDir, HOST: hostname, PORT: port, APP_URL: server.url, ...env });
}

async function startSource(): Promise<ServerProcess> {
  const started = await spawnServerProcess({ smtpUrl: smtp.url, env: { DATA_DIR: sourceDir } });
  await started.ready();
  return started;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startSource();
  const signup = createTestClient(server.url);
  expect((await signup.post('/api/auth/signup', signupBody({ email }))).status).toBe(201);
  const [mail] = await smtp.waitForMail(email);
  await signup.visit(mail!.links[0]!);
  // The operator is a creator too (an admin may be one), made admin as on any embedded instance: with the server stopped.
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
  const made = await cli(['user', 'role', email, 'admin']);
  expect(made.code, made.stderr).toBe(0);
  server = await startSource();
  creator = createTestClient(server.url);
  expect((await creator.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
  expect((await creator.post('/api/sites', { handle: `embedded-${process.pid}`, title: 'Kept safe' })).status).toBe(201);
  const jpeg = await makeJpeg(320, 240);
  embedded = [];
  for (const name of ['one.jpg', 'two.jpg']) {
    const id = await uploadBytes(server.url, creator, jpeg, name, 'image/jpeg');
    await waitForMedia(creator, id);
    embedded.push(id);
  }
  signedBefore = (await creator.get<{ media: MediaItem }>(`/api/media/${embedded[0]}`)).body.media;
});
afterAll(async () => {
  server?.kill();
  await server?.exited;
  await smtp?.stop();
  for (const dir of [sourceDir, restoredDir]) rmSync(dir, { recursive: true, force: true });
});

describe('backup through the running server, restore into a fresh data folder', () => {
  it('takes the archive through the admin API while the creator writes, into $DATA_DIR/backups without --out', async () => {
    const cookie = [...creator.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const deleteMedia = async (id: string) => (await fetch(new URL(`/api/media/${id}`, server.url), { method: 'DELETE', headers: { cookie, origin: server.url } })).status;
    const loop = startWriteLoop(server.url, creator, embedded, deleteMedia);
    await loop.passes(2);
    const [result] = await Promise.all([cli(['backup'], { ADMIN_EMAIL: email, ADMIN_PASSWORD: STRONG_PASSWORD }), loop.passes(3)]);
    await loop.stop();
    expect(result.code, result.stderr).toBe(0);
    archive = result.stdout.trim().split('\n').at(-1)!;
    expect(path.dirname(archive)).toBe(path.join(sourceDir, 'backups'));
    expect(path.basename(archive)).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar$/);
    manifest = await verifyArchive(archive);
    expect(manifest.engine).toBe('pglite');
    expect(manifest.media.missing).toEqual([]);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    // The server's scratch copy is gone once sent, and the admin's session with it.
    expect((await readdir(path.join(sourceDir, 'backups', '.work'))).filter((name) => name.endsWith('.tar'))).toEqual([]);
    expect(result.stdout + result.stderr).not.toContain(STRONG_PASSWORD);
  });

  it('says what to set without admin credentials', async () => {
    const bare = await cli(['backup', '--out', path.join(sourceDir, 'never.tar')]);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toMatch(/^error: backup goes through the running server's admin API here .*set ADMIN_EMAIL and ADMIN_PASSWORD/);
    await expect(stat(path.join(sourceDir, 'never.tar'))).rejects.toThrow();
  });

  it('refuses to restore into the data folder a running server holds, saying to stop it', async () => {
    const busy = await cli(['restore', archive]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/^error: a running server holds the embedded database in .*: restore fills a stopped, empty instance; stop the server first\n$/);
  });

  it('restores into a fresh data folder: every counted row, every named file, and links signed before still open', async () => {
    const restored = await runCli(['restore', archive], { DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    const handle = await connectDatabase({ pgliteDir: path.join(restoredDir, 'pglite') });
    try {
      await expectRestoredWhole({ db: handle.db, manifest, mediaRoot: path.join(restoredDir, 'media'), embedded: embedded.length });
    } finally {
      await handle.close();
    }
    const port = await freePort();
    const config = loadConfig({ DATA_DIR: restoredDir, PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, LOG_LEVEL: 'silent' });
    const running = await startServer({ config, logger: testLogger(config.logLevel) });
    try {
      const original = new URL(signedBefore.urls.original, server.url);
      const opened = await fetch(new URL(`${original.pathname}${original.search}`, running.url));
      expect(opened.status).toBe(200);
      const before = await fetch(new URL(`${original.pathname}${original.search}`, server.url));
      expect(Buffer.from(await opened.arrayBuffer()).equals(Buffer.from(await before.arrayBuffer()))).toBe(true);
      expect((await createTestClient(running.url).post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  // Without a Postgres to test against (TEST_DATABASE_URL, which CI sets), there is no second engine to restore into.
  it.skipIf(!process.env.TEST_DATABASE_URL)('restores the same archive into Postgres: the copy is logical, so either engine reads it', async () => {
    const target = await createTestDatabase({ empty: true });
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'backup-embedded-to-postgres-'));
    try {
      expect(target.url).toBeDefined();
      const restored = await runCli(['restore', archive], { DATABASE_URL: target.url!, DATA_DIR: mediaDir });
      expect(restored.code, restored.stderr).toBe(0);
      const handle = await connectDatabase({ url: target.url! });
      try {
        await expectRestoredWhole({ db: handle.db, manifest, mediaRoot: path.join(mediaDir, 'media'), embedded: embedded.length });
      } finally {
        await handle.close();
      }
    } finally {
      await target.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });

  it('refuses to restore again into the folder it filled', async () => {
    const again = await runCli(['restore', archive], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: this instance holds data \(rows in .+\): restore fills an empty instance only/);
  });
});
