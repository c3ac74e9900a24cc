#!/usr/bin/env node
/**
 * Bundles the server and the operator CLI into dist/server (dependencies stay
 * external, installed from package-lock.json) and copies the migrations beside
 * them, so dist/ runs with plain `node` and production dependencies only.
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
rmSync('dist/migrations', { recursive: true, force: true });
await build({
  entryPoints: { main: 'server/main.ts', cli: 'server/cli/main.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// Loaded by file name in a worker thread (server/auth/password.ts), so it ships beside the bundle.
cpSync('server/auth/password-worker.mjs', 'dist/server/password-worker.mjs');
cpSync('migrations', 'dist/migrations', { recursive: true });
console.log('built dist/server and dist/migrations');
