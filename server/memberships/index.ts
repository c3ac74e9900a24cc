/**
 * Memberships: the one writer of the `memberships` table and of each
 * membership's history (`membership_events`), which Recent Activity, the
 * member's page and the figures read (STYLE.md "Release 4", docs/decisions/125).
 * Every change here writes its history row in the caller's transaction, once:
 * each write names the state it changes, so a retried request, a webhook
 * delivered twice or a second server doing the same finds nothing left to do.
 * Other features call these; none writes either table itself
 * (only-writer.test.ts holds them to it).
 */
export { billedSubscription, payingMembersOf } from './billed-subscriptions.ts';
export { createCheckout, type CheckoutDeps, type CheckoutRequest, type StartCheckout } from './checkout.ts';
export { BILLED_STATUSES, compMembership, type Comp, type CompOutcome } from './comp-membership.ts';
export { cancelRenewal, endMembership, type Ending } from './end-membership.ts';
export { endExpiredComps } from './expire-comps.ts';
export { importMemberships, insertImportedMemberships, type ImportedMembership } from './import-memberships.ts';
export { joinFreeTier, type FreeJoin } from './join-free.ts';
export { setCreatorFields, setEmailSubscription, setFeedTokenHash, type CreatorFields, type MembershipKey } from './membership-settings.ts';
export { membershipWebhookHandlers } from './membership-webhooks.ts';
export { removeImportedMemberships } from './remove-imported.ts';
export { mapStripePrices, tiersOfStripePrices } from './stripe-price-tiers.ts';
export { createSubscriptionSync, type SubscriptionSync } from './subscription-sync.ts';
