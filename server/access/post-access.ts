/**
 * The one access rule (DESIGN.md "Members and money"): what a reader may see of
 * a post. Every channel asks it: the HTML page, RSS, the sitemap, Open Graph
 * and JSON-LD text, and which media URLs get signed. It is pure, so the rule
 * reads in one place and its tests need no database.
 *
 * `whole` is the full body and its media; `preview` is the public part before
 * the members-only marker plus a call to join. Paid and tier posts open to the
 * owner only until the members issue adds paid tiers: the standing already
 * carries the membership's tier so that change stays inside this function.
 */
import { ENTITLING_STATUSES, type MembershipStatus, type TierType } from '../../common/memberships.ts';
import type { PostVisibility } from '../../common/posts.ts';

export type PostAccess = 'whole' | 'preview';

/** Who the reader is to the post's site. */
export interface ReaderStanding {
  isOwner: boolean;
  membership: { status: MembershipStatus; tierId: string; tierType: TierType } | null;
}

export const ANONYMOUS: ReaderStanding = { isOwner: false, membership: null };

export interface GatedPost {
  visibility: PostVisibility;
  /** For `tiers` posts: the tiers that open it (the members issue fills it). */
  tierIds?: readonly string[];
}

export function isEntitled(membership: ReaderStanding['membership']): boolean {
  return membership !== null && ENTITLING_STATUSES.includes(membership.status);
}

export function postAccess(post: GatedPost, reader: ReaderStanding): PostAccess {
  if (post.visibility === 'public' || reader.isOwner) return 'whole';
  if (post.visibility === 'members') return isEntitled(reader.membership) ? 'whole' : 'preview';
  // `paid` and `tiers`: no paid tier exists yet, so no membership opens them.
  return 'preview';
}

/** Which of a post's media places (db/content-schema.ts `post_media.place`) the reader may load. */
export function visibleMediaPlaces(access: PostAccess): readonly ('cover' | 'preview' | 'gated')[] {
  return access === 'whole' ? ['cover', 'preview', 'gated'] : ['cover', 'preview'];
}
