/**
 * The export's zip, written as a stream to a file (yazl): each entry is taken
 * whole before the next is added, its SHA-256 and length counted as its bytes
 * pass, so only one entry is in flight and memory stays flat whatever the
 * site's size. The manifest, which lists every other file's hash, goes last.
 *
 * yazl keeps every entry, with the function that pumped its data, until the
 * zip ends (for the central directory). A stream handed to addReadStream stays
 * reachable from that function, and with it the pipeline yazl built behind it
 * (a deflate stream and its 16 KB buffer). So each stream is handed over once
 * and forgotten (handOnce), a failure reaches the entry in hand directly (not
 * through a race on a promise that would keep one reaction per entry), and
 * each name gets a buffer of its own (ownLastName).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { MANIFEST_FILE, type ExportManifest } from './export-format.ts';

export interface ExportZip {
  /** Adds one file; resolves once the zip has taken all of it. `compress: false` for media, already compressed. */
  add(path: string, body: Readable | AsyncIterable<string> | string, options?: { compress?: boolean }): Promise<void>;
  /** Writes manifest.json from what was added and closes the file; resolves with its length in bytes. */
  finish(manifest: Omit<ExportManifest, 'files'>): Promise<number>;
  /** Stops writing (after a failure); the caller removes the file. */
  abort(): void;
}

/**
 * The last entry's name moved into a buffer of its own. yazl makes it with Buffer.from, which cuts short buffers from
 * Node's shared 64 KB slabs (Node 24), where the deflate stream's 16 KB output buffer of the same entry sits too; yazl
 * keeps the name until the zip ends, and a few bytes of name kept the whole slab: some 21 KB an entry.
 */
function ownLastName(zip: ZipFile): void {
  const entry = (zip as unknown as { entries: { utf8FileName: Buffer }[] }).entries.at(-1);
  if (!entry) return;
  const own = Buffer.allocUnsafeSlow(entry.utf8FileName.length);
  entry.utf8FileName.copy(own);
  entry.utf8FileName = own;
}

/** A stream for yazl's lazy entry, kept by nothing once yazl has taken it (made outside `add`, whose scope holds the stream). */
function handOnce(stream: Readable): (give: (error: Error | null, stream: Readable) => void) => void {
  let pending: Readable | undefined = stream;
  return (give) => {
    const taken = pending!;
    pending = undefined;
    give(null, taken);
  };
}

export function createExportZip(filePath: string): ExportZip {
  const zip = new ZipFile();
  const out = createWriteStream(filePath);
  zip.outputStream.pipe(out);
  // A failure of the file or of the zip (an entry's stream that broke) ends the entry in hand and the finish.
  let failure: Error | undefined;
  let inHand: Transform | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    inHand?.destroy(error);
  };
  out.once('error', fail);
  zip.once('error', fail);
  const outError = new Promise<never>((_resolve, reject) => {
    out.once('error', reject);
    zip.once('error', reject);
  });
  outError.catch(() => undefined);
  const files: ExportManifest['files'] = {};
  const mtime = new Date();

  async function add(path: string, body: Readable | AsyncIterable<string> | string, { compress = true } = {}): Promise<void> {
    const source = typeof body === 'string' ? Readable.from([Buffer.from(body)]) : body instanceof Readable ? body : Readable.from(body);
    const hash = createHash('sha256');
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer | string, _encoding, done) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(buffer);
        bytes += buffer.length;
        done(null, buffer);
      },
    });
    source.once('error', (error) => counted.destroy(error));
    source.pipe(counted);
    inHand = counted;
    if (failure) counted.destroy(failure);
    zip.addReadStreamLazy(path, { compress, mtime }, handOnce(counted));
    ownLastName(zip);
    try {
      // The entry is whole once yazl has read the last byte of it.
      await finished(counted);
    } finally {
      inHand = undefined;
    }
    files[path] = { sha256: hash.digest('hex'), bytes };
  }

  return {
    add,
    async finish(manifest) {
      const text = `${JSON.stringify({ ...manifest, files } satisfies ExportManifest, null, 2)}\n`;
      zip.addBuffer(Buffer.from(text), MANIFEST_FILE, { mtime });
      zip.end();
      await Promise.race([finished(out), outError]);
      return out.bytesWritten;
    },
    abort() {
      zip.outputStream.unpipe(out);
      out.destroy();
    },
  };
}
