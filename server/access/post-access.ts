/**
 * The one access rule (DESIGN.md "Members and money"): what a reader may see of
 * a post. Every channel asks it: the HTML page, RSS and the private member
 * feeds, the sitemap, Open Graph and JSON-LD text, and which media URLs get
 * signed. It is pure (the time comes in as an argument), so the rule reads in
 * one place and its tests need no database (docs/decisions/053).
 *
 * `whole` is the full body and its media; `preview` is the public part before
 * the members-only marker plus a call to join.
 *
 * Two rules of issue 15 live here, not in validation, so rows stored before
 * them are safe too: a `public` post with a part behind the members-only
 * marker is read as a `members` post (docs/decisions/064), and a membership
 * opens nothing gated until its member has confirmed their e-mail, unless
 * they pay through Stripe (docs/decisions/065).
 */
import type { MembershipSource, MembershipStatus, TierType } from '../../common/memberships.ts';
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
  /** `stripe`: a paying member, let in on payment before their e-mail is confirmed. */
  source: MembershipSource;
  /** Whether the member has confirmed their e-mail address (users.email_verified). */
  emailVerified: boolean;
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
  /** Whether anything is stored behind the members-only marker (`gated_html` is not empty). */
  hasGatedPart: boolean;
}

/** A public post with a members-only part is a members post: the marker means what it says. */
export function effectiveVisibility(post: Pick<GatedPost, 'visibility' | 'hasGatedPart'>): PostVisibility {
  return post.visibility === 'public' && post.hasGatedPart ? 'members' : post.visibility;
}

/** Whether the membership opens what its tier opens, at `now`. */
export function isEntitled<M extends Pick<ReaderMembership, 'status' | 'compExpiresAt' | 'pastDueAccess'>>(membership: M | null, now: Date): membership is M {
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

/** A free member's membership opens gated posts once they have confirmed their e-mail; a paying one's at once. */
export function confirmedOrPaying(membership: ReaderMembership): boolean {
  return membership.emailVerified || membership.source === 'stripe';
}

function opens(visibility: PostVisibility, post: GatedPost, membership: ReaderMembership): boolean {
  switch (visibility) {
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
  const visibility = effectiveVisibility(post);
  if (visibility === 'public' || reader.isOwner) return 'whole';
  const membership = reader.membership;
  return isEntitled(membership, now) && confirmedOrPaying(membership) && opens(visibility, post, membership) ? 'whole' : 'preview';
}

/** Whether confirming their e-mail is all the reader lacks to read the post whole: the page then asks for that, not to join. */
export function waitsForEmail(post: GatedPost, reader: ReaderStanding, now: Date): boolean {
  const membership = reader.membership;
  if (membership === null || membership.emailVerified) return false;
  return postAccess(post, reader, now) === 'preview' && postAccess(post, { ...reader, membership: { ...membership, emailVerified: true } }, now) === 'whole';
}

/** Which of a post's media places (db/content-schema.ts `post_media.place`) the reader may load. */
export function visibleMediaPlaces(access: PostAccess): readonly ('cover' | 'preview' | 'gated')[] {
  return access === 'whole' ? ['cover', 'preview', 'gated'] : ['cover', 'preview'];
}
