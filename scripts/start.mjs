#!/usr/bin/env node
/**
 * `npm start`: builds the client once if dist/client is missing, then runs the
 * server from source in this same process (so signals reach it directly).
 */
import './require-node.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/client/index.html')) {
  console.log('Building the client (first start only)...');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--ssr', '--logLevel', 'warn'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/precompress.mjs', 'dist/client'], { stdio: 'inherit' });
}
// Loaded only after the Node version check above has passed.
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
