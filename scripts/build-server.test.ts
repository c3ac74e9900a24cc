import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
let outDir: string;
let bundle: string;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'build-server-'));
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', outDir], { cwd: ROOT });
  bundle = await readFile(path.join(outDir, 'server', 'main.js'), 'utf8');
}, 60_000);
afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The packages the bundle still imports at run time, as `import ... from "name"` names them. */
function importedPackages(code: string): Set<string> {
  return new Set([...code.matchAll(/^import .*? from "([^"./][^"]*)";$/gm)].map((match) => match[1]!.split('/').slice(0, match[1]!.startsWith('@') ? 2 : 1).join('/')));
}

describe('the server bundle', () => {
  it('carries drizzle-orm inside it, so Node never loads drizzle-orm\'s modules with their 175 kB package.json (docs/decisions/076)', () => {
    const imported = importedPackages(bundle);
    expect(imported).not.toContain('drizzle-orm');
    expect(bundle).toContain('drizzle:Column');
  });

  it('ships beside it every file it loads by name: the password worker, and the embedded database\'s template with the script that makes it', () => {
    const loaded = [...bundle.matchAll(/new URL\("\.\/([^"]+)", import\.meta\.url\)/g)].map((match) => match[1]!);
    expect(loaded).toEqual(expect.arrayContaining(['password-worker.mjs', 'pglite-template.mjs', 'pglite-template.tar.gz']));
    for (const file of loaded) expect(existsSync(path.join(outDir, 'server', file)), file).toBe(true);
  });

  it('leaves the other production dependencies external, installed by npm ci as the image does', () => {
    for (const name of ['express', 'postgres', '@electric-sql/pglite', 'pg-boss', 'sharp']) expect(importedPackages(bundle)).toContain(name);
  });
});
