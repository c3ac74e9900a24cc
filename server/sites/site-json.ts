/**
 * A site as the studio's API answers it: its images as signed URLs of the
 * WebP variant that fits its place (common/api/sites.ts SiteJson).
 */
import { inArray } from 'drizzle-orm';
import type { SiteImage, SiteJson } from '../../common/api/sites.ts';
import type { MediaDerived } from '../../common/media.ts';
import type { Database } from '../../db/connect.ts';
import { media } from '../../db/content-schema.ts';
import type { MediaUrlSigner } from '../media-urls/index.ts';
import type { Site } from './site-lookup.ts';
import { siteUrl } from './site-url.ts';

/** The avatar shows at most 640 px wide anywhere; the banner spans the page, so it takes the widest. */
const AVATAR_MAX_WIDTH = 640;
const IMAGE_URL_TTL_MS = 60 * 60 * 1000;

/** The variant file for a place: the widest no wider than `maxWidth` (any width when none), else the original. */
export function imageFileFor(derived: MediaDerived, maxWidth = Number.POSITIVE_INFINITY): string {
  const fitting = (derived.images ?? []).filter((variant) => variant.width <= maxWidth);
  const widest = fitting.reduce<(typeof fitting)[number] | undefined>((best, variant) => (!best || variant.width > best.width ? variant : best), undefined);
  return widest?.file ?? (derived.images?.[0]?.file ?? 'original');
}

/** Where readers find the site: its own domain once active (site-url.ts), else `/@{handle}` on the platform. */
export function siteAddress(appUrl: URL, site: Pick<Site, 'handle' | 'domain'>): string {
  return siteUrl(site, appUrl);
}

export async function toSiteJson(db: Database, signer: MediaUrlSigner, appUrl: URL, site: Site): Promise<SiteJson> {
  const ids = [site.avatarMediaId, site.bannerMediaId].filter((id): id is string => id !== null);
  const rows = ids.length ? await db.select({ id: media.id, status: media.status, derived: media.derived }).from(media).where(inArray(media.id, ids)) : [];
  const imageOf = (id: string | null, maxWidth?: number): SiteImage | null => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return null;
    // Media is served once processed; until then there is no URL to show.
    if (row.status !== 'ready') return { id: row.id, status: row.status, url: null };
    return { id: row.id, status: row.status, url: `${signer.prefix(row.id, IMAGE_URL_TTL_MS)}/${imageFileFor(row.derived, maxWidth)}` };
  };
  return {
    id: site.id,
    handle: site.handle,
    title: site.title,
    tagline: site.tagline,
    about: site.about,
    brandColor: site.brandColor,
    avatar: imageOf(site.avatarMediaId, AVATAR_MAX_WIDTH),
    banner: imageOf(site.bannerMediaId),
    publishedAt: site.publishedAt?.toISOString() ?? null,
    url: siteAddress(appUrl, site),
    pastDueAccess: site.pastDueAccess,
    messagesFrom: site.messagesFrom,
    commentsFrom: site.commentsFrom,
    messageNotices: site.messageNotices,
  };
}
