/**
 * Which library items a product may hold, and how its files are named to buyers. A product sells PDFs, zips,
 * audio and video (DESIGN.md "More ways to be paid"): the library keeps a PDF or a zip as a `file`, told apart by
 * its confirmed type. Only the creator's own items that are ready may be chosen; anything else is one 400 that
 * says nothing of whose it was.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ProductFileKind, ProductFileView } from '../../common/api/products.ts';
import type { Database } from '../../db/connect.ts';
import { media } from '../../db/content-schema.ts';
import { AppError } from '../errors.ts';

type MediaRow = Pick<typeof media.$inferSelect, 'id' | 'kind' | 'type' | 'originalName' | 'bytes'>;

export function productFileKind(row: Pick<MediaRow, 'kind' | 'type'>): ProductFileKind | undefined {
  if (row.kind === 'audio' || row.kind === 'video') return row.kind;
  if (row.kind !== 'file') return undefined;
  if (row.type === 'application/pdf') return 'pdf';
  if (row.type === 'application/zip') return 'zip';
  return undefined;
}

export function toFileView(row: MediaRow): ProductFileView | undefined {
  const kind = productFileKind(row);
  return kind ? { mediaId: row.id, name: row.originalName, kind, bytes: row.bytes } : undefined;
}

/** The ids, checked: each the site's own, ready, and of a kind a product sells. */
export async function checkSellableMedia(db: Database, siteId: string, ids: readonly string[]): Promise<void> {
  const rows = await db
    .select({ id: media.id, kind: media.kind, type: media.type })
    .from(media)
    .where(and(eq(media.siteId, siteId), eq(media.status, 'ready'), inArray(media.id, [...ids])));
  const sellable = new Set(rows.filter((row) => productFileKind(row)).map((row) => row.id));
  if (ids.some((id) => !sellable.has(id))) throw new AppError('invalid-input', 400, 'mediaIds');
}

/** A cover is one of the site's own ready images. */
export async function checkCover(db: Database, siteId: string, id: string | null): Promise<void> {
  if (!id) return;
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, id), eq(media.siteId, siteId), eq(media.status, 'ready'), eq(media.kind, 'image')));
  if (!row) throw new AppError('invalid-input', 400, 'coverMediaId');
}
