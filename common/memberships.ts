/** Tiers and memberships of DESIGN.md "Members and money", shared by client and server. */

export const TIER_TYPES = ['free', 'paid'] as const;
export type TierType = (typeof TIER_TYPES)[number];

export const CADENCES = ['month', 'year'] as const;
export type Cadence = (typeof CADENCES)[number];

export const MEMBERSHIP_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'expired', 'comped'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_SOURCES = ['free', 'stripe', 'comp', 'import'] as const;
export type MembershipSource = (typeof MEMBERSHIP_SOURCES)[number];

/** The statuses under which a membership opens what its tier opens. */
export const ENTITLING_STATUSES: readonly MembershipStatus[] = ['active', 'trialing', 'past_due', 'comped'];
