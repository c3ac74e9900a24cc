/**
 * Joining a creator's site (DESIGN.md "HTTP API added"): the free tier answers
 * the membership; a paid tier (`cadence` month or year) the Stripe Checkout URL.
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

/**
 * Signed in, free: 201 when it made or renewed the membership; 200 with the one that already entitles.
 * Paid: 200 `{checkoutUrl}`; 409 `already-subscribed` for a member who already pays. 409 `cannot-join-own-site` for the owner.
 * Signed out, `{email}` only: 202 `{mailed:true}` whether or not the address has an account; the mailed link joins the free tier and signs in.
 */
export const joinSite = endpoint<{ tierId: string; cadence?: Cadence } | { email: string }, undefined, { membership: MembershipView } | { checkoutUrl: string } | { mailed: true }>('POST', '/api/sites/:handle/join');
export const getSiteMembership = endpoint<undefined, undefined, { membership: MembershipView | null }>('GET', '/api/sites/:handle/membership');

/**
 * A new private RSS URL for the signed-in member (`/@{handle}/feed/{token}.xml`);
 * any earlier one stops working. 404 when the user is not a member whose membership entitles.
 */
export const createFeedToken = endpoint<undefined, undefined, { url: string }>('POST', '/api/sites/:handle/feed-token');
