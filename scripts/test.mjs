#!/usr/bin/env node
/**
 * `npm test`: lints (ESLint counts as one test: a finding fails it), builds the
 * client and its pre-rendering server entry (the e2e tests drive the built app),
 * runs every vitest project (unit, integration, e2e) and ends with one summary
 * line `N passed, N failed, N skipped`, also written to test-results/summary.json
 * for .ci/run. Extra arguments go to vitest.
 *
 * ESLint runs beside the tests, not before them: it is all CPU while the tests
 * spend much of their time waiting on Postgres, servers and Chromium, so on
 * CI's 2 cores the two together take less time than one after the other. Its
 * report is printed after the tests'.
 */
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

const BESIDE_NICENESS = 10;

function run(args) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  return result.status ?? 1;
}

/** Runs in the background; `done` resolves to its exit status and everything it printed. */
function runBeside(args) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // Below the tests' priority: they are the run's longest path, and ESLint fills the CPU they leave idle (docs/decisions/121).
  setPriority(child.pid, BESIDE_NICENESS);
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => child.on('close', (code) => resolve({ status: code ?? 1, output: Buffer.concat(output).toString() })));
  return { child, done };
}

const vitestArgs = process.argv.slice(2);
const summaryFile = 'test-results/summary.json';
mkdirSync('test-results', { recursive: true });
rmSync(summaryFile, { force: true });

console.log('ESLint (npm run lint) started beside the tests; its report follows theirs.');
const linting = runBeside(['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.']);

const built =
  run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']) === 0 &&
  // The server's entry that pre-renders the public pages (docs/decisions/033).
  run(['node_modules/vite/bin/vite.js', 'build', '--ssr', '--logLevel', 'warn']) === 0 &&
  run(['scripts/precompress.mjs', 'dist/client']) === 0;
if (!built) {
  linting.child.kill();
  process.exit(1);
}

const report = 'test-results/vitest.json';
rmSync(report, { force: true });
const vitestStatus = run(['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs]);

const linted = await linting.done;
process.stdout.write(linted.output);
const lintClean = linted.status === 0;
const lint = lintClean ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
console.log(lintClean ? 'ESLint: clean' : 'ESLint: findings above (counted as one failed test)');

/** `file > describe > test` for each failed test, so CI's last lines name what failed. */
function failedTests(vitest) {
  return vitest.testResults.flatMap((file) => {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failed = file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${name} > ${test.fullName}`);
    // A file that failed before any test ran (an import or a hook) has no failed test of its own.
    return failed.length === 0 && file.status === 'failed' ? [`${name} (${file.message.split('\n')[0]})`] : failed;
  });
}

let summary;
try {
  const vitest = JSON.parse(readFileSync(report, 'utf8'));
  summary = {
    passed: vitest.numPassedTests + lint.passed,
    failed: vitest.numFailedTests + lint.failed,
    skipped: vitest.numPendingTests + vitest.numTodoTests,
    failures: [...failedTests(vitest), ...(lintClean ? [] : ['ESLint'])],
  };
} catch {
  summary = { passed: lint.passed, failed: lint.failed + 1, skipped: 0, failures: ['vitest wrote no report'] };
}
writeFileSync(summaryFile, `${JSON.stringify(summary)}\n`);
for (const failure of summary.failures) console.log(`FAILED ${failure}`);
console.log(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(vitestStatus !== 0 || summary.failed > 0 ? 1 : 0);
