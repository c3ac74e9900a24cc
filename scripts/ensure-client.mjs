/**
 * Builds the client and its pre-rendering entry once, if dist/client is
 * missing: `npm start` and the benchmarks serve the built client, and a page
 * measured without its stylesheet and icon measures something no reader gets.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export function ensureClientBuilt() {
  if (existsSync(path.join(ROOT, 'dist/client/index.html'))) return;
  console.log('Building the client (first start only)...');
  const node = (args) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  node(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  node(['node_modules/vite/bin/vite.js', 'build', '--ssr', '--logLevel', 'warn']);
  node(['scripts/precompress.mjs', 'dist/client']);
}
