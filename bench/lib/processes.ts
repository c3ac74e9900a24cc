/** Servers under test run as their own processes, started and stopped by the benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { ensureClientBuilt } from '../../scripts/ensure-client.mjs';
import { freePort } from '../../tests/support/free-port.ts';
import { imageCommand } from './image-command.ts';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before answering ${url}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`no answer from ${url}`);
}

export async function startProcess(script: string, env: Record<string, string>, readyPath = '/', nodeFlags: string[] = []): Promise<RunningProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
    // APP_URL is the origin the product's Origin check accepts, so it must be the address the bench calls.
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url },
    stdio: ['ignore', process.env.BENCH_PRODUCT_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  // A process that dies under a benchmark says how, not only that the next request failed.
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGTERM') process.stderr.write(`${script} exited with ${signal ?? `code ${code}`}\n`);
  });
  await waitForHttp(`${url}${readyPath}`, child);
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fresh database on the machine's Postgres, dropped afterwards. */
export async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** The product as `npm start` runs it (the image's V8 flags too), on its own database, quiet, with limits raised so load is not refused. */
export async function startProduct(databaseUrl: string | undefined, extraEnv: Record<string, string> = {}): Promise<RunningProcess> {
  // As `npm start` does: the pages measured are the ones readers get, stylesheet and icon included.
  ensureClientBuilt();
  return startProcess('server/main.ts', {
    // Without one, the product runs on its embedded PGlite in DATA_DIR, as `npm start` does.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN_FREE_FAILURES: '1000000',
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000000',
    RATE_LIMIT_SIGNUPS_PER_IP: '1000000',
    ...extraEnv,
  }, '/healthz', imageCommand().nodeFlags);
}
