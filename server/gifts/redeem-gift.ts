/**
 * Redeeming a gift: the signed-in reader becomes a comped member of its tier until its months end, with no renewal
 * (compMembership, the one writer of memberships; endExpiredComps ends it when the date passes). The gift row is
 * locked first, so the same code redeemed twice at once gives one membership: the second waits, then finds it
 * redeemed. Who already has what the gift gives is refused kindly and the gift stays unused for someone else
 * (docs/decisions/165): a member whom Stripe bills, or one comped for good or on a dearer tier. A comp on the
 * same tier with an end is made longer by the gift's months.
 */
import { and, eq } from 'drizzle-orm';
import { GIFT_CODE_PATTERN } from '../../common/gift-schemas.ts';
import { ENTITLING_STATUSES } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites, tiers } from '../../db/content-schema.ts';
import { gifts } from '../../db/earn-schema.ts';
import { hashToken } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { BILLED_STATUSES, compMembership, joinFreeTier } from '../memberships/index.ts';
import type { RecordActivity } from '../reports/index.ts';
import { refuseIfSuspended } from '../site-standing/index.ts';
import { addMonths } from './gift-terms.ts';

export interface RedeemedGift {
  membership: { tierId: string; tierName: string; endsAt: string };
}

const price = (tier: { monthlyPrice: number | null; yearlyPrice: number | null }) => tier.monthlyPrice ?? Math.round((tier.yearlyPrice ?? 0) / 12);

export function createRedeemGift({ db, clock, recordActivity }: { db: Database; clock: Clock; recordActivity: RecordActivity }) {
  /** `handle` holds the redemption to that site (its pages and its API); undefined: DESIGN.md's `/api/gifts/:code/redeem`. */
  return async function redeemGift(code: string, userId: string, handle?: string): Promise<RedeemedGift> {
    if (!GIFT_CODE_PATTERN.test(code)) throw new AppError('not-found', 404, 'code');
    const redeemed = await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ gift: gifts, site: { id: sites.id, ownerId: sites.ownerId, handle: sites.handle }, tier: { id: tiers.id, name: tiers.name, monthlyPrice: tiers.monthlyPrice, yearlyPrice: tiers.yearlyPrice } })
        .from(gifts)
        .innerJoin(sites, eq(sites.id, gifts.siteId))
        .innerJoin(tiers, eq(tiers.id, gifts.tierId))
        .where(and(eq(gifts.codeHash, hashToken(code)), handle === undefined ? undefined : eq(sites.handle, handle.toLowerCase())))
        .for('update', { of: gifts });
      if (!found) throw new AppError('not-found', 404, 'code');
      const { gift, site, tier } = found;
      if (gift.status === 'redeemed') throw new AppError('gift-redeemed', 409, 'code');
      if (gift.status === 'refunded') throw new AppError('gift-refunded', 409, 'code');
      await refuseIfSuspended(tx, site.id);
      if (site.ownerId === userId) throw new AppError('cannot-join-own-site', 409);
      const now = clock();
      const until = await compUntil(tx, { siteId: site.id, userId, tier, months: gift.months, now });
      const [membership] = await tx.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.siteId, site.id), eq(memberships.userId, userId)));
      const outcome = await compMembership(tx, { membershipId: membership!.id, siteId: site.id, tier, until, now, by: 'a gift' });
      if (outcome === 'billed-by-stripe') throw new AppError('gift-not-needed', 409);
      await tx.update(gifts).set({ status: 'redeemed', redeemedAt: now, redeemedByUserId: userId, endsAt: until }).where(eq(gifts.id, gift.id));
      await recordActivity(tx, { siteId: site.id, type: 'gift-redeemed', userId, detail: `${gift.months} ${gift.months === 1 ? 'month' : 'months'} of ${tier.name}`, occurredAt: now });
      return { tierId: tier.id, tierName: tier.name, endsAt: until.toISOString() };
    });
    return { membership: redeemed };
  };
}

/**
 * When the comp ends, after making sure there is a membership to comp (a free one, made or renewed). Refused
 * (`gift-not-needed`) for a member the gift would give nothing or take something from.
 */
async function compUntil(
  tx: Database,
  { siteId, userId, tier, months, now }: { siteId: string; userId: string; tier: { id: string; monthlyPrice: number | null; yearlyPrice: number | null }; months: number; now: Date },
): Promise<Date> {
  const [current] = await tx
    .select({ status: memberships.status, source: memberships.source, tierId: memberships.tierId, compExpiresAt: memberships.compExpiresAt, tierType: tiers.type, monthlyPrice: tiers.monthlyPrice, yearlyPrice: tiers.yearlyPrice })
    .from(memberships)
    .innerJoin(tiers, eq(tiers.id, memberships.tierId))
    .where(and(eq(memberships.siteId, siteId), eq(memberships.userId, userId)))
    .for('update', { of: memberships });
  const entitled = current && ENTITLING_STATUSES.includes(current.status);
  if (!current || !entitled) {
    const [free] = await tx.select({ id: tiers.id }).from(tiers).where(and(eq(tiers.siteId, siteId), eq(tiers.type, 'free')));
    if (!free) throw new AppError('not-found', 404);
    await joinFreeTier(tx, { siteId, userId, tierId: free.id, now });
    return addMonths(now, months);
  }
  // Stripe bills them (their card would be charged for what the gift makes free): keep the gift for someone else.
  if (BILLED_STATUSES.includes(current.status) && current.source === 'stripe') throw new AppError('gift-not-needed', 409);
  if (current.status !== 'comped' || current.tierType !== 'paid') return addMonths(now, months);
  if (current.compExpiresAt === null) throw new AppError('gift-not-needed', 409);
  if (current.tierId === tier.id) return addMonths(current.compExpiresAt.getTime() > now.getTime() ? current.compExpiresAt : now, months);
  // Comped on another paid tier until a date: the gift replaces it only when its tier is not the cheaper one.
  if (price(current) > price(tier)) throw new AppError('gift-not-needed', 409);
  return addMonths(now, months);
}

/** A gift of the site by its code, for the redeem page's look (tier, months, message, whether it still works). */
export async function giftByCode(db: Database, siteId: string, code: string) {
  if (!GIFT_CODE_PATTERN.test(code)) return undefined;
  const [row] = await db
    .select({ status: gifts.status, months: gifts.months, message: gifts.message, tierId: tiers.id, tierName: tiers.name })
    .from(gifts)
    .innerJoin(tiers, eq(tiers.id, gifts.tierId))
    .where(and(eq(gifts.siteId, siteId), eq(gifts.codeHash, hashToken(code))));
  return row;
}
