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

/**
 * What a membership's history records (db/money-schema.ts `membership_events`).
 * A move to another tier is `upgraded` or `downgraded` by what the member pays
 * (server/memberships/tier-change.ts); `tier-changed` is a move whose
 * direction is unknown (rows from before the split) or none (the same price).
 */
export const MEMBERSHIP_EVENT_KINDS = ['joined', 'upgraded', 'downgraded', 'tier-changed', 'payment', 'payment-failed', 'refund', 'renewal-canceled', 'renewal-resumed', 'comped', 'ended', 'imported'] as const;
export type MembershipEventKind = (typeof MEMBERSHIP_EVENT_KINDS)[number];

/** The creator's plan on the platform: a trial, then a subscription on the operator's Stripe account. */
export const PLATFORM_PLAN_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type PlatformPlanStatus = (typeof PLATFORM_PLAN_STATUSES)[number];
