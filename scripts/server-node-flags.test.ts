import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { missingServerNodeFlags, SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const MODULE = new URL('./server-node-flags.mjs', import.meta.url).href;

/** Runs `code` as an ES module under `nodeFlags` with `args`; what it printed, and the pid the test started. */
async function runNode(nodeFlags: string[], code: string, args: string[] = []): Promise<{ stdout: string; pid: number }> {
  const child = spawn(process.execPath, [...nodeFlags, '--input-type=module', '-e', code, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const status = await new Promise((resolve) => child.once('exit', resolve));
  expect(status).toBe(0);
  return { stdout, pid: child.pid! };
}

const REPORT = `await (await import(${JSON.stringify(MODULE)})).ensureServerNodeFlags();
console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, args: process.argv.slice(1) }));`;

describe('missingServerNodeFlags', () => {
  it('names every flag a bare `node` lacks', () => {
    expect(missingServerNodeFlags([])).toEqual(SERVER_NODE_FLAGS);
    expect(missingServerNodeFlags(['--inspect'])).toEqual(SERVER_NODE_FLAGS);
  });

  it('takes a flag given with another value as given: the operator chose it', () => {
    expect(missingServerNodeFlags(['--max-semi-space-size=16', '--liftoff-only'])).toEqual(['--heap-growing-percent=30']);
    expect(missingServerNodeFlags([...SERVER_NODE_FLAGS])).toEqual([]);
  });
});

describe('ensureServerNodeFlags', () => {
  it('puts a process started without the flags under them, in the same process (execve keeps the pid, so signals reach the server), keeping its own options and arguments', async () => {
    const { stdout, pid } = await runNode(['--no-warnings'], REPORT, ['first', 'second']);
    const seen = JSON.parse(stdout) as { pid: number; execArgv: string[]; args: string[] };
    expect(seen.pid).toBe(pid);
    expect(missingServerNodeFlags(seen.execArgv)).toEqual([]);
    // The caller's own options come after the added flags, so on a clash the caller's win.
    expect(seen.execArgv.slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
    expect(seen.execArgv).toContain('--no-warnings');
    expect(seen.args).toEqual(['first', 'second']);
  });

  it('runs the rest of the script once, under the flags: a process that has them goes on at once', async () => {
    const { stdout } = await runNode([...SERVER_NODE_FLAGS], `console.log('before'); ${REPORT}`);
    expect(stdout.match(/^before$/gm)).toHaveLength(1);
    const seen = JSON.parse(stdout.split('\n')[1]!) as { execArgv: string[] };
    expect(seen.execArgv.slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
  });
});
