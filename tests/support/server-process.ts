/**
 * The real server entry in a child process, bundled as the production image
 * runs it (server-bundle.ts): its own signals, its own exit code, its JSON log lines on stdout.
 * For what an in-process server cannot show: shutdown, crashes, outages.
 * Its lines pass the log guard like an in-process server's (log-guard.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { SERVER_ENTRY } from './server-bundle.ts';
import { watchLogLine } from './log-guard.ts';
import { testEnvironment } from './test-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every JSON line written so far; `output` keeps anything else (there should be nothing). */
  logs: LogLine[];
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitForLog(predicate: (line: LogLine) => boolean, what: string, deadlineMs?: number): Promise<LogLine>;
  /** Resolves once /healthz answers 200. */
  ready(deadlineMs?: number): Promise<void>;
  /** SIGKILL if still running: for clean-up after a failed test. */
  kill(): void;
}

/** Without `databaseUrl` the server runs on the embedded database in the DATA_DIR that `env` gives. */
export async function spawnServerProcess({ databaseUrl, smtpUrl, env = {} }: { databaseUrl?: string; smtpUrl: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...testEnvironment(port, smtpUrl, { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), LOG_LEVEL: 'info', ...env }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const output: string[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      watchLogLine(line);
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        output.push(line);
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    // Express prints an error it could not answer (after the response was sent) to stderr outside NODE_ENV=test.
    watchLogLine(chunk.toString());
    output.push(chunk.toString());
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;

  async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, deadlineMs: number): Promise<T> {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode} while waiting for ${what}: ${output.join('')}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  return {
    url,
    child,
    logs,
    output,
    exited,
    waitForLog: (predicate, what, deadlineMs = 30_000) => until(() => logs.find(predicate), what, deadlineMs),
    ready: (deadlineMs = 60_000) =>
      until(async () => ((await fetch(`${url}/healthz`).then((response) => response.status, () => 0)) === 200 ? true : undefined), 'GET /healthz 200', deadlineMs).then(() => undefined),
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
