/**
 * Rows 30-32: the server's resident memory, as the operator runs it (the bundled
 * dist/server/main.js under plain node, the built client beside it): right after
 * start and under the site benchmark's load on Postgres, and at any time while
 * PGlite seeds 20 posts through the API and serves them. RSS comes from
 * /proc/<pid>/status: VmRSS sampled every 50 ms, and VmHWM, the kernel's own
 * peak, which no sampling gap can miss; on PGlite also the server with its
 * child processes together (a first start runs initdb in one), sampled. Fixed budgets, not ratios.
 * The server starts as the image's CMD starts it, V8 flags included;
 * MEMORY_NODE_FLAGS (space-separated, may be empty) replaces those flags, to
 * try another V8 setting without changing how the product starts. The load's
 * requests per second are in the rows' detail: a flag's cost in speed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureClientBuilt } from '../scripts/ensure-client.mjs';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink.ts';
import { freePort } from '../tests/support/free-port.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import { imageCommand } from './lib/image-command.ts';
import type { BenchRow } from './lib/row.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const AFTER_START_BUDGET_MB = 200;
const UNDER_LOAD_BUDGET_MB = 300;
const PGLITE_BUDGET_MB = 500;
/** Long enough for start-up work that runs after /healthz answers (the dummy hash, the queue's first poll). */
const SETTLE_MS = 3000;
const POSTS = 20;

interface Memory {
  rssMb: number;
  peakMb: number;
}

function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: (kb('VmRSS') * 1024) / MB, peakMb: (kb('VmHWM') * 1024) / MB };
}

/** The resident memory of a process's children (the embedded database's first start runs initdb in one), 0 when none runs. */
function childrenRssMb(pid: number): number {
  let total = 0;
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean)) {
        total += memoryOf(Number(child)).rssMb || 0;
      }
    }
  } catch {
    // The process or a child ended between two reads.
  }
  return total;
}

/** The bundle and the client as `npm run build` makes them; the bundle is rebuilt (a fraction of a second) so it matches the sources. */
function ensureBuilt() {
  const node = (args: string[]) => {
    const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
  };
  ensureClientBuilt();
  node(['scripts/build-server.mjs']);
}

interface BuiltServer {
  url: string;
  child: ChildProcess;
  memory(): Memory;
  /** The highest resident memory of the server and its child processes together, sampled every 50 ms from its spawn. */
  treePeakMb(): number;
  stop(): Promise<void>;
}

async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { nodeFlags, script } = imageCommand();
  const flags = process.env.MEMORY_NODE_FLAGS === undefined ? nodeFlags : process.env.MEMORY_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...flags, script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-memory-')),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_FREE_FAILURES: '1000000',
      RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000000',
      RATE_LIMIT_SIGNUPS_PER_IP: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let treePeakMb = 0;
  const sampler = setInterval(() => {
    if (child.exitCode === null) treePeakMb = Math.max(treePeakMb, (memoryOf(child.pid!).rssMb || 0) + childrenRssMb(child.pid!));
  }, 50);
  child.once('exit', () => clearInterval(sampler));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode} before /healthz answered`);
    if ((await fetch(`${url}/healthz`).then((response) => response.status, () => 0)) === 200) break;
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    memory: () => memoryOf(child.pid!),
    treePeakMb: () => treePeakMb,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The highest VmRSS seen while `work` runs. */
async function sampledPeak(server: BuiltServer, work: () => Promise<void>): Promise<number> {
  let peak = server.memory().rssMb;
  const timer = setInterval(() => {
    peak = Math.max(peak, server.memory().rssMb);
  }, 50);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, server.memory().rssMb);
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

/** The site benchmark's four pages, 10 connections, a few seconds each; their requests per second. */
async function siteLoad(url: string, handle: string, reader: string, seconds: number): Promise<Record<string, number>> {
  const requestsPerSecond: Record<string, number> = {};
  for (const pagePath of [`/@${handle}`, `/@${handle}/posts/low-tide`]) {
    for (const [who, headers] of [['anonymous', {}], ['signed in', { cookie: reader }]] as [string, Record<string, string>][]) {
      const result = await generateLoad({ url: `${url}${pagePath}`, connections: 10, seconds, headers });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${pagePath}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      requestsPerSecond[`${pagePath.endsWith('low-tide') ? 'post' : 'home'}, ${who}`] = Math.round(result.requestsPerSecond);
    }
  }
  return requestsPerSecond;
}

async function memoryOnPostgres(smtp: SmtpSink): Promise<BenchRow[]> {
  const database = await createBenchDatabase();
  const onPostgres = await startBuiltServer({ DATABASE_URL: database.url, SMTP_URL: smtp.url });
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const afterStart = onPostgres.memory().rssMb;
    const { handle, reader } = await seedSite(onPostgres.url, smtp);
    let requestsPerSecond: Record<string, number> = {};
    const underLoad = await sampledPeak(onPostgres, async () => {
      requestsPerSecond = await siteLoad(onPostgres.url, handle, reader, 4);
    });
    process.stderr.write(`memory on Postgres: ${afterStart.toFixed(0)} MB after start, ${underLoad.toFixed(0)} MB peak under load (VmHWM ${onPostgres.memory().peakMb.toFixed(0)} MB); req/s ${JSON.stringify(requestsPerSecond)}\n`);
    return [
      { row: 30, name: 'server RSS after start (Postgres)', figure: afterStart, unit: 'MB', target: `<= ${AFTER_START_BUDGET_MB}`, holds: afterStart <= AFTER_START_BUDGET_MB, detail: {} },
      { row: 31, name: 'server peak RSS under the site load (Postgres)', figure: underLoad, unit: 'MB', target: `<= ${UNDER_LOAD_BUDGET_MB}`, holds: underLoad <= UNDER_LOAD_BUDGET_MB, detail: { vmHwmMb: onPostgres.memory().peakMb, requestsPerSecond } },
    ];
  } finally {
    await onPostgres.stop();
    await database.drop();
  }
}

async function memoryOnPglite(smtp: SmtpSink): Promise<BenchRow[]> {
  const onPglite = await startBuiltServer({ SMTP_URL: smtp.url });
  try {
    let requestsPerSecond: Record<string, number> = {};
    const sampled = await sampledPeak(onPglite, async () => {
      const { handle, reader } = await seedSite(onPglite.url, smtp);
      requestsPerSecond = await siteLoad(onPglite.url, handle, reader, 4);
    });
    // VmHWM covers start-up too, and every moment between samples; the tree adds the first start's initdb process.
    const serverPeak = Math.max(sampled, onPglite.memory().peakMb);
    const peak = Math.max(serverPeak, onPglite.treePeakMb());
    process.stderr.write(`memory on PGlite: ${peak.toFixed(0)} MB peak from start through seeding ${POSTS} posts and the site load (server alone ${serverPeak.toFixed(0)} MB, with its child processes ${onPglite.treePeakMb().toFixed(0)} MB); req/s ${JSON.stringify(requestsPerSecond)}\n`);
    return [{ row: 32, name: `server peak RSS on PGlite (with its child processes), start, seeding ${POSTS} posts and serving them`, figure: peak, unit: 'MB', target: `<= ${PGLITE_BUDGET_MB}`, holds: peak <= PGLITE_BUDGET_MB, detail: { serverMb: serverPeak, sampledMb: sampled, treeMb: onPglite.treePeakMb(), requestsPerSecond } }];
  } finally {
    await onPglite.stop();
  }
}

/** MEMORY_ENGINES=postgres or pglite measures one engine only (default both). */
export async function benchMemory(): Promise<BenchRow[]> {
  if (process.platform !== 'linux') throw new Error('the memory benchmark reads /proc: Linux only');
  const engines = (process.env.MEMORY_ENGINES ?? 'postgres,pglite').split(',');
  ensureBuilt();
  const smtp = await startSmtpSink();
  try {
    return [...(engines.includes('postgres') ? await memoryOnPostgres(smtp) : []), ...(engines.includes('pglite') ? await memoryOnPglite(smtp) : [])];
  } finally {
    await smtp.stop();
  }
}
