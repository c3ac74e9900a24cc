#!/usr/bin/env node
/**
 * Writes a .br and a .gz twin beside every compressible file of the client
 * build, once, at maximum compression, so the server never compresses per request.
 * Usage: node scripts/precompress.mjs dist/client
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico']);
const MIN_BYTES = 1024;

function* walk(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    // Dot-folders (Vite's manifest, the server entry in .ssr) are never sent to browsers.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/precompress.mjs <directory>');
  process.exit(2);
}

let count = 0;
for (const file of walk(root)) {
  if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${root}`);
