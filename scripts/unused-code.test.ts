/**
 * No dead code, kept by a machine: knip (knip.json) follows the imports from every entry
 * (the server, the CLI, workers, the client's screens and layouts, the site's scripts,
 * scripts, benches and tests) and names any source file nothing reaches, any export no
 * other file uses and any export made twice. An endpoint of the HTTP contract that only
 * other clients call is tagged `@public` where it is declared (common/api/comments.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Reading the whole source takes seconds, more on a loaded machine: a limit only to end a hang. */
const KNIP_LIMIT_MS = 120_000;

function knip(directory: string) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/knip/bin/knip.js'), '--no-progress', '--no-config-hints', '--directory', directory], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

describe('unused code', () => {
  it('there is none: every file is reached and every export used', () => {
    expect(knip(ROOT)).toEqual({ status: 0, output: '' });
  }, KNIP_LIMIT_MS);

  it('is found in a small project that has an orphan file and an unused export', async () => {
    const project = await mkdtemp(path.join(tmpdir(), 'unused-code-'));
    try {
      await mkdir(path.join(project, 'src'));
      await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'sample', type: 'module' }));
      await writeFile(path.join(project, 'knip.json'), JSON.stringify({ entry: ['src/main.ts'], project: ['src/**/*.ts'], ignoreExportsUsedInFile: true, include: ['exports', 'files', 'duplicates'] }));
      await writeFile(path.join(project, 'src/main.ts'), "import { used } from './lib.ts';\nconsole.log(used);\n");
      await writeFile(path.join(project, 'src/lib.ts'), 'export const used = 1;\nexport const unused = 2;\n');
      await writeFile(path.join(project, 'src/orphan.ts'), 'export const orphan = 3;\n');
      const { status, output } = knip(project);
      expect(status).toBe(1);
      expect(output).toContain('src/orphan.ts');
      expect(output).toMatch(/unused\s+src\/lib\.ts:2:14/);
      expect(output).not.toContain('used  src/lib.ts:1');
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }, KNIP_LIMIT_MS);
});
