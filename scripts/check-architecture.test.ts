import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArchitecture, describeFinding } from './check-architecture.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Reading every import of the source takes seconds, more on a loaded machine: a limit only to end a hang. */
const CRUISE_LIMIT_MS = 120_000;

describe('the house rules (docs/architecture.md)', () => {
  it('hold for the source: no cycle of server rooms, rooms reached through their index.ts, no import the wrong way', async () => {
    const { findings, rooms } = await checkArchitecture(ROOT);
    expect(findings.map(describeFinding)).toEqual([]);
    // The rules looked at the real tree, not an empty one.
    expect(rooms).toEqual(expect.arrayContaining(['auth', 'mail', 'newsletters', 'public-site', 'rendering']));
  }, CRUISE_LIMIT_MS);

  describe('on a small tree that breaks each rule', () => {
    let tree: string;
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
      await writeFile(path.join(tree, file), text);
    };

    beforeAll(async () => {
      tree = await mkdtemp(path.join(tmpdir(), 'house-rules-'));
      await write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true, noEmit: true } }));
      // A cycle of rooms through index files and types, which no file-level cycle shows: a/index -> b/index -> b/use-a -> a/index.
      await write('server/a/index.ts', "import type { B } from '../b/index.ts';\nexport type A = { b: B };\n");
      await write('server/b/index.ts', "export type { UseA } from './use-a.ts';\nexport type B = 1;\n");
      await write('server/b/use-a.ts', "import type { A } from '../a/index.ts';\nexport type UseA = A;\n");
      // A room reached past its index.
      await write('server/c/index.ts', "import { e } from '../e/one.ts';\nexport const c = e;\n");
      // Two modules that load each other; and two that do so only through a lazy import(), which is fine.
      await write('server/e/index.ts', "export { e } from './one.ts';\n");
      await write('server/e/one.ts', "import { two } from './two.ts';\nexport const e = () => two;\n");
      await write('server/e/two.ts', "import { e } from './one.ts';\nexport const two = () => e;\n");
      await write('server/e/form.ts', "export const loadRules = () => import('./rules.ts');\nexport const FIELDS = ['a'];\n");
      await write('server/e/rules.ts', "import { FIELDS } from './form.ts';\nexport const rules = FIELDS;\n");
      // The kernel importing a room, and the composition root reaching past an index.
      await write('server/errors.ts', "import { c } from './c/index.ts';\nexport const errors = c;\n");
      await write('server/services.ts', "import { two } from './e/two.ts';\nimport { c } from './c/index.ts';\nexport const services = [two, c];\n");
      // Imports the wrong way.
      await write('common/shared.ts', "import { c } from '../server/c/index.ts';\nexport const shared = c;\n");
      await write('client/screen.ts', "import { c } from '../server/c/index.ts';\nexport const screen = c;\n");
      await write('server/d/index.ts', "import { screen } from '../../client/screen.ts';\nexport const d = screen;\n");
      await write('db/table.ts', "import { d } from '../server/d/index.ts';\nexport const table = d;\n");
    });
    afterAll(async () => {
      await rm(tree, { recursive: true, force: true });
    });

    it('names every broken rule, so a new cycle fails npm test', async () => {
      const { findings } = await checkArchitecture(tree);
      expect(findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ rule: 'no-room-cycle', rooms: ['a', 'b'] }),
          { rule: 'room-only-through-its-index', from: 'server/c/index.ts', to: 'server/e/one.ts' },
          { rule: 'no-import-cycle', from: 'server/e/one.ts', to: 'server/e/two.ts' },
          { rule: 'kernel-imports-no-room', from: 'server/errors.ts', to: 'server/c/index.ts' },
          { rule: 'composition-root-only-through-indexes', from: 'server/services.ts', to: 'server/e/two.ts' },
          { rule: 'db-and-common-import-no-app', from: 'common/shared.ts', to: 'server/c/index.ts' },
          { rule: 'db-and-common-import-no-app', from: 'db/table.ts', to: 'server/d/index.ts' },
          { rule: 'client-imports-no-server', from: 'client/screen.ts', to: 'server/c/index.ts' },
          { rule: 'server-imports-no-client', from: 'server/d/index.ts', to: 'client/screen.ts' },
        ]),
      );
      // Nothing else: the lazy import() cycle of form.ts and rules.ts, and every import through an index, pass.
      expect(findings).toHaveLength(9);
      expect(describeFinding(findings.find((finding) => finding.rule === 'no-room-cycle')!)).toContain('server/b/use-a.ts -> server/a/index.ts');
    }, CRUISE_LIMIT_MS);
  });
});
