/**
 * The operator CLI as the production image runs it (`node dist/server/cli.js ...args`),
 * from the bundle made at the start of the test run (server-bundle.ts), with exactly
 * the environment given plus PATH, so nothing of the test process's own configuration leaks in.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { CLI_ENTRY } from './server-bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', CLI_ENTRY, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
