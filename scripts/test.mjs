#!/usr/bin/env node
/**
 * `npm test`: builds the client and its pre-rendering server entry (the e2e tests drive the built app), runs every
 * vitest project (unit, integration, e2e) and ends with one summary line
 * `N passed, N failed, N skipped`. Extra arguments go to vitest.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

function run(args) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  return result.status ?? 1;
}

if (run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']) !== 0) process.exit(1);
// The server's entry that pre-renders the public pages (docs/decisions/033).
if (run(['node_modules/vite/bin/vite.js', 'build', '--ssr', '--logLevel', 'warn']) !== 0) process.exit(1);
if (run(['scripts/precompress.mjs', 'dist/client']) !== 0) process.exit(1);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
const status = run([
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

try {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log('\n0 passed, 1 failed');
}
process.exit(status);
