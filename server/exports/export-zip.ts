/**
 * The export's zip, written as a stream to a file (yazl): each entry is taken
 * whole before the next is added, its SHA-256 and length counted as its bytes
 * pass, so only one entry is in flight and memory stays flat whatever the
 * site's size. The manifest, which lists every other file's hash, goes last.
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

export function createExportZip(filePath: string): ExportZip {
  const zip = new ZipFile();
  const out = createWriteStream(filePath);
  zip.outputStream.pipe(out);
  // A failure of the file or of the zip (an entry's stream that broke) ends every wait below.
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
    zip.addReadStream(counted, path, { compress, mtime });
    // The entry is whole once yazl has read the last byte of it.
    await Promise.race([finished(counted), outError]);
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
