#!/usr/bin/env node
/**
 * Bundles the server and the operator CLI into dist/server (scripts/server-bundle.mjs)
 * and makes the embedded database's template beside them, so dist/ runs with plain
 * `node` and production dependencies only, and a server's first start runs no initdb.
 *
 *   node scripts/build-server.mjs [outDir]    (default dist)
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { bundleServer } from './server-bundle.mjs';

const outDir = process.argv[2] ?? 'dist';
const serverDir = await bundleServer(outDir);
execFileSync(process.execPath, ['--liftoff-only', 'db/pglite-template.mjs', path.join(serverDir, 'pglite-template.tar.gz')], { stdio: 'inherit' });
console.log(`built ${serverDir} and ${path.join(outDir, 'migrations')}`);
