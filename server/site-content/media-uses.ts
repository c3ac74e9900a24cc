/**
 * Who may fetch a media file outside a page, asked on every request so a
 * file stops the moment its post stops being readable:
 * - a member's private feed (server/member-account/member-feed-routes.ts);
 * - anyone, at the file's stable public URL (`/media/{id}/public/{file}`,
 *   docs/decisions/067 and 147), which a podcast app downloads days after
 *   reading the feed and a shared link's card shows weeks later: of a
 *   published site, its avatar or banner, a file its published design shows
 *   (the logo its mail links, docs/decisions/142; the icon, the sharing image,
 *   a section's), a live post's cover or a file of its public part (what an
 *   anonymous reader sees of it), or any file of a live post the access rule
 *   opens whole to an anonymous reader.
 * A post of one site never lends a file to another: uses are of the file's own site.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { designMediaIds, parseDesign } from '../../common/design.ts';
import type { Database } from '../../db/connect.ts';
import { postMedia, posts, sites } from '../../db/content-schema.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { ANONYMOUS, postAccess, type ReaderStanding } from '../access/index.ts';
import type { Clock } from '../clock.ts';
import { hasGatedPartColumn, tierIdsColumn } from './post-columns.ts';

/** The places a file has in the site's live posts, with what the access rule needs of each post. */
async function liveUses(db: Database, siteId: string, mediaId: string, live: SQL) {
  return db
    .select({ place: postMedia.place, visibility: posts.visibility, tierIds: tierIdsColumn, hasGatedPart: hasGatedPartColumn })
    .from(postMedia)
    .innerJoin(posts, eq(posts.id, postMedia.postId))
    .where(and(eq(postMedia.mediaId, mediaId), eq(posts.siteId, siteId), live));
}

/** The public part's media and covers to any member; the gated part's only to a reader the post opens to whole. */
export async function readerMayFetch(db: Database, siteId: string, mediaId: string, reader: ReaderStanding, now: Date, live: SQL): Promise<boolean> {
  const uses = await liveUses(db, siteId, mediaId, live);
  return uses.some((use) => use.place !== 'gated' || postAccess(use, reader, now) === 'whole');
}

export type PublicMediaRule = (item: { id: string; siteId: string }) => Promise<boolean>;

/** `livePosts` is the live condition at a moment (server/posts/live.ts `LivePosts`), typed by its shape so these reads need nothing of posts/. */
export function publicMediaRule({ db, clock, livePosts }: { db: Database; clock: Clock; livePosts: (now: Date) => SQL }): PublicMediaRule {
  return async function mayServePublicly(item) {
    const [site] = await db
      .select({ publishedAt: sites.publishedAt, avatarMediaId: sites.avatarMediaId, bannerMediaId: sites.bannerMediaId, design: siteDesigns.published })
      .from(sites)
      .leftJoin(siteDesigns, eq(siteDesigns.siteId, sites.id))
      .where(eq(sites.id, item.siteId))
      .limit(1);
    if (!site?.publishedAt) return false;
    if (item.id === site.avatarMediaId || item.id === site.bannerMediaId) return true;
    // Never the draft design's files: those are the owner's alone until they publish.
    const design = site.design ? parseDesign(site.design) : undefined;
    if (design && designMediaIds(design).some((use) => use.id === item.id)) return true;
    // What an anonymous reader sees of a live post (its cover, its public part) is on its page for anyone already.
    const now = clock();
    return readerMayFetch(db, item.siteId, item.id, ANONYMOUS, now, livePosts(now));
  };
}
