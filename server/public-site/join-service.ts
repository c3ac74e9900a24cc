/**
 * Joining a site, free or paid, and reading one's membership of it. A paid
 * join answers the Stripe Checkout URL; the webhooks make the membership. A user keeps
 * their role (a creator may be a member of another creator's site); the owner
 * cannot join their own. A membership that already entitles is left as it is;
 * a lapsed one (canceled, expired) is renewed on the free tier.
 */
import { and, eq } from 'drizzle-orm';
import type { MembershipView } from '../../common/api/site-membership.ts';
import { looksLikeHandle } from '../../common/handles.ts';
import { isUuid } from '../../common/post-schemas.ts';
import { ENTITLING_STATUSES, type Cadence } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import type { LinkSignIn } from '../auth/index.ts';
import type { RequestContext } from '../http/index.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { NoteNewMember } from '../member-notices/index.ts';
import { joinFreeTier, type StartCheckout } from '../memberships/index.ts';
import { findSiteByHandle, type Site } from '../sites/index.ts';
import { refuseIfSuspended } from '../site-standing/index.ts';

type MembershipRow = typeof memberships.$inferSelect;

export function toMembershipView(row: MembershipRow): MembershipView {
  return {
    id: row.id,
    tierId: row.tierId,
    status: row.status,
    cadence: row.cadence,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

export type JoinAnswer = { membership: MembershipView; created: boolean } | { checkoutUrl: string };

/** `noteNewMember` hears of each free membership that begins, for the creator's notices (server/member-notices). */
export function createJoinService({ db, clock, startCheckout, noteNewMember, links }: { db: Database; clock: Clock; startCheckout: StartCheckout; noteNewMember: NoteNewMember; links: Pick<LinkSignIn, 'mailLink'> }) {
  /** A published site by handle; unknown or unpublished is 404 to everyone. */
  async function publishedSite(handle: string): Promise<Site> {
    // A handle that cannot be one costs no query (and text Postgres cannot take, such as U+0000, never reaches it).
    const site = looksLikeHandle(handle.toLowerCase()) ? await findSiteByHandle(db, handle) : undefined;
    if (!site?.publishedAt) throw new AppError('not-found', 404);
    // Nobody joins a site the operator suspended, nor reads their membership of it (docs/decisions/124).
    await refuseIfSuspended(db, site.id);
    return site;
  }

  async function membershipOf(site: Site, userId: string): Promise<MembershipRow | undefined> {
    const [row] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.siteId, site.id), eq(memberships.userId, userId)))
      .limit(1);
    return row;
  }

  return {
    publishedSite,

    /**
     * A visitor's one-field join of the free tier (docs/decisions/145): mails the link that joins and signs in.
     * The same for every address; 404 for a site without a free tier.
     */
    async mailJoinLink(handle: string, email: string, context: RequestContext): Promise<void> {
      const site = await publishedSite(handle);
      const [free] = await db
        .select({ id: tiers.id })
        .from(tiers)
        .where(and(eq(tiers.siteId, site.id), eq(tiers.type, 'free'), eq(tiers.active, true)))
        .limit(1);
      if (!free) throw new AppError('not-found', 404);
      await links.mailLink({ email, siteId: site.id, template: 'join-site', context });
    },

    async membership(handle: string, userId: string): Promise<MembershipView | null> {
      const site = await publishedSite(handle);
      const row = await membershipOf(site, userId);
      return row ? toMembershipView(row) : null;
    },

    /**
     * The free tier: the membership (`created` false when an entitling one was already there).
     * A paid tier: the Checkout URL, unless the member already pays (they change plan from their account page);
     * `signedOut` when the address was typed by someone not signed in (Checkout takes the address, never the saved customer).
     */
    async join(handle: string, userId: string, tierId: string, cadence: Cadence = 'month', { signedOut = false }: { signedOut?: boolean } = {}): Promise<JoinAnswer> {
      const site = await publishedSite(handle);
      if (site.ownerId === userId) throw new AppError('cannot-join-own-site', 409);
      if (!isUuid(tierId)) throw new AppError('invalid-input', 400, 'tierId');
      const [tier] = await db
        .select({ id: tiers.id, type: tiers.type, stripeMonthlyPriceId: tiers.stripeMonthlyPriceId, stripeYearlyPriceId: tiers.stripeYearlyPriceId })
        .from(tiers)
        .where(and(eq(tiers.id, tierId), eq(tiers.siteId, site.id), eq(tiers.active, true)))
        .limit(1);
      if (!tier) throw new AppError('not-found', 404);
      if (tier.type === 'paid') {
        const existing = await membershipOf(site, userId);
        if (existing?.source === 'stripe' && ENTITLING_STATUSES.includes(existing.status)) throw new AppError('already-subscribed', 409);
        return startCheckout({ site, userId, tier, cadence, signedOut });
      }
      const now = clock();
      const written = await db.transaction(async (tx) => {
        // The membership and its `joined` row (server/memberships); undefined when one that entitles was there.
        const row = await joinFreeTier(tx, { siteId: site.id, userId, tierId: tier.id, now });
        // A new membership, or a lapsed one begun again: either way the creator has a new member.
        if (row) await noteNewMember(tx, { siteId: site.id, membershipId: row.id, kinds: ['member'], occurredAt: now });
        return row;
      });
      if (written) return { membership: toMembershipView(written), created: true };
      const existing = await membershipOf(site, userId);
      if (!existing) throw new AppError('not-found', 404);
      return { membership: toMembershipView(existing), created: false };
    },
  };
}

export type JoinService = ReturnType<typeof createJoinService>;
