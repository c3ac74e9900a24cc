/**
 * The creator's media library: rows of `media` seen through their site. Every
 * call takes the caller's site id, and a row of another site is the same 404
 * as no row at all (docs/decisions/025-authorization-roles-and-ownership.md).
 * URLs are signed with the installation's media secret, read once.
 */
import { and, count, countDistinct, desc, eq, getTableColumns, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { escapeLike } from '../../db/transaction.ts';
import { media, postMedia } from '../../db/content-schema.ts';
import { settings } from '../../db/schema.ts';
import type { MediaItem, MediaQuery, MediaUrls } from '../../common/api/media.ts';
import type { MediaDerived } from '../../common/media.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Storage } from '../storage/index.ts';
import { createMediaUrlSigner, type MediaUrlSigner } from '../media-urls/index.ts';
import { siteIsSuspendedColumn } from '../site-standing/index.ts';

export type MediaRow = typeof media.$inferSelect;

/** How long the library's URLs live: long enough to watch a video through, short enough that a copied link dies. */
export const STUDIO_URL_TTL_MS = 4 * 3600_000;
const LIST_LIMIT = 500;

/** Everything of one item lives under one prefix: the original and what processing derived. */
export function mediaPrefix(siteId: string, mediaId: string): string {
  return `media/${siteId}/${mediaId}/`;
}

export function originalKey(siteId: string, mediaId: string): string {
  return `${mediaPrefix(siteId, mediaId)}original`;
}

/** The files an item has, by their name under its URL prefix: what the serving route may hand out. */
export function filesOf(derived: MediaDerived): Set<string> {
  const files = new Set<string>(['original']);
  for (const image of derived.images ?? []) files.add(image.file);
  for (const file of [derived.poster, derived.thumbnail, derived.audio, derived.mp4]) if (file) files.add(file);
  return files;
}


export interface MediaServiceDeps {
  db: Database;
  storage: Storage;
  clock: Clock;
  /** Drops the parts of an unfinished upload, when an item still uploading is deleted. */
  discardUpload?: (mediaId: string) => Promise<void>;
}

export function createMediaService({ db, storage, clock, discardUpload }: MediaServiceDeps) {
  let signer: Promise<MediaUrlSigner> | undefined;

  /** The secret is made by the database once per installation and never changes: read it once. */
  function urlSigner(): Promise<MediaUrlSigner> {
    signer ??= db
      .select({ secret: settings.mediaUrlSecret })
      .from(settings)
      .limit(1)
      .then(([row]) => {
        if (!row) throw new Error('settings row missing: the media URL secret is made by migration');
        return createMediaUrlSigner({ secret: row.secret, clock });
      })
      .catch((error: unknown) => {
        signer = undefined;
        throw error;
      });
    return signer;
  }

  function urlsOf(row: MediaRow, prefix: string): MediaUrls {
    const { derived } = row;
    const at = (file: string | undefined) => (file ? `${prefix}/${file}` : undefined);
    const urls: MediaUrls = { original: `${prefix}/original` };
    if (derived.thumbnail) urls.thumbnail = at(derived.thumbnail)!;
    if (derived.poster) urls.poster = at(derived.poster)!;
    if (derived.hls) urls.playlist = at(derived.hls.playlist)!;
    if (derived.mp4) urls.mp4 = at(derived.mp4)!;
    if (derived.audio) urls.audio = at(derived.audio)!;
    if (derived.images?.length) urls.images = derived.images.map((image) => ({ width: image.width, url: at(image.file)! }));
    return urls;
  }

  async function usage(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ mediaId: postMedia.mediaId, posts: countDistinct(postMedia.postId) })
      .from(postMedia)
      .where(inArray(postMedia.mediaId, ids))
      .groupBy(postMedia.mediaId);
    return new Map(rows.map((row) => [row.mediaId, Number(row.posts)]));
  }

  async function toItems(rows: MediaRow[]): Promise<MediaItem[]> {
    const [sign, used] = await Promise.all([urlSigner(), usage(rows.map((row) => row.id))]);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      originalName: row.originalName,
      type: row.type,
      bytes: row.bytes,
      status: row.status,
      progress: row.progress,
      failureReason: row.status === 'failed' ? row.failureReason : null,
      alt: row.alt,
      width: row.derived.width ?? null,
      height: row.derived.height ?? null,
      durationSeconds: row.derived.durationSeconds ?? null,
      usedBy: used.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      urls: urlsOf(row, sign.prefix(row.id, STUDIO_URL_TTL_MS)),
    }));
  }

  /** The row if it is this site's; undefined for another site's or none. */
  async function findOwned(siteId: string, mediaId: string): Promise<MediaRow | undefined> {
    if (!isUuid(mediaId)) return undefined;
    const [row] = await db
      .select()
      .from(media)
      .where(and(eq(media.id, mediaId), eq(media.siteId, siteId)))
      .limit(1);
    return row;
  }

  async function requireOwned(siteId: string, mediaId: string): Promise<MediaRow> {
    const row = await findOwned(siteId, mediaId);
    if (!row) throw new AppError('not-found', 404);
    return row;
  }

  return {
    urlSigner,
    findOwned,

    async list(siteId: string, query: MediaQuery): Promise<MediaItem[]> {
      const conditions: SQL[] = [eq(media.siteId, siteId)];
      if (query.q) conditions.push(ilike(media.originalName, `%${escapeLike(query.q)}%`));
      if (query.kind) conditions.push(eq(media.kind, query.kind));
      if (query.status) conditions.push(eq(media.status, query.status));
      const rows = await db
        .select()
        .from(media)
        .where(and(...conditions))
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(LIST_LIMIT);
      return toItems(rows);
    },

    async get(siteId: string, mediaId: string): Promise<MediaItem> {
      const [item] = await toItems([await requireOwned(siteId, mediaId)]);
      return item!;
    },

    async updateAlt(siteId: string, mediaId: string, alt: string): Promise<MediaItem> {
      await requireOwned(siteId, mediaId);
      const [row] = await db
        .update(media)
        .set({ alt, updatedAt: clock() })
        .where(and(eq(media.id, mediaId), eq(media.siteId, siteId)))
        .returning();
      if (!row) throw new AppError('not-found', 404);
      const [item] = await toItems([row]);
      return item!;
    },

    /** Deletes the row and then its files; refused while a post uses it (post_media restricts the delete too). */
    async remove(siteId: string, mediaId: string): Promise<void> {
      const row = await requireOwned(siteId, mediaId);
      const [uses] = await db.select({ uses: count() }).from(postMedia).where(eq(postMedia.mediaId, mediaId));
      if (Number(uses?.uses ?? 0) > 0) throw new AppError('media-in-use', 409);
      try {
        await db.delete(media).where(and(eq(media.id, mediaId), eq(media.siteId, siteId)));
      } catch (error) {
        // A post took it between the check and the delete: the foreign key refuses, and so do we.
        if (isForeignKeyViolation(error)) throw new AppError('media-in-use', 409);
        throw error;
      }
      if (row.status === 'uploading') await discardUpload?.(row.id);
      await storage.deletePrefix(mediaPrefix(row.siteId, row.id));
    },

    /**
     * For the public serving route: the row by id alone, whoever asks (the signed token is the permission),
     * and whether its site is suspended, read in the same query (docs/decisions/124).
     */
    async findForServing(mediaId: string): Promise<(MediaRow & { siteSuspended: boolean }) | undefined> {
      if (!isUuid(mediaId)) return undefined;
      const [row] = await db
        .select({ ...getTableColumns(media), siteSuspended: siteIsSuspendedColumn(media.siteId) })
        .from(media)
        .where(eq(media.id, mediaId))
        .limit(1);
      return row;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
