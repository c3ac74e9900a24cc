/**
 * The media a design names must be the site's own: an id from another
 * creator's library (or none at all) is refused with the path where it sits,
 * and the pictures (logo, favicon, hero, gallery, sharing image) must be images.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { designMediaIds, type Design } from '../../common/design.ts';
import type { Database } from '../../db/connect.ts';
import { media } from '../../db/content-schema.ts';

/** Paths whose media is shown as a picture; the media section also takes video and audio. */
const isPicturePath = (path: string) => !path.endsWith('.mediaId') || path.includes('.images.');

export async function foreignMediaPath(db: Database, siteId: string, design: Design): Promise<string | undefined> {
  const named = designMediaIds(design);
  if (named.length === 0) return undefined;
  const rows = await db
    .select({ id: media.id, kind: media.kind })
    .from(media)
    .where(and(eq(media.siteId, siteId), inArray(media.id, [...new Set(named.map((entry) => entry.id))])));
  const kinds = new Map(rows.map((row) => [row.id, row.kind]));
  return named.find(({ id, path }) => {
    const kind = kinds.get(id);
    return kind === undefined || (isPicturePath(path) && kind !== 'image');
  })?.path;
}

/** A kept version after its media was deleted: the missing pictures are dropped, so the draft checks again and the sections show nothing there. */
export async function withoutMissingMedia(db: Database, siteId: string, design: Design): Promise<Design> {
  const named = designMediaIds(design);
  if (named.length === 0) return design;
  const rows = await db.select({ id: media.id }).from(media).where(and(eq(media.siteId, siteId), inArray(media.id, [...new Set(named.map((entry) => entry.id))])));
  const present = new Set(rows.map((row) => row.id));
  const keep = (id: string | null) => (id && present.has(id) ? id : null);
  return {
    ...design,
    logoId: keep(design.logoId),
    faviconId: keep(design.faviconId),
    seo: { ...design.seo, imageId: keep(design.seo.imageId) },
    sections: design.sections.map((section) => {
      if (section.type === 'hero') return { ...section, settings: { ...section.settings, imageId: keep(section.settings.imageId) } };
      if (section.type === 'media') return { ...section, settings: { ...section.settings, mediaId: keep(section.settings.mediaId) } };
      if (section.type === 'gallery') return { ...section, settings: { ...section.settings, images: section.settings.images.filter((image) => present.has(image.mediaId)) } };
      return section;
    }),
  };
}
