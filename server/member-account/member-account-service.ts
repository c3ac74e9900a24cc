/**
 * A member's own side of a site: their membership as the account page shows
 * it, the private feed token (made, rotated, resolved), leaving a free
 * membership, and the Stripe billing portal for a paid one. Every call names
 * the site and the signed-in user; another member's membership is never reached.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Cadence, MembershipSource, MembershipStatus, TierType } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { isEntitled, standingColumns, type ReaderStanding } from '../access/index.ts';
import { users } from '../../db/schema.ts';
import { hashToken } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { endMembership, setEmailSubscription, setFeedTokenHash } from '../memberships/index.ts';
import type { StripeForSite } from '../payments/index.ts';
import { siteUrl, type Site } from '../sites/index.ts';

/** 32 random bytes, base64url: 43 characters. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface MemberAccount {
  id: string;
  tierName: string;
  tierType: TierType;
  status: MembershipStatus;
  source: MembershipSource;
  cadence: Cadence | null;
  amount: number | null;
  currency: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  compExpiresAt: Date | null;
  /** Whether it opens anything now (the access rule's own test). */
  entitled: boolean;
  /** Paid through Stripe: billing and leaving go through the billing portal. */
  billedByStripe: boolean;
  hasFeed: boolean;
  /** Whether the member gets the site's posts by e-mail (they turn it off by a mail's unsubscribe link, or here). */
  subscribedToEmails: boolean;
}

export function feedUrl(appUrl: URL, site: Pick<Site, 'handle' | 'domain'>, token: string): string {
  return siteUrl(site, appUrl, `/feed/${token}.xml`);
}

export function createMemberAccountService({ db, clock, appUrl, stripeForSite }: { db: Database; clock: Clock; appUrl: URL; stripeForSite: StripeForSite }) {
  async function account(site: Site, userId: string): Promise<MemberAccount | undefined> {
    const [row] = await db
      .select({
        id: memberships.id,
        tierName: tiers.name,
        tierType: tiers.type,
        status: memberships.status,
        source: memberships.source,
        cadence: memberships.cadence,
        amount: memberships.amount,
        currency: memberships.currency,
        currentPeriodEnd: memberships.currentPeriodEnd,
        cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
        compExpiresAt: memberships.compExpiresAt,
        stripeSubscriptionId: memberships.stripeSubscriptionId,
        feedTokenHash: memberships.feedTokenHash,
        subscribedToEmails: memberships.subscribedToEmails,
      })
      .from(memberships)
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(memberships.siteId, site.id), eq(memberships.userId, userId)))
      .limit(1);
    if (!row) return undefined;
    const { feedTokenHash, stripeSubscriptionId, ...rest } = row;
    const entitled = isEntitled({ status: row.status, compExpiresAt: row.compExpiresAt, pastDueAccess: site.pastDueAccess }, clock());
    return { ...rest, entitled, billedByStripe: row.source === 'stripe' && stripeSubscriptionId !== null, hasFeed: feedTokenHash !== null };
  }

  return {
    account,

    /** The member's own name, given later by a fan who joined with an address alone (docs/decisions/145). */
    async setName(userId: string, fullName: string): Promise<void> {
      await db.update(users).set({ fullName, displayName: fullName.split(/\s+/)[0] ?? fullName }).where(eq(users.id, userId));
    },

    /** The member's own newsletter switch for this site. */
    async setNewsletters(site: Site, userId: string, on: boolean): Promise<void> {
      await setEmailSubscription(db, { siteId: site.id, userId }, on, clock());
    },

    /** A new private feed URL; the old one, if any, stops working at once. Only while the membership entitles. */
    async rotateFeedToken(site: Site, userId: string): Promise<string> {
      const current = await account(site, userId);
      if (!current?.entitled) throw new AppError('not-found', 404);
      const token = randomBytes(32).toString('base64url');
      await setFeedTokenHash(db, { membershipId: current.id, siteId: site.id }, hashToken(token), clock());
      return feedUrl(appUrl, site, token);
    },

    /** The standing behind a feed token, or undefined when the token is unknown or its membership no longer entitles. */
    async feedReader(site: Site, token: string): Promise<ReaderStanding | undefined> {
      if (!FEED_TOKEN.test(token)) return undefined;
      const [row] = await db
        .select(standingColumns)
        .from(memberships)
        .innerJoin(tiers, eq(tiers.id, memberships.tierId))
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.siteId, site.id), eq(memberships.feedTokenHash, hashToken(token))))
        .limit(1);
      const membership = row ? { ...row, pastDueAccess: site.pastDueAccess } : null;
      return isEntitled(membership, clock()) ? { isOwner: false, membership } : undefined;
    },

    /**
     * Ends a membership that Stripe does not bill, now: status canceled, its
     * feed token gone, an `ended` event in its history. A paid one ends
     * through the billing portal, so Stripe stops charging first.
     */
    async leave(site: Site, userId: string): Promise<void> {
      const current = await account(site, userId);
      if (!current?.entitled) throw new AppError('not-found', 404);
      if (current.billedByStripe) throw new AppError('forbidden', 403);
      const now = clock();
      await db.transaction((tx) => endMembership(tx, { membershipId: current.id, siteId: site.id, now, detail: 'Left the site', forgetFeedToken: true }));
    },

    /** A Stripe billing portal session on the creator's account for the member's customer; its URL. */
    async billingPortalUrl(site: Site, userId: string): Promise<string> {
      const [row] = await db
        .select({ customer: memberships.stripeCustomerId, source: memberships.source, account: paymentAccounts.stripeAccountId })
        .from(memberships)
        .innerJoin(paymentAccounts, eq(paymentAccounts.siteId, memberships.siteId))
        .where(and(eq(memberships.siteId, site.id), eq(memberships.userId, userId)))
        .limit(1);
      if (!row || row.source !== 'stripe' || !row.customer) throw new AppError('not-found', 404);
      // The site's own key, or the platform's Connect client on the connected account (server/payments/site-stripe.ts).
      const stripe = await stripeForSite(site.id);
      if (!stripe || stripe.accountId !== row.account) throw new AppError('service-unavailable', 503);
      const returnUrl = siteUrl(site, appUrl, '/account');
      try {
        const session = await stripe.client.billingPortal.sessions.create({ customer: row.customer, return_url: returnUrl }, { stripeAccount: stripe.stripeAccount });
        return session.url;
      } catch {
        // Stripe unreachable or refusing: nothing was made on our side, the member may try again.
        throw new AppError('service-unavailable', 503);
      }
    },
  };
}

export type MemberAccountService = ReturnType<typeof createMemberAccountService>;
