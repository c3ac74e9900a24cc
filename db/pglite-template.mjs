/**
 * Writes a freshly created embedded database, as a gzipped tarball, to a file, then exits:
 *
 *   node --liftoff-only db/pglite-template.mjs <file.tar.gz>
 *
 * PGlite creates a database by running initdb in a second Postgres instance inside the
 * process, with its own WASM heap that never shrinks (about 570 MB at its peak). The build
 * runs this once (scripts/build-server.mjs), so a server's first start only unpacks the
 * result into its data folder and runs one Postgres (docs/decisions/079-embedded-database-template.md).
 * Plain JavaScript: it runs under bare node, beside the source and beside the bundle.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const [target] = process.argv.slice(2);
if (!target) {
  console.error('usage: node db/pglite-template.mjs <file.tar.gz>');
  process.exit(2);
}
// Small shared buffers keep this process's own peak down, in the instance that runs initdb too (about
// 530 -> 490 MB); initdb writes its setting into the template's postgresql.conf, the one the server
// starts with anyway (db/connect.ts).
const smallBuffers = ['-c', 'shared_buffers=16MB'];
const database = await PGlite.create({ startParams: [...PGlite.defaultStartParams, ...smallBuffers], initDbStartParams: smallBuffers });
const tarball = await database.dumpDataDir('gzip');
await database.close();
// Written aside and renamed, so a server never reads half a template.
const partial = `${target}.${process.pid}.partial`;
writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
renameSync(partial, target);
