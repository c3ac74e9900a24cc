/**
 * The production image's start command (the Dockerfile's last CMD), so the
 * benchmarks run the server under the V8 flags it ships with
 * (docs/decisions/076-server-memory.md); `npm start` carries the same flags.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commandArgv, envPairs, parseDockerfile } from '../../scripts/dockerfile.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `env`: what the runtime stage's ENV lines set (NODE_ENV among them). */
export function imageCommand(): { nodeFlags: string[]; script: string; env: Record<string, string> } {
  const runtime = parseDockerfile(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')).at(-1)!;
  const cmd = runtime.instructions.filter((instruction) => instruction.keyword === 'CMD').at(-1);
  if (!cmd) throw new Error('the Dockerfile has no CMD');
  const argv = commandArgv(cmd.args);
  if (argv[0] !== 'node' || argv.length < 2) throw new Error(`the image's CMD is not \`node [flags] script\`: ${cmd.args}`);
  const env = Object.assign({}, ...runtime.instructions.filter((instruction) => instruction.keyword === 'ENV').map((instruction) => envPairs(instruction.args))) as Record<string, string>;
  return { nodeFlags: argv.slice(1, -1), script: argv.at(-1)!, env };
}
