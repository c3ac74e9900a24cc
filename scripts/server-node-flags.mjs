/**
 * The V8 flags the server runs under (docs/decisions/076-server-memory.md): a small young
 * generation, an old one grown in 30% steps, and WebAssembly (PGlite) compiled by the baseline
 * compiler only. Without them a server on PGlite peaked at 1,070 MB, on Postgres at 421 MB.
 * V8 reads them only at start-up and NODE_OPTIONS refuses the last two, so they go on node's
 * command line: the image's CMD names them (the Dockerfile, held to this list by a test), and
 * scripts/start.mjs puts itself under them whichever way it was started (decision 127).
 */
import { spawn } from 'node:child_process';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=30', '--liftoff-only'];

const nameOf = (flag) => flag.split('=')[0];

/** The flags of SERVER_NODE_FLAGS that `execArgv` does not name; one given with another value is given (the operator's choice). */
export function missingServerNodeFlags(execArgv) {
  const given = new Set(execArgv.map(nameOf));
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(nameOf(flag)));
}

/**
 * Returns once this process runs under SERVER_NODE_FLAGS. When some are missing, the process
 * becomes the same command with them added before the caller's own node options (which so win):
 * execve keeps the pid and the standard streams, so a terminal's Ctrl-C, npm's and a
 * supervisor's signals still reach the server itself. Where there is no execve (Windows), the
 * command runs as a child this process passes signals to, and exits with.
 */
export async function ensureServerNodeFlags() {
  const missing = missingServerNodeFlags(process.execArgv);
  if (missing.length === 0) return;
  const args = [...missing, ...process.execArgv, ...process.argv.slice(1)];
  if (typeof process.execve === 'function') process.execve(process.execPath, [process.execPath, ...args], process.env);
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.once('exit', (status) => resolve(status ?? 1)));
  process.exit(code);
}
