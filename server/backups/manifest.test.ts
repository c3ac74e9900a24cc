import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, compareWithManifest, databaseEntryName, InvalidArchiveError, parseManifest, tableOfEntry, type BackupManifest } from './manifest.ts';

const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(64);

const manifest: BackupManifest = {
  format: BACKUP_FORMAT,
  version: 1,
  createdAt: '2026-11-28T03:00:00.000Z',
  engine: 'pglite',
  migrations: 19,
  tables: { users: 2 },
  columns: { users: ['id', 'email'] },
  files: { 'database/users.copy.gz': SHA_A, 'store/media/s/m/original': SHA_B },
  media: { files: 1, bytes: 10, missing: [] },
};

describe('parseManifest', () => {
  it('reads back what a backup writes', () => {
    expect(parseManifest(JSON.stringify(manifest))).toEqual(manifest);
  });

  it.each([
    ['not JSON', '{', /is not JSON/],
    ['another format', JSON.stringify({ ...manifest, format: 'ghost-backup' }), /format/],
    ['a later version', JSON.stringify({ ...manifest, version: 2 }), /version/],
    ['a table without columns', JSON.stringify({ ...manifest, columns: {} }), /no columns for users/],
    ['a table without its rows file', JSON.stringify({ ...manifest, files: { 'store/media/s/m/original': SHA_B } }), /no checksum for the rows of users/],
    ['a table name that is not a name', JSON.stringify({ ...manifest, tables: { 'users; drop table x': 1 } }), /tables/],
    ['a checksum that is not SHA-256', JSON.stringify({ ...manifest, files: { ...manifest.files, 'database/users.copy.gz': 'abc' } }), /files/],
  ])('refuses %s', (_what, text, message) => {
    expect(() => parseManifest(text)).toThrow(InvalidArchiveError);
    expect(() => parseManifest(text)).toThrow(message);
  });
});

describe('compareWithManifest', () => {
  const found = () => new Map(Object.entries(manifest.files));

  it('agrees when every file is there with its checksum', () => {
    expect(compareWithManifest(manifest, found())).toBeUndefined();
  });

  it('names a missing file, a changed one and one the manifest does not list', () => {
    const missing = found();
    missing.delete('store/media/s/m/original');
    expect(compareWithManifest(manifest, missing)).toBe('store/media/s/m/original is missing');
    expect(compareWithManifest(manifest, found().set('database/users.copy.gz', SHA_B))).toBe('database/users.copy.gz does not match its checksum');
    expect(compareWithManifest(manifest, found().set('store/media/s/x/original', SHA_A))).toBe('store/media/s/x/original is not in its manifest');
  });
});

describe('entry names', () => {
  it('names a table by its entry and back, and nothing else', () => {
    expect(tableOfEntry(databaseEntryName('post_media'))).toBe('post_media');
    expect(tableOfEntry('database/../etc.copy.gz')).toBeUndefined();
    expect(tableOfEntry('store/media/x')).toBeUndefined();
    expect(() => databaseEntryName('Users"')).toThrow();
  });
});
