/**
 * Reads an uploaded zip (a Substack or Mailchimp export, our own export) safely: yauzl reads it
 * from the disk by random access and validates every entry's name and sizes; this file adds the
 * limits a creator's real export never reaches and a zip bomb always does, and turns every fault
 * into `invalid-import` in plain words, naming the entry.
 */
import { open as openFile } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../errors.ts';

export interface ZipLimits {
  /**
   * Substack's export of 1,000 posts holds about 3,000 entries (each post's HTML and its two stats CSVs); our own export
   * of the largest site (10,000 posts, 1,024 media files, 100,000 members) holds 21,035, which the round-trip
   * bench (row 55) imports whole. Three times that leaves room for a bigger site, and keeps the table of entries held
   * in memory to tens of megabytes.
   */
  maxEntries: number;
  /** Every entry inflated, together: the largest upload an import takes (IMPORT_MAX_FILE_BYTES) once more. */
  maxTotalBytes: number;
  /** One CSV, HTML or JSON read whole into memory: 64 MB holds a list of hundreds of thousands of members. */
  maxTextBytes: number;
  /**
   * All the text read of one archive, together: every reader keeps what it reads until the dry run ends, so thousands
   * of entries (or one entry named many ways) must not add up past this. A real Substack, Mailchimp or Ghost export is a
   * small part of it; our own export of a large site, whose posts its reader keeps whole, is the largest honest one.
   * `maxRatio` on the whole archive keeps a small upload far from it: 640 MB takes an upload of 6.4 MB or more.
   */
  maxTextTotalBytes: number;
  /**
   * Inflated over compressed, for each entry and for the whole archive over its size on disk: text compresses 5 to 10
   * times (the bench's Substack export of 1,000 posts and 50,000 members, 12 times), images not at all; a bomb by thousands.
   */
  maxRatio: number;
  /** The ratios are checked only past this size: a small file of repeated bytes may compress that well and harm nothing. */
  ratioFromBytes: number;
}

const MB = 1024 * 1024;

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 60_000,
  maxTotalBytes: 2 * 1024 * MB,
  maxTextBytes: 64 * MB,
  maxTextTotalBytes: 640 * MB,
  maxRatio: 100,
  ratioFromBytes: MB,
};

export interface ZipArchive {
  /** The files of the archive (folders left out), as named in it. */
  entries: { name: string; uncompressedSize: number }[];
  /** The entry's bytes, inflated; the stream fails with `invalid-import` when the entry is damaged or inflates past its size. */
  open(name: string): Promise<Readable>;
  /** The entry as UTF-8 text (a BOM dropped), refused past `maxBytes`, or with `TextBudgetSpent` once the archive's texts pass `maxTextTotalBytes`. */
  readText(name: string, maxBytes?: number): Promise<string>;
  close(): Promise<void>;
}

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

const refused = (detail: string) => new AppError('invalid-import', 400, 'file', undefined, detail);

/** The whole archive is refused, not one entry: a reader that leaves out a damaged entry and goes on must not go on past this. */
export class TextBudgetSpent extends AppError {
  constructor(limit: number) {
    super('invalid-import', 400, 'file', undefined, `The archive's text files come to more than ${megabytes(limit)} together, more than an import reads; the archive is refused.`);
  }
}

/** yauzl names what is wrong with an entry's name as "absolute path: NAME" or "invalid relative path: NAME". */
function plainWords(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const badName = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(message);
  if (badName) return refused(`The archive holds an entry named “${badName[2]}”, which points outside the archive; such a file is refused.`);
  if (/end of central directory record signature not found/i.test(message)) {
    return refused('This file is not a zip archive, or it is cut short: its table of contents is missing.');
  }
  return refused(`The archive is damaged: its table of contents cannot be read (${message}).`);
}

async function readEntries(zipfile: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
  if (zipfile.entryCount > limits.maxEntries) {
    throw refused(`The archive holds ${zipfile.entryCount} files; an import takes at most ${limits.maxEntries}.`);
  }
  const byName = new Map<string, Entry>();
  let total = 0;
  for await (const entry of zipfile.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) {
      throw refused(`The archive inflates to more than ${megabytes(limits.maxTotalBytes)}, more than an import takes.`);
    }
    if (entry.uncompressedSize > limits.ratioFromBytes && entry.uncompressedSize > limits.maxRatio * entry.compressedSize) {
      throw refused(`The entry “${entry.fileName}” inflates more than ${limits.maxRatio} times its size, as only a zip bomb does; the archive is refused.`);
    }
    // The whole archive too, over its size on disk rather than the entries' compressed sizes (which overlapping
    // entries can repeat): a thousand entries of 1 MB of zeros each pass the check above and inflate to 1 GB from 1 MB.
    if (total > limits.ratioFromBytes && total > limits.maxRatio * zipfile.fileSize) {
      throw refused(`The archive's files inflate to more than ${limits.maxRatio} times the archive's size, as only a zip bomb does; the archive is refused.`);
    }
    if (!byName.has(entry.fileName)) byName.set(entry.fileName, entry);
  }
  return byName;
}

export async function openZip(filePath: string, limits: ZipLimits = ZIP_LIMITS): Promise<ZipArchive> {
  // validateEntrySizes (yauzl's default, said here because the limits rest on it) fails a stream that inflates past
  // the size its header gives, so the inflated bytes are counted while streaming and a lying header cannot pass.
  const zipfile = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }).catch((error: unknown) => {
    throw plainWords(error);
  });
  let byName: Map<string, Entry>;
  try {
    byName = await readEntries(zipfile, limits);
  } catch (error) {
    zipfile.close();
    throw plainWords(error);
  }

  const damaged = (name: string, error: unknown) =>
    error instanceof AppError ? error : refused(`The entry “${name}” of the archive is damaged (${error instanceof Error ? error.message : String(error)}).`);

  async function open(name: string): Promise<Readable> {
    const entry = byName.get(name);
    if (!entry) throw refused(`The archive has no entry named “${name}”.`);
    const raw = await zipfile.openReadStreamPromise(entry).catch((error: unknown) => {
      throw damaged(name, error);
    });
    const out = new PassThrough();
    raw.once('error', (error) => out.destroy(damaged(name, error)));
    out.once('close', () => raw.destroy());
    return raw.pipe(out);
  }

  // Reserved by the header's size before reading: yauzl fails a stream that inflates past it, so what is read never exceeds it.
  let textBytesRead = 0;

  async function readText(name: string, maxBytes = limits.maxTextBytes): Promise<string> {
    const entry = byName.get(name);
    if (entry && entry.uncompressedSize > maxBytes) {
      throw refused(`The entry “${name}” is larger than ${megabytes(maxBytes)}, more than an import reads of one file.`);
    }
    if (entry) {
      if (textBytesRead + entry.uncompressedSize > limits.maxTextTotalBytes) throw new TextBudgetSpent(limits.maxTextTotalBytes);
      textBytesRead += entry.uncompressedSize;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await open(name)) chunks.push(chunk as Buffer);
    return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
  }

  return {
    entries: [...byName.values()].map((entry) => ({ name: entry.fileName, uncompressedSize: entry.uncompressedSize })),
    open,
    readText,
    close: async () => zipfile.close(),
  };
}

/** Whether the file starts as a zip does ("PK\x03\x04", or "PK\x05\x06" for an empty one): a Mailchimp export is a zip or one CSV. */
export async function looksLikeZip(filePath: string): Promise<boolean> {
  const file = await openFile(filePath, 'r');
  try {
    const start = Buffer.alloc(4);
    const { bytesRead } = await file.read(start, 0, 4, 0);
    return bytesRead === 4 && [0x04034b50, 0x06054b50].includes(start.readUInt32LE(0));
  } finally {
    await file.close();
  }
}
