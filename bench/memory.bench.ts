/**
 * Rows 30-32: the server's memory as a user starts it, each of the three ways
 * (`npm start`, `node scripts/start.mjs`, the image's CMD), on Postgres and on
 * PGlite, from a first start on an empty DATA_DIR through seeding 20 posts over
 * HTTP and loading the site's home and post pages with 10 connections.
 *
 * It runs in a checkout of its own (the working tree's files copied to a
 * temporary folder, node_modules linked): no dist/ and no embedded database
 * template, as after `git clone && npm install`, so the first start builds the
 * client as a user's does, and the repository's own dist/ is never touched.
 * Memory comes from /proc (bench/lib/process-tree.ts): VmHWM, the kernel's peak,
 * of the server process and of every process it starts, and the sampled sum of
 * their VmRSS; npm and its shell are reported beside them, not counted. What a
 * first start builds before the server loads (the client, the embedded
 * database's template, each in a child process) is measured on its own. Fixed
 * budgets, not ratios; the loads' requests per second are in the detail.
 *
 * MEMORY_ENGINES (postgres,pglite) and MEMORY_WAYS (npm-start,start-script,image)
 * pick a part. MEMORY_NODE_FLAGS (space-separated, may be empty) replaces the
 * image CMD's V8 flags, to try another setting without changing the product.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink.ts';
import { freePort } from '../tests/support/free-port.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase } from './lib/processes.ts';
import { sampleProcessTree, type TreeMemory } from './lib/process-tree.ts';
import { createAccount } from './lib/product-account.ts';
import { imageCommand } from './lib/image-command.ts';
import type { BenchRow } from './lib/row.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const AFTER_START_BUDGET_MB = 200;
const POSTGRES_BUDGET_MB = 300;
const PGLITE_BUDGET_MB = 500;
/** Long enough for start-up work that runs after /healthz answers (the dummy hash, the queue's first poll). */
const SETTLE_MS = 3000;
const POSTS = 20;
/** A first start builds the client on 2 shared cores first. */
const START_DEADLINE_MS = 600_000;
const LOAD_SECONDS = 4;

type Engine = 'postgres' | 'pglite';
const WAYS = ['npm-start', 'start-script', 'image'] as const;
type Way = (typeof WAYS)[number];

/** The working tree's files (tracked, and new ones git does not ignore) in a folder of their own, with node_modules linked. */
function makeCheckout(): string {
  const checkout = mkdtempSync(path.join(tmpdir(), 'bench-memory-checkout-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT }).toString().split('\0').filter(Boolean);
  for (const file of files) {
    // A file deleted in the working tree but still tracked, or a link to a folder, which git lists as a file (node_modules in a copy like this one).
    if (!statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile()) continue;
    mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(checkout, file));
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(checkout, 'node_modules'));
  return checkout;
}

/** What the image's build leaves beside the server: the bundle and its template (the client, when a first start has not built it yet). */
function buildForImage(checkout: string) {
  const [command, args] = existsSync(path.join(checkout, 'dist/client/index.html')) ? [process.execPath, ['scripts/build-server.mjs']] : ['npm', ['run', 'build']];
  const result = spawnSync(command, args, { cwd: checkout, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} exited ${result.status}`);
}

/** The command line a user types for each way, and what the way's environment adds. */
function commandOf(way: Way): { command: string; args: string[]; env: Record<string, string> } {
  if (way === 'npm-start') return { command: 'npm', args: ['start'], env: {} };
  if (way === 'start-script') return { command: process.execPath, args: ['scripts/start.mjs'], env: {} };
  const image = imageCommand();
  const flags = process.env.MEMORY_NODE_FLAGS === undefined ? image.nodeFlags : process.env.MEMORY_NODE_FLAGS.split(/\s+/).filter(Boolean);
  return { command: process.execPath, args: [...flags, image.script], env: { NODE_ENV: image.env.NODE_ENV ?? 'production' } };
}

interface Started {
  url: string;
  child: ChildProcess;
  memory: ReturnType<typeof sampleProcessTree>;
  stop(): Promise<TreeMemory>;
}

async function startAsUser(way: Way, checkout: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { command, args, env: wayEnv } = commandOf(way);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-memory-data-'));
  const child = spawn(command, args, {
    cwd: checkout,
    // Its own process group: stopping reaches the server under npm and its shell too.
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      RATE_LIMIT_LOGIN_FREE_FAILURES: '1000000',
      RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000000',
      RATE_LIMIT_SIGNUPS_PER_IP: '1000000',
      ...wayEnv,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const memory = sampleProcessTree(child.pid!);
  const stop = async () => {
    const measured = memory.stop();
    const running = measured.processes.filter((entry) => !entry.exited).map((entry) => entry.pid);
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // The whole group had already exited.
    }
    // npm returns once its shell has, while the server may still be closing its database: wait for each of them.
    const deadline = Date.now() + 30_000;
    while (running.some((pid) => existsSync(`/proc/${pid}`))) {
      if (Date.now() > deadline) throw new Error(`${way}: still running 30 s after SIGTERM: ${running.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    rmSync(dataDir, { recursive: true, force: true });
    return measured;
  };
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) {
      memory.stop();
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`${way}: exited ${child.exitCode} before /healthz answered`);
    }
    if ((await fetch(`${url}/healthz`).then((response) => response.status, () => 0)) === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${way}: no answer from /healthz within ${START_DEADLINE_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, memory, stop };
}

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const TEXT = 'The tide went out past the second groyne and the recorder kept running: waves, stones, a dog far off, and the wind in the mast lines of the boats on the slipway.';

async function send(url: string, cookie: string, route: string, body: unknown, method = 'POST'): Promise<unknown> {
  const response = await fetch(`${url}${route}`, { method, headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A verified creator's site with 20 published posts and a members-only one, made through the API as the studio makes them. */
async function seedSite(url: string, smtp: SmtpSink): Promise<{ handle: string; reader: string }> {
  const owner = await createAccount(url);
  const [mail] = await smtp.waitForMail(owner.email);
  const verified = await fetch(mail!.links[0]!, { headers: { cookie: owner.cookie }, redirect: 'manual' });
  if (verified.status >= 400) throw new Error(`verification link answered ${verified.status}`);
  const handle = `memory${Date.now().toString(36)}`;
  await send(url, owner.cookie, '/api/sites', { handle, title: 'Low Tide Recordings', tagline: 'The coast, every week' });
  await send(url, owner.cookie, '/api/sites/mine', { publish: true }, 'PATCH');
  for (let index = 0; index < POSTS; index += 1) {
    await send(url, owner.cookie, '/api/posts', {
      title: `Recording ${index}: the harbour at low tide`,
      excerpt: 'Waves, stones and the wind in the masts.',
      status: 'published',
      body: { type: 'doc', content: [paragraph(TEXT), paragraph(TEXT), paragraph(TEXT)] },
    });
  }
  await send(url, owner.cookie, '/api/posts', {
    title: 'Low tide at the second groyne',
    slug: 'low-tide',
    status: 'published',
    visibility: 'members',
    body: { type: 'doc', content: Array.from({ length: 9 }, () => paragraph(TEXT)) },
  });
  const reader = await createAccount(url);
  return { handle, reader: reader.cookie };
}

/** The site's home and post pages, anonymous and signed in, 10 connections for a few seconds each; their requests per second. */
async function siteLoad(url: string, handle: string, reader: string): Promise<Record<string, number>> {
  const requestsPerSecond: Record<string, number> = {};
  for (const pagePath of [`/@${handle}`, `/@${handle}/posts/low-tide`]) {
    for (const [who, headers] of [['anonymous', {}], ['signed in', { cookie: reader }]] as [string, Record<string, string>][]) {
      const result = await generateLoad({ url: `${url}${pagePath}`, connections: 10, seconds: LOAD_SECONDS, headers });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${pagePath}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      requestsPerSecond[`${pagePath.endsWith('low-tide') ? 'post' : 'home'}, ${who}`] = Math.round(result.requestsPerSecond);
    }
  }
  return requestsPerSecond;
}

interface WayResult {
  way: Way;
  engine: Engine;
  /** VmRSS of the server process a few seconds after /healthz first answered. */
  afterStartMb: number;
  /** VmRSS of the server process once seeded, before the load. */
  beforeLoadMb: number;
  /** The budgeted figure: the server's VmHWM, any child's, and their sampled sum, whichever is highest. */
  peakMb: number;
  memory: TreeMemory;
  requestsPerSecond: Record<string, number>;
}

async function measureWay(way: Way, engine: Engine, checkout: string, smtp: SmtpSink): Promise<WayResult> {
  const database = engine === 'postgres' ? await createBenchDatabase() : undefined;
  try {
    const server = await startAsUser(way, checkout, { SMTP_URL: smtp.url, ...(database ? { DATABASE_URL: database.url } : {}) });
    let memory: TreeMemory | undefined;
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const afterStartMb = server.memory.read().serverRssMb;
      const { handle, reader } = await seedSite(server.url, smtp);
      const beforeLoadMb = server.memory.read().serverRssMb;
      const requestsPerSecond = await siteLoad(server.url, handle, reader);
      memory = await server.stop();
      const peakMb = Math.max(memory.serverPeakMb, memory.childPeakMb, memory.serverTreePeakMb);
      return { way, engine, afterStartMb, beforeLoadMb, peakMb, memory, requestsPerSecond };
    } finally {
      if (!memory) await server.stop();
    }
  } finally {
    await database?.drop();
  }
}

const mb = (value: number) => `${value.toFixed(0)} MB`;

function report(result: WayResult) {
  const { memory } = result;
  const build = memory.buildPeakMb > 0 ? `; its first start's build: ${mb(memory.buildPeakMb)} (the largest build process), ${mb(memory.buildTreePeakMb)} with the start script beside it` : '';
  process.stderr.write(
    `memory, ${result.way} on ${result.engine}: peak ${mb(result.peakMb)} (server VmHWM ${mb(memory.serverPeakMb)}, children ${mb(memory.childPeakMb)}, server and children together ${mb(memory.serverTreePeakMb)}); after start ${mb(result.afterStartMb)}, before the load ${mb(result.beforeLoadMb)}${build}; req/s ${JSON.stringify(result.requestsPerSecond)}\n`,
  );
  for (const entry of memory.processes) {
    process.stderr.write(`  ${entry.role.padEnd(8)} ${mb(entry.peakMb).padStart(7)}${entry.exited ? ' (exited)' : ''}  ${entry.command.slice(0, 160)}\n`);
  }
}

function detailOf(results: WayResult[]): Record<string, unknown> {
  return Object.fromEntries(
    results.map((result) => [
      result.way,
      {
        peakMb: result.peakMb,
        serverMb: result.memory.serverPeakMb,
        childrenMb: result.memory.childPeakMb,
        serverAndChildrenMb: result.memory.serverTreePeakMb,
        afterStartMb: result.afterStartMb,
        beforeLoadMb: result.beforeLoadMb,
        ...(result.memory.buildPeakMb > 0 ? { buildMb: result.memory.buildPeakMb, buildWithStartScriptMb: result.memory.buildTreePeakMb } : {}),
        processes: result.memory.processes.map(({ role, command, peakMb }) => ({ role, command, peakMb })),
        requestsPerSecond: result.requestsPerSecond,
      },
    ]),
  );
}

function worst(results: WayResult[], figure: (result: WayResult) => number): number {
  return Math.max(...results.map(figure));
}

export async function benchMemory(): Promise<BenchRow[]> {
  if (process.platform !== 'linux') throw new Error('the memory benchmark reads /proc: Linux only');
  const engines = (process.env.MEMORY_ENGINES ?? 'postgres,pglite').split(',') as Engine[];
  const ways = (process.env.MEMORY_WAYS ?? WAYS.join(',')).split(',') as Way[];
  const unknown = ways.filter((way) => !WAYS.includes(way));
  if (unknown.length > 0) throw new Error(`MEMORY_WAYS: unknown ${unknown.join(', ')} (known: ${WAYS.join(', ')})`);
  const checkout = makeCheckout();
  process.stderr.write(`memory: a fresh checkout in ${checkout}\n`);
  const smtp = await startSmtpSink();
  const results: WayResult[] = [];
  try {
    for (const engine of engines) {
      for (const way of ways) {
        if (way === 'image' && !existsSync(path.join(checkout, 'dist/server/main.js'))) buildForImage(checkout);
        const result = await measureWay(way, engine, checkout, smtp);
        report(result);
        results.push(result);
      }
    }
  } finally {
    await smtp.stop();
    rmSync(checkout, { recursive: true, force: true });
  }
  const onPostgres = results.filter((result) => result.engine === 'postgres');
  const onPglite = results.filter((result) => result.engine === 'pglite');
  const rows: BenchRow[] = [];
  const ran = (list: WayResult[]) => list.map((result) => result.way).join(', ');
  if (onPostgres.length > 0) {
    const afterStart = worst(onPostgres, (result) => result.afterStartMb);
    const peak = worst(onPostgres, (result) => result.peakMb);
    rows.push(
      { row: 30, name: `server RSS after start (Postgres), worst of ${ran(onPostgres)}`, figure: afterStart, unit: 'MB', target: `<= ${AFTER_START_BUDGET_MB}`, holds: afterStart <= AFTER_START_BUDGET_MB, detail: {} },
      { row: 31, name: `peak RSS of the server and its children on Postgres, first start through seeding and the site load, worst of ${ran(onPostgres)}`, figure: peak, unit: 'MB', target: `<= ${POSTGRES_BUDGET_MB}`, holds: peak <= POSTGRES_BUDGET_MB, detail: detailOf(onPostgres) },
    );
  }
  if (onPglite.length > 0) {
    const peak = worst(onPglite, (result) => result.peakMb);
    rows.push({ row: 32, name: `peak RSS of the server and its children on PGlite, first start through seeding ${POSTS} posts and serving them, worst of ${ran(onPglite)}`, figure: peak, unit: 'MB', target: `<= ${PGLITE_BUDGET_MB}`, holds: peak <= PGLITE_BUDGET_MB, detail: detailOf(onPglite) });
  }
  return rows;
}
