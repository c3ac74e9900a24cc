/**
 * Reference peer of the export row: a bare zip stream of the same files. It
 * walks a folder (the export's own files, unpacked, and the media originals
 * beside them) and writes one zip with yazl, media stored and the rest deflated
 * as the product does, to a file; it prints how long that took, in ms, as JSON.
 * Usage: node --import tsx bench/peers/zip-peer.ts <folder> <out.zip>
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

const [folder, out] = process.argv.slice(2) as [string, string];

async function* files(dir: string, prefix = ''): AsyncGenerator<{ full: string; name: string }> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* files(path.join(dir, entry.name), name);
    else yield { full: path.join(dir, entry.name), name };
  }
}

const started = performance.now();
const zip = new ZipFile();
const target = createWriteStream(out);
zip.outputStream.pipe(target);
for await (const { full, name } of files(folder)) {
  // One entry in flight at a time, as the product adds them.
  const source = createReadStream(full);
  zip.addReadStream(source, name, { compress: !name.startsWith('media/') });
  await finished(source);
}
zip.end();
await finished(target);
process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, bytes: target.bytesWritten })}\n`);
