/**
 * The archive file: a plain tar (tar-stream: a maintained, streaming reader and writer,
 * so no entry is held in memory whole) whose entries are hashed as they pass, and whose
 * last entry is the manifest with those hashes. Plain rather than gzipped: the media is
 * compressed already; the database entries are gzipped one by one.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { InvalidArchiveError, MANIFEST_NAME, compareWithManifest, parseManifest, type BackupManifest } from './manifest.ts';

/** An archive is as secret as the database: only its owner reads it. */
export const ARCHIVE_MODE = 0o600;

/** Passes bytes on and keeps their SHA-256 and count. */
export function hashingTap() {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, digest: () => hash.digest('hex'), bytes: () => bytes };
}

export interface ArchiveWriter {
  /** Adds one file of `size` bytes; answers its SHA-256. A body that is not `size` bytes long fails the archive. */
  add(name: string, size: number, body: Readable): Promise<string>;
  /** Writes the manifest as the last entry and closes the file. */
  finish(manifest: BackupManifest): Promise<void>;
  /** Stops writing; the caller removes the file. */
  abort(error: Error): Promise<void>;
}

export function writeArchive(file: string, mtime: Date): ArchiveWriter {
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(file, { mode: ARCHIVE_MODE }));
  // Until finish() or abort() awaits it, a failure of the file is kept for them, not thrown unhandled.
  written.catch(() => undefined);
  const header = (name: string, size: number) => ({ name, size, mtime, mode: ARCHIVE_MODE, type: 'file' as const });

  return {
    async add(name, size, body) {
      const { tap, digest } = hashingTap();
      await pipeline(body, tap, pack.entry(header(name, size)));
      return digest();
    },
    async finish(manifest) {
      const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      await new Promise<void>((resolve, reject) => pack.entry(header(MANIFEST_NAME, text.length), text, (error) => (error ? reject(error) : resolve())));
      pack.finalize();
      await written;
    },
    async abort(error) {
      pack.destroy(error);
      await written.catch(() => undefined);
    },
  };
}

export interface ArchiveEntry {
  name: string;
  size: number;
  body: Readable;
}

/** Calls `onEntry` for each file in archive order; each body must be read to its end (or the whole read fails). */
export async function readArchive(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), extract);
  reading.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      if (type !== 'file') throw new InvalidArchiveError(`it holds ${name}, which is not a plain file`);
      // tar-stream's entries are streamx streams: a Node stream over one gives its readers the API they know.
      await onEntry({ name, size, body: Readable.from(entry) });
    }
  } catch (error) {
    extract.destroy();
    throw asArchiveError(error);
  }
  await reading.catch((error: unknown) => {
    throw asArchiveError(error);
  });
}

/** A tar reader's complaint (a cut file, a bad header) said as what it means to the operator. */
function asArchiveError(error: unknown): Error {
  if (error instanceof InvalidArchiveError || !(error instanceof Error)) return error as Error;
  if ((error as NodeJS.ErrnoException).code?.startsWith('E')) return error;
  return new InvalidArchiveError(`it is not a whole archive (${error.message})`);
}

/**
 * Reads the whole archive and checks every file against the manifest's SHA-256 before
 * anything is written anywhere: a truncated archive has no manifest (it comes last), a
 * changed one differs in a checksum. Answers the manifest.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const found = new Map<string, string>();
  let manifestText: string | undefined;
  await readArchive(file, async ({ name, body }) => {
    if (name === MANIFEST_NAME) {
      manifestText = Buffer.concat((await body.toArray()) as Buffer[]).toString('utf8');
      return;
    }
    if (found.has(name)) throw new InvalidArchiveError(`it holds ${name} twice`);
    const { tap, digest } = hashingTap();
    await pipeline(body, tap, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) void chunk;
    });
    found.set(name, digest());
  });
  if (manifestText === undefined) throw new InvalidArchiveError('it has no manifest.json (cut short, or not a backup of this platform)');
  const manifest = parseManifest(manifestText);
  const difference = compareWithManifest(manifest, found);
  if (difference) throw new InvalidArchiveError(`${difference}: it was changed or damaged after it was made`);
  return manifest;
}
