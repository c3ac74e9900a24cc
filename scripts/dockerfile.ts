/**
 * Reads the Dockerfile and .dockerignore the way Docker does, for what this
 * project's files use: stages, instructions with their flags, exec-form JSON
 * commands, ENV pairs, and .dockerignore patterns (`*`, `**`, `!` re-includes,
 * the last matching pattern wins, a pattern on a folder covers what is in it).
 * scripts/image-smoke.ts replays the build with it, and a test checks the files.
 */

export interface Instruction {
  keyword: string;
  /** `--from=build` -> { from: 'build' } */
  flags: Record<string, string>;
  /** The text after the keyword and its flags. */
  args: string;
}

export interface Stage {
  name: string | undefined;
  from: string;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const logicalLines = text
    .replace(/\\\r?\n(\s*#[^\n]*\n)*/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  for (const line of logicalLines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const { flags, args } = splitFlags(rest);
    const instruction = { keyword: keyword.toUpperCase(), flags, args };
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name] = args.split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${instruction.keyword} before the first FROM`);
    stage.instructions.push(instruction);
  }
  return stages;
}

function splitFlags(rest: string): { flags: Record<string, string>; args: string } {
  const flags: Record<string, string> = {};
  let args = rest;
  for (let match = /^--([\w-]+)=(\S+)\s*/.exec(args); match; match = /^--([\w-]+)=(\S+)\s*/.exec(args)) {
    flags[match[1]!] = match[2]!;
    args = args.slice(match[0].length);
  }
  return { flags, args };
}

/** `["node", "x.js"]` -> argv; the shell form -> `sh -c` (as Docker runs it). */
export function commandArgv(args: string): string[] {
  const trimmed = args.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as string[];
  return ['/bin/sh', '-c', trimmed];
}

/** The command of `HEALTHCHECK [flags] CMD ...`. */
export function healthcheckArgv(instruction: Instruction): string[] {
  const match = /^CMD\s+(.*)$/s.exec(instruction.args);
  if (!match) throw new Error(`Dockerfile: HEALTHCHECK without CMD: ${instruction.args}`);
  return commandArgv(match[1]!);
}

/** `ENV A=1 B="two words"` -> { A: '1', B: 'two words' } */
export function envPairs(args: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const match of args.matchAll(/([A-Za-z_][\w]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    const raw = match[2]!;
    pairs[match[1]!] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return pairs;
}

/** `.dockerignore` text -> a test that says whether a context path (with `/`) is left out. */
export function dockerignoreMatcher(text: string): (relativePath: string) => boolean {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const pattern = (include ? line.slice(1) : line).replace(/^\/+|\/+$/g, '');
      return { include, pattern: globToRegExp(pattern) };
    });
  return (relativePath) => {
    const parts = relativePath.split('/');
    const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
    let ignored = false;
    for (const rule of rules) {
      if (candidates.some((candidate) => rule.pattern.test(candidate))) ignored = !rule.include;
    }
    return ignored;
  };
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index]!;
    if (glob.startsWith('**/', index)) {
      source += '(?:.*/)?';
      index += 2;
    } else if (glob.startsWith('**', index)) {
      source += '.*';
      index += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}
