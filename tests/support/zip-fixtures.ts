/**
 * Exports as the sources make them, written in a test: a zip by yazl (a real zip writer, so the
 * reader under test meets real central directories), a plain file beside it, and the byte surgery
 * a hostile zip needs that no honest writer would do (a name yazl refuses, a size that lies).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';

export async function zipBytes(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name, { mtime: new Date('2024-01-01T00:00:00Z') });
  zip.end();
  return buffer(zip.outputStream);
}

/** Every occurrence of `from` (a name in the local and central headers) replaced by `to`, of the same length. */
export function replaceBytes(bytes: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('a name is replaced by one of the same length');
  const out = Buffer.from(bytes);
  for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + 1)) out.write(to, at);
  return out;
}

/** Every central directory record's "uncompressed size" set to `size`: a header that lies about what its entry inflates to. */
export function lieAboutSizes(bytes: Buffer, size: number): Buffer {
  const out = Buffer.from(bytes);
  for (let at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
    out.writeUInt32LE(size, at + 24);
  }
  return out;
}

/** A folder of its own for one test file's uploads; `remove` in afterAll. */
export async function uploadsFolder(): Promise<{ write(name: string, content: string | Buffer): Promise<string>; remove(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'import-sources-'));
  return {
    async write(name, content) {
      const path = join(folder, name);
      await writeFile(path, content);
      return path;
    },
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
