#!/usr/bin/env node
/**
 * `npm test`: lints (ESLint counts as one test: a finding fails it), builds the
 * client and its pre-rendering server entry (the e2e tests drive the built app),
 * runs every vitest project (unit, integration, e2e) and ends with one summary
 * line `N passed, N failed, N skipped`, also written to test-results/summary.json
 * for .ci/run. Extra arguments go to vitest.
 */
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

function run(args) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  return result.status ?? 1;
}

const vitestArgs = process.argv.slice(2);
const summaryFile = 'test-results/summary.json';
mkdirSync('test-results', { recursive: true });
rmSync(summaryFile, { force: true });

console.log('ESLint (npm run lint)...');
const lintClean = run(['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.']) === 0;
const lint = lintClean ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
console.log(lintClean ? 'ESLint: clean' : 'ESLint: findings above (counted as one failed test)');

if (run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']) !== 0) process.exit(1);
// The server's entry that pre-renders the public pages (docs/decisions/033).
if (run(['node_modules/vite/bin/vite.js', 'build', '--ssr', '--logLevel', 'warn']) !== 0) process.exit(1);
if (run(['scripts/precompress.mjs', 'dist/client']) !== 0) process.exit(1);

const report = 'test-results/vitest.json';
rmSync(report, { force: true });
const vitestStatus = run(['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs]);

let summary;
try {
  const vitest = JSON.parse(readFileSync(report, 'utf8'));
  summary = {
    passed: vitest.numPassedTests + lint.passed,
    failed: vitest.numFailedTests + lint.failed,
    skipped: vitest.numPendingTests + vitest.numTodoTests,
  };
} catch {
  summary = { passed: lint.passed, failed: lint.failed + 1, skipped: 0 };
}
writeFileSync(summaryFile, `${JSON.stringify(summary)}\n`);
console.log(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(vitestStatus !== 0 || summary.failed > 0 ? 1 : 0);
