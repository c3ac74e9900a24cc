/**
 * Creates an embedded database in an empty folder, then exits:
 *
 *   node --liftoff-only db/pglite-initdb.mjs <folder> '<start parameters as JSON>'
 *
 * PGlite runs initdb in a second Postgres instance inside the process that
 * creates the database, with its own WASM heap that never shrinks; run by the
 * server, that first start peaked near 1.1 GB and held about 520 MB for good.
 * Here, all of it goes back to the system when this process ends, and the
 * server opens a folder that already holds a database (docs/decisions/076-server-memory.md).
 * Plain JavaScript: it runs under bare node, beside the source and beside the bundle.
 */
import { PGlite } from '@electric-sql/pglite';

const [dataDir, startParams] = process.argv.slice(2);
if (!dataDir || !startParams) {
  console.error('usage: node db/pglite-initdb.mjs <folder> <start parameters as JSON>');
  process.exit(2);
}
const database = await PGlite.create(dataDir, { startParams: JSON.parse(startParams) });
await database.close();
