#!/usr/bin/env node
/**
 * The house's import rules, checked by a machine (issue 28, docs/architecture.md):
 * dependency-cruiser reads every import of the source (type-only imports too) and
 * this file holds the rules. `npm test` runs them (check-architecture.test.ts);
 * `node scripts/check-architecture.mjs` prints the findings and the figures.
 *
 * - `db/` and `common/` import neither `server/` nor `client/`; `server/` imports no
 *   `client/`, and `client/` no `server/` or `db/`.
 * - A server room is used by another only through its `index.ts` (its public
 *   surface); the composition root (server/main, runtime, services, app,
 *   mail-templates) too. The other root files (errors, clock, logger, feature,
 *   lifecycle) are the kernel under every room and import none.
 * - No cycle of modules loaded together (type-only imports and lazy `import()` aside).
 * - No cycle between `server/` rooms. dependency-cruiser's own `circular` rule
 *   works on files; a cycle of rooms can pass through files that form no cycle,
 *   so the rooms' graph is built from the files' and its cycles found here.
 *
 * Tests are left out: a test may reach into the room it tests.
 */
import { cruise } from 'dependency-cruiser';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_FOLDERS = ['server', 'common', 'db', 'client', 'scripts'];

/** The files that build the app from the rooms; every other root file is the kernel the rooms stand on. */
const COMPOSITION_ROOT = '^server/(main|runtime|services|app|mail-templates)\\.ts$';

const RULES = {
  forbidden: [
    {
      name: 'db-and-common-import-no-app',
      comment: 'db/ and common/ are the ground floor: the server and the client stand on them, not the other way.',
      severity: 'error',
      from: { path: '^(db|common)/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'server-imports-no-client',
      comment: 'What both sides read (the route table, schemas, copy shared with e-mail) lives in common/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    {
      name: 'client-imports-no-server',
      comment: 'The browser gets the contract from common/, never the server\'s code.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^(server|db)/' },
    },
    {
      name: 'room-only-through-its-index',
      comment: 'A server room is used by others only through its index.ts, its public surface.',
      severity: 'error',
      from: { path: '^server/([^/]+)/' },
      to: { path: '^server/[^/]+/', pathNot: ['^server/$1/', '^server/[^/]+/index\\.ts$'] },
    },
    {
      name: 'kernel-imports-no-room',
      comment: 'The few root files every room uses (errors, clock, logger, feature, lifecycle) stand below the rooms.',
      severity: 'error',
      from: { path: '^server/[^/]+\\.ts$', pathNot: COMPOSITION_ROOT },
      to: { path: '^server/[^/]+/' },
    },
    {
      name: 'no-import-cycle',
      comment: 'A cycle of modules loaded together can hand a module its neighbour before it has run (ESM); types and lazy import() may go back.',
      severity: 'error',
      from: { path: '^(server|common|db|client)/' },
      to: { circular: true, dependencyTypesNot: ['type-only', 'dynamic-import'], viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'composition-root-only-through-indexes',
      comment: 'The composition root (server/*.ts) builds rooms from their index.ts like everyone else.',
      severity: 'error',
      from: { path: '^server/[^/]+\\.ts$' },
      to: { path: '^server/[^/]+/', pathNot: '^server/[^/]+/index\\.ts$' },
    },
  ],
};

const EXCLUDE = ['\\.test\\.tsx?$', '(^|/)node_modules/', '^dist/', '\\.d\\.mts$'];

/** The room of a file under server/, or undefined for the composition root and everything outside. */
function roomOf(file) {
  return /^server\/([^/]+)\//.exec(file)?.[1];
}

/** Strongly connected components of more than one room (Tarjan's algorithm). */
function roomCycles(edges) {
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  const visit = (room) => {
    order.set(room, counter);
    low.set(room, counter);
    counter += 1;
    stack.push(room);
    onStack.add(room);
    for (const next of edges.get(room) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(room, Math.min(low.get(room), order.get(next)));
      }
    }
    if (low.get(room) !== order.get(room)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== room);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const room of [...edges.keys()].sort()) if (!order.has(room)) visit(room);
  return cycles;
}

/**
 * Cruises the source under `root` and answers every broken rule: `{ rule, from, to }` for
 * a forbidden import, `{ rule: 'no-room-cycle', rooms, imports }` for a cycle of rooms.
 */
export async function checkArchitecture(root) {
  const folders = SOURCE_FOLDERS.filter((folder) => folder !== 'scripts');
  const { output } = await cruise(folders, {
    baseDir: root,
    validate: true,
    ruleSet: RULES,
    exclude: { path: EXCLUDE },
    doNotFollow: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(root, 'tsconfig.json') },
  });
  const findings = output.summary.violations.map((violation) => ({ rule: violation.rule.name, from: violation.from, to: violation.to }));

  const edges = new Map();
  const importsBetween = new Map();
  for (const module of output.modules) {
    const from = roomOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = roomOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
      const key = `${from} -> ${to}`;
      if (!importsBetween.has(key)) importsBetween.set(key, `${module.source} -> ${dependency.resolved}`);
    }
  }
  for (const rooms of roomCycles(edges)) {
    const imports = [...importsBetween].filter(([key]) => rooms.includes(key.split(' -> ')[0]) && rooms.includes(key.split(' -> ')[1])).map(([, example]) => example);
    findings.push({ rule: 'no-room-cycle', rooms, imports });
  }
  const rooms = new Set(output.modules.map((module) => roomOf(module.source)).filter(Boolean));
  return { findings, rooms: [...rooms].sort(), modules: output.modules.length };
}

export function describeFinding(finding) {
  return finding.rule === 'no-room-cycle'
    ? `no-room-cycle: ${finding.rooms.join(', ')} import each other, e.g.\n${finding.imports.map((line) => `    ${line}`).join('\n')}`
    : `${finding.rule}: ${finding.from} -> ${finding.to}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { findings, rooms, modules } = await checkArchitecture(root);
  for (const finding of findings) console.log(describeFinding(finding));
  console.log(`${modules} files, ${rooms.length} server rooms, ${findings.length} finding${findings.length === 1 ? '' : 's'}`);
  process.exitCode = findings.length === 0 ? 0 : 1;
}
