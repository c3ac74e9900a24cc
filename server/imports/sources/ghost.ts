/**
 * The `ghost` source: what a Ghost site gives a creator who leaves it. Its JSON
 * export (the posts, ghost-posts.ts), its members CSV (the members, with the
 * Stripe customers their subscriptions live under on the creator's own account,
 * ghost-members.ts), or a zip holding one of each. The file is told by what it
 * holds, not by its name: a zip by its first bytes, JSON by its `{`, the CSV by
 * Ghost's columns in its header.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { posix } from 'node:path';
import type { ImportProblem } from '../../../common/api/imports.ts';
import { AppError } from '../../errors.ts';
import { isGhostMembersHeader, readGhostMembers } from './ghost-members.ts';
import { readGhostPosts } from './ghost-posts.ts';
import { csvColumns, readTextFile } from './read-csv.ts';
import type { SourceBundle, SourcePost, SourceReader } from './source-bundle.ts';
import { uniqueMembers } from './unique-members.ts';
import { looksLikeZip, openZip, type ZipArchive } from './zip-archive.ts';

/**
 * The largest Ghost JSON export read. It is read and parsed whole (JSON.parse takes one string), and that peaks at
 * about 4.5 times the file (its bytes, its text, the tree parsed from it): 25 MB peaked at 110 MB more memory when
 * measured, which leaves the rest of the dry run room inside the 200 MB for a whole import. An export of 1,000
 * posts of 600 words, each with its HTML, Lexical and plain text as Ghost writes them, is 15 MB.
 */
export const GHOST_JSON_MAX_BYTES = 25 * 1000 * 1000;
/** Enough of a file's start to hold a CSV's header line. */
const HEAD_BYTES = 64 * 1024;

const invalidFile = (words: string) => new AppError('invalid-import', 400, 'file', undefined, words);
const WHAT_GHOST_GIVES = 'the JSON file from Settings › Advanced › Export, the members CSV from Members › Export, or a zip of them';
const NOT_GHOST_CSV = `This CSV is not Ghost’s members export: its header has no “email” column beside Ghost’s own (id, name, note, subscribed_to_emails, complimentary_plan, stripe_customer_id, labels, tiers). A Ghost import takes ${WHAT_GHOST_GIVES}.`;

/** The file's start as text, without a byte order mark or leading blanks. */
async function headOf(filePath: string): Promise<string> {
  const file = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  } finally {
    await file.close();
  }
}

const looksLikeJson = (head: string) => head.startsWith('{') || head.startsWith('[');

/** Refused before a byte of it is read. */
function refuseLargeJson(name: string, bytes: number): void {
  if (bytes > GHOST_JSON_MAX_BYTES) {
    throw invalidFile(`“${name}” is ${Math.ceil(bytes / 1e6)} MB; this import reads Ghost’s JSON export up to ${GHOST_JSON_MAX_BYTES / 1e6} MB, as it holds the whole file in memory.`);
  }
}

interface Read {
  posts: SourcePost[];
  text: { csv: string; name: string } | undefined;
}

/** The JSON export and the members CSV inside a zip: at most one of each, found by what they hold. */
async function readArchive(archive: ZipArchive, sourceUrl: string | undefined, problems: ImportProblem[]): Promise<Read> {
  // macOS adds `__MACOSX/` copies and dotfiles to a zip it makes; they are no export.
  const files = archive.entries.map((entry) => entry.name).filter((name) => !name.startsWith('__MACOSX/') && !posix.basename(name).startsWith('.'));
  const jsons = files.filter((name) => /\.json$/i.test(name));
  const json = jsons.length === 1 ? archive.entries.find((entry) => entry.name === jsons[0]) : undefined;
  if (json) refuseLargeJson(json.name, json.uncompressedSize);
  const csvs: { csv: string; name: string }[] = [];
  for (const name of files.filter((one) => /\.csv$/i.test(one))) {
    const csv = await archive.readText(name);
    if (isGhostMembersHeader(csvColumns(csv))) csvs.push({ csv, name });
    else problems.push({ where: name, message: 'This CSV is not Ghost’s members export; it is left out.' });
  }
  const refuseTwo = (what: string, names: string[]) => invalidFile(`The archive holds more than one ${what} (${names.join(', ')}); a Ghost import takes one.`);
  if (jsons.length > 1) throw refuseTwo('JSON file', jsons);
  if (csvs.length > 1) throw refuseTwo('members CSV', csvs.map((one) => one.name));
  if (jsons.length === 0 && csvs.length === 0) throw invalidFile(`The archive holds neither a Ghost export nor Ghost’s members CSV. A Ghost import takes ${WHAT_GHOST_GIVES}.`);
  // The same bound on the bytes inflated: yauzl fails an entry that inflates past the size its header gives.
  const posts = json ? readGhostPosts(await archive.readText(json.name, GHOST_JSON_MAX_BYTES), sourceUrl, problems) : [];
  return { posts, text: csvs[0] };
}

/** One file: the JSON export or the members CSV, told by its start. */
async function readOne(filePath: string, fileName: string, sourceUrl: string | undefined, problems: ImportProblem[]): Promise<Read> {
  const head = await headOf(filePath);
  if (looksLikeJson(head)) {
    refuseLargeJson(fileName, (await stat(filePath)).size);
    return { posts: readGhostPosts(await readFile(filePath, 'utf8'), sourceUrl, problems), text: undefined };
  }
  const columns = csvColumns(head);
  if (isGhostMembersHeader(columns)) return { posts: [], text: { csv: await readTextFile(filePath, fileName), name: fileName } };
  throw invalidFile(columns.length > 1 ? NOT_GHOST_CSV : `This file is not a Ghost export. A Ghost import takes ${WHAT_GHOST_GIVES}.`);
}

export const readGhostExport: SourceReader = async ({ filePath, fileName, sourceUrl }) => {
  const problems: ImportProblem[] = [];
  let read: Read;
  if (await looksLikeZip(filePath)) {
    const archive = await openZip(filePath);
    try {
      read = await readArchive(archive, sourceUrl, problems);
    } finally {
      await archive.close();
    }
  } else {
    read = await readOne(filePath, fileName, sourceUrl, problems);
  }
  const members = uniqueMembers(problems);
  if (read.text) readGhostMembers(read.text.csv, read.text.name, members, problems);
  const bundle: SourceBundle = { source: 'ghost', posts: read.posts, members: members.members, problems, openEntry: () => Promise.resolve(undefined), close: () => Promise.resolve() };
  return bundle;
};
