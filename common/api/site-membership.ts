/**
 * Joining a creator's site (DESIGN.md "HTTP API added"): for now the free tier;
 * the members issue adds paid tiers (`cadence`, `{checkoutUrl}`) to the same call.
 */
import type { Cadence, MembershipStatus } from '../memberships.ts';
import { endpoint } from './endpoint.ts';

export interface MembershipView {
  id: string;
  tierId: string;
  status: MembershipStatus;
  cadence: Cadence | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** 201 when it made or renewed the membership; 200 with the one that already entitles. 409 `cannot-join-own-site` for the owner. */
export const joinSite = endpoint<{ tierId: string }, undefined, { membership: MembershipView }>('POST', '/api/sites/:handle/join');
export const getSiteMembership = endpoint<undefined, undefined, { membership: MembershipView | null }>('GET', '/api/sites/:handle/membership');

/**
 * A new private RSS URL for the signed-in member (`/@{handle}/feed/{token}.xml`);
 * any earlier one stops working. 404 when the user is not a member whose membership entitles.
 */
export const createFeedToken = endpoint<undefined, undefined, { url: string }>('POST', '/api/sites/:handle/feed-token');
