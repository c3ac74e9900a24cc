/**
 * The archive's table of contents (DESIGN.md "Backups (hardening)"): the row
 * count of each table by its name and the SHA-256 of every other file of the
 * archive. It is the archive's last entry, written once everything it counts
 * is in, so a truncated archive has none and is refused whole.
 */
import { z } from 'zod';

export const MANIFEST_NAME = 'manifest.json';
export const BACKUP_FORMAT = 'creator-platform-backup';

/** Entries are `database/{table}.copy.gz` (COPY text, gzipped) and `store/{storage key}`. */
export const DATABASE_PREFIX = 'database/';
export const STORE_PREFIX = 'store/';
/** The APP_SECRET the server made (server/secrets/), when it made one: what it sealed opens after a restore (docs/decisions/143). */
export const APP_SECRET_ENTRY = 'secrets/app-secret';
const DATABASE_SUFFIX = '.copy.gz';

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const SHA256 = /^[0-9a-f]{64}$/;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  engine: z.enum(['postgres', 'pglite']),
  /** How many migrations the database had: a restore brings the new database to the same point before it loads the rows. */
  migrations: z.number().int().min(0),
  tables: z.record(z.string().regex(TABLE_NAME), z.number().int().min(0)),
  /** Each table's columns, in the order of its COPY lines. */
  columns: z.record(z.string().regex(TABLE_NAME), z.array(z.string().min(1).max(63)).min(1)),
  files: z.record(z.string().min(1).max(1024), z.string().regex(SHA256)),
  media: z.object({
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Keys that rows of the snapshot name but the store no longer held when the backup was taken (lost before it). */
    missing: z.array(z.string()),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export class InvalidArchiveError extends Error {
  override name = 'InvalidArchiveError';
}

export function databaseEntryName(table: string): string {
  if (!TABLE_NAME.test(table)) throw new Error(`unexpected table name ${JSON.stringify(table)}`);
  return `${DATABASE_PREFIX}${table}${DATABASE_SUFFIX}`;
}

/** The table a database entry holds, or undefined when the name is not one. */
export function tableOfEntry(name: string): string | undefined {
  if (!name.startsWith(DATABASE_PREFIX) || !name.endsWith(DATABASE_SUFFIX)) return undefined;
  const table = name.slice(DATABASE_PREFIX.length, -DATABASE_SUFFIX.length);
  return TABLE_NAME.test(table) ? table : undefined;
}

export function storeEntryName(key: string): string {
  return `${STORE_PREFIX}${key}`;
}

export function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InvalidArchiveError('its manifest.json is not JSON');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InvalidArchiveError(`its manifest.json is not one this version reads (${issue.path.join('.') || 'root'}: ${issue.message})`);
  }
  const manifest = parsed.data;
  for (const table of Object.keys(manifest.tables)) {
    if (!manifest.columns[table]) throw new InvalidArchiveError(`its manifest.json names no columns for ${table}`);
    if (!manifest.files[databaseEntryName(table)]) throw new InvalidArchiveError(`its manifest.json has no checksum for the rows of ${table}`);
  }
  return manifest;
}

/**
 * What the archive holds against what its manifest promises: every file listed with the same
 * SHA-256, nothing more. Returns one line naming the first difference, or undefined when they agree.
 */
export function compareWithManifest(manifest: BackupManifest, found: ReadonlyMap<string, string>): string | undefined {
  for (const [name, sha256] of Object.entries(manifest.files)) {
    const actual = found.get(name);
    if (actual === undefined) return `${name} is missing`;
    if (actual !== sha256) return `${name} does not match its checksum`;
  }
  for (const name of found.keys()) if (!(name in manifest.files)) return `${name} is not in its manifest`;
  return undefined;
}
