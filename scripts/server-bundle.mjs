/**
 * The server and the operator CLI as one bundle each in <outDir>/server
 * (dependencies stay external, installed from package-lock.json), with the files
 * they load by name beside them and the migrations in <outDir>/migrations.
 * Shared by the build (scripts/build-server.mjs) and the tests that run the
 * server or the CLI as a child process (tests/support/server-bundle.ts).
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundled in, not loaded from node_modules: Node's ESM loader parses drizzle-orm's 175 kB
 * package.json again for each of its modules it loads, and that garbage grew the heap by about
 * 130 MB, which V8 kept: 317 MB resident after start before, 182 MB after (docs/decisions/076-server-memory.md).
 */
const BUNDLED = new Set(['drizzle-orm']);
const ROOT = path.resolve(import.meta.dirname, '..');
const fromRoot = (file) => path.join(ROOT, file);

/** Writes the bundle (`outDir` from the working directory); returns the folder of main.js and cli.js. */
export async function bundleServer(outDir) {
  const { dependencies } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8'));
  const external = Object.keys(dependencies)
    .filter((name) => !BUNDLED.has(name))
    .flatMap((name) => [name, `${name}/*`]);
  const serverDir = path.join(outDir, 'server');
  const migrationsDir = path.join(outDir, 'migrations');
  rmSync(serverDir, { recursive: true, force: true });
  rmSync(migrationsDir, { recursive: true, force: true });
  await build({
    entryPoints: { main: fromRoot('server/main.ts'), cli: fromRoot('server/cli/main.ts') },
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
  cpSync(fromRoot('server/auth/password-worker.mjs'), path.join(serverDir, 'password-worker.mjs'));
  // The script that makes the embedded database's template (db/connect.ts), for a template removed by hand.
  cpSync(fromRoot('db/pglite-template.mjs'), path.join(serverDir, 'pglite-template.mjs'));
  cpSync(fromRoot('migrations'), migrationsDir, { recursive: true });
  return serverDir;
}
