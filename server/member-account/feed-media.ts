/**
 * Which media a private feed's token may fetch: a file of a live post of the
 * site that the access rule opens to the token's member (the public part's
 * media and covers to any member; the gated part's only when the post is
 * theirs to read whole). Asked on every fetch, so a rotated token or an ended
 * membership stops the files at once.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { postMedia, posts } from '../../db/content-schema.ts';
import { postAccess, type ReaderStanding } from '../access/post-access.ts';
import { hasGatedPartColumn, tierIdsColumn } from '../public-site/site-content.ts';

export async function feedMayServe(db: Database, siteId: string, mediaId: string, reader: ReaderStanding, now: Date, live: SQL): Promise<boolean> {
  const uses = await db
    .select({ place: postMedia.place, visibility: posts.visibility, tierIds: tierIdsColumn, hasGatedPart: hasGatedPartColumn })
    .from(postMedia)
    .innerJoin(posts, eq(posts.id, postMedia.postId))
    .where(and(eq(postMedia.mediaId, mediaId), eq(posts.siteId, siteId), live));
  return uses.some((use) => use.place !== 'gated' || postAccess(use, reader, now) === 'whole');
}
