/**
 * The one access rule (DESIGN.md "Members and money"): what a reader may see of
 * a post. Every channel asks it: the HTML page, RSS and the private member
 * feeds, the sitemap, Open Graph and JSON-LD text, and which media URLs get
 * signed. It is pure (the time comes in as an argument), so the rule reads in
 * one place and its tests need no database (docs/decisions/053).
 *
 * `whole` is the full body and its media; `preview` is the public part before
 * the members-only marker plus a call to join.
 */
import type { MembershipStatus, TierType } from '../../common/memberships.ts';
import type { PostVisibility } from '../../common/posts.ts';

export type PostAccess = 'whole' | 'preview';

export interface ReaderMembership {
  status: MembershipStatus;
  tierId: string;
  tierType: TierType;
  /** A comp ends here (null: no end); only read for `comped`. */
  compExpiresAt: Date | null;
  /** The site's `past_due_access` setting: whether a failed payment keeps access while Stripe retries. */
  pastDueAccess: boolean;
}

/** Who the reader is to the post's site. */
export interface ReaderStanding {
  isOwner: boolean;
  membership: ReaderMembership | null;
}

export const ANONYMOUS: ReaderStanding = { isOwner: false, membership: null };

export interface GatedPost {
  visibility: PostVisibility;
  /** For `tiers` posts: the tiers that open it (post_tiers). */
  tierIds?: readonly string[];
}

/** Whether the membership opens what its tier opens, at `now`. */
export function isEntitled(membership: ReaderMembership | null, now: Date): membership is ReaderMembership {
  if (membership === null) return false;
  switch (membership.status) {
    case 'active':
    case 'trialing':
      return true;
    case 'past_due':
      return membership.pastDueAccess;
    case 'comped':
      return membership.compExpiresAt === null || membership.compExpiresAt.getTime() > now.getTime();
    case 'canceled':
    case 'expired':
      return false;
  }
}

function opens(post: GatedPost, membership: ReaderMembership): boolean {
  switch (post.visibility) {
    case 'public':
    case 'members':
      return true;
    case 'paid':
      return membership.tierType === 'paid';
    case 'tiers':
      return (post.tierIds ?? []).includes(membership.tierId);
  }
}

export function postAccess(post: GatedPost, reader: ReaderStanding, now: Date): PostAccess {
  if (post.visibility === 'public' || reader.isOwner) return 'whole';
  return isEntitled(reader.membership, now) && opens(post, reader.membership) ? 'whole' : 'preview';
}

/** Which of a post's media places (db/content-schema.ts `post_media.place`) the reader may load. */
export function visibleMediaPlaces(access: PostAccess): readonly ('cover' | 'preview' | 'gated')[] {
  return access === 'whole' ? ['cover', 'preview', 'gated'] : ['cover', 'preview'];
}
