/** The media a page shows, read by id in one query. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { media } from '../../db/content-schema.ts';
import type { MediaRow } from '../rendering/index.ts';

/** Ready media of the site by id; an id of another site or not ready is simply absent. */
export async function siteMediaByIds(db: Database, siteId: string, ids: readonly string[]): Promise<Map<string, MediaRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: media.id, kind: media.kind, originalName: media.originalName, type: media.type, bytes: media.bytes, derived: media.derived, alt: media.alt })
    .from(media)
    .where(and(eq(media.siteId, siteId), inArray(media.id, wanted), eq(media.status, 'ready')));
  return new Map(rows.map((row) => [row.id, row]));
}
