/**
 * The server and the operator CLI as the production image runs them, bundled
 * once per test run (vitest's globalSetup of the integration project) for the
 * tests that start them as child processes: an entry through tsx loaded some
 * 400 modules through its loader hooks, about 2 s of CPU per start, and
 * tests/integration/cli.test.ts alone starts the CLI some 40 times
 * (docs/decisions/119). Bundled at the start of every run, so never stale,
 * into a folder of its own run: two runs at once (two people, or two parts of
 * one change being tested) must not rewrite each other's bundle mid-test. The
 * global setup names the folder in the environment its test workers inherit.
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bundleServer } from '../../scripts/server-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT_DIR = (process.env.TEST_SERVER_BUNDLE_DIR ??= path.join(ROOT, `test-results/server-bundle-${process.pid}`));
const SERVER_DIR = path.join(OUT_DIR, 'server');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'main.js');
export const CLI_ENTRY = path.join(SERVER_DIR, 'cli.js');

export default async function bundleForChildProcesses(): Promise<() => void> {
  await bundleServer(OUT_DIR);
  // The embedded database's template an earlier start made beside the sources, if any; else the first start makes one.
  const template = path.join(ROOT, 'db/pglite-template.tar.gz');
  if (existsSync(template)) copyFileSync(template, path.join(SERVER_DIR, 'pglite-template.tar.gz'));
  return () => rmSync(OUT_DIR, { recursive: true, force: true });
}
