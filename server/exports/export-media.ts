/**
 * media/{id}/{original name}: the originals, streamed from storage one at a
 * time (stored, not compressed again: they are images, video and audio), and
 * media.json with their rows. An upload still under way has no whole original
 * and stays out; so does a row whose file storage no longer has.
 */
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { media } from '../../db/content-schema.ts';
import type { Storage } from '../storage/index.ts';
import { MEDIA_FILE, MEDIA_FOLDER, type ExportedMedia } from './export-format.ts';
import type { ExportZip } from './export-zip.ts';
import { jsonArray, keysetPages } from './json-pages.ts';

const PAGE = 500;

type MediaRow = typeof media.$inferSelect;

/** A name safe as one zip path segment: no separators, no control characters, never `.` or `..`. */
export function entryFileName(originalName: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = originalName.replace(/[\u0000-\u001f\u007f/\\:]/g, '_').trim().slice(0, 200);
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'original' : cleaned;
}

/** The zip entry of an original: media.json's `path`, and how site.json's products name their files. */
export const mediaPath = (row: Pick<MediaRow, 'id' | 'originalName'>) => `${MEDIA_FOLDER}${row.id}/${entryFileName(row.originalName)}`;

function pages(db: Database, siteId: string) {
  return keysetPages<MediaRow>((after) =>
    db
      .select()
      .from(media)
      .where(and(eq(media.siteId, siteId), ne(media.status, 'uploading'), after ? gt(media.id, after.id) : undefined))
      .orderBy(asc(media.id))
      .limit(PAGE),
  );
}

/** Adds the originals, then media.json; answers how many media went in. */
export async function addMedia(zip: ExportZip, db: Database, storage: Storage, siteId: string): Promise<number> {
  const missing = new Set<string>();
  for await (const rows of pages(db, siteId)) {
    for (const row of rows) {
      const opened = await storage.open(row.storageKey);
      if (!opened) {
        missing.add(row.id);
        continue;
      }
      await zip.add(mediaPath(row), opened.body, { compress: false });
    }
  }
  const counted = { count: 0 };
  async function* present(): AsyncGenerator<ExportedMedia[]> {
    for await (const rows of pages(db, siteId)) {
      yield rows
        .filter((row) => !missing.has(row.id))
        .map((row) => ({ id: row.id, kind: row.kind, type: row.type, originalName: row.originalName, alt: row.alt, bytes: row.bytes, path: mediaPath(row) }));
    }
  }
  await zip.add(MEDIA_FILE, jsonArray(present(), counted));
  return counted.count;
}
