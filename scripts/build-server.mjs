#!/usr/bin/env node
/**
 * Bundles the server and the operator CLI into dist/server (dependencies stay
 * external, installed from package-lock.json) and copies the migrations beside
 * them, so dist/ runs with plain `node` and production dependencies only.
 *
 *   node scripts/build-server.mjs [outDir]    (default dist)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundled in, not loaded from node_modules: Node's ESM loader parses drizzle-orm's 175 kB
 * package.json again for each of its modules it loads, and that garbage grew the heap by about
 * 130 MB, which V8 kept: 317 MB resident after start before, 182 MB after (docs/decisions/076-server-memory.md).
 */
const BUNDLED = new Set(['drizzle-orm']);
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const outDir = process.argv[2] ?? 'dist';
const serverDir = path.join(outDir, 'server');
const migrationsDir = path.join(outDir, 'migrations');
rmSync(serverDir, { recursive: true, force: true });
rmSync(migrationsDir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'server/main.ts', cli: 'server/cli/main.ts' },
  outdir: serverDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.22',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
// Loaded by file name in a worker thread (server/auth/password.ts), so it ships beside the bundle.
cpSync('server/auth/password-worker.mjs', path.join(serverDir, 'password-worker.mjs'));
// The embedded database's template, made here once so a server's first start runs no initdb
// (db/connect.ts); its script ships too, for a template removed by hand.
cpSync('db/pglite-template.mjs', path.join(serverDir, 'pglite-template.mjs'));
execFileSync(process.execPath, ['--liftoff-only', 'db/pglite-template.mjs', path.join(serverDir, 'pglite-template.tar.gz')], { stdio: 'inherit' });
cpSync('migrations', migrationsDir, { recursive: true });
console.log(`built ${serverDir} and ${migrationsDir}`);
