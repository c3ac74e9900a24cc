#!/usr/bin/env node
/**
 * `npm start` (and `node scripts/start.mjs`): the server from source, in this same process (so
 * signals reach it directly), under the V8 flags that bound its memory. A first start first makes
 * what `npm run build` makes for the image, each in a child process that exits before the server
 * loads, so their peaks never add to the server's (docs/decisions/127-memory-however-the-server-starts.md):
 * the client when dist/client is missing, and on the embedded database the template a new data
 * folder is unpacked from.
 */
import './require-node.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureClientBuilt } from './ensure-client.mjs';
import { ensureServerNodeFlags } from './server-node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where db/connect.ts looks for it when the server runs from source. */
const EMBEDDED_TEMPLATE = path.join(ROOT, 'db/pglite-template.tar.gz');

await ensureServerNodeFlags();
ensureClientBuilt();
if (!process.env.DATABASE_URL && !existsSync(EMBEDDED_TEMPLATE)) {
  console.log('Making the embedded database\'s template (first start only)...');
  execFileSync(process.execPath, ['--liftoff-only', path.join(ROOT, 'db/pglite-template.mjs'), EMBEDDED_TEMPLATE], { stdio: 'inherit' });
}
// Loaded only after the Node version check above has passed.
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
