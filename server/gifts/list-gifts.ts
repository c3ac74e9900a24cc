/**
 * The creator's gifts for the studio's Earn page: the gifts of their own site only (the site is found by its owner,
 * never named by the caller), newest first, with their sale, tier, buyer and redeemer, and the totals.
 */
import { alias } from 'drizzle-orm/pg-core';
import { desc, eq } from 'drizzle-orm';
import type { GiftView, listGifts } from '../../common/api/gifts.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import { gifts, sales } from '../../db/earn-schema.ts';
import { users } from '../../db/schema.ts';
import { findSiteByOwner, siteUrl } from '../sites/index.ts';

/** The studio shows the latest gifts; a creator with more reads them in Stripe's dashboard until paging is needed. */
const GIFTS_LISTED_MAX = 500;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function createListGifts({ db, appUrl }: { db: Database; appUrl: URL }) {
  const buyer = alias(users, 'buyer');
  const redeemer = alias(users, 'redeemer');

  return async function listGiftsOf(ownerId: string): Promise<AnswerOf<typeof listGifts>> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) return { gifts: [], totals: { sold: 0, redeemed: 0, revenue: 0, currency: null }, giftPageUrl: null };
    const rows = await db
      .select({ gift: gifts, amount: sales.amount, currency: sales.currency, buyerEmail: sales.buyerEmail, buyerName: buyer.displayName, redeemedByName: redeemer.displayName, tierName: tiers.name })
      .from(gifts)
      .innerJoin(sales, eq(sales.id, gifts.saleId))
      .innerJoin(tiers, eq(tiers.id, gifts.tierId))
      .leftJoin(buyer, eq(buyer.id, sales.buyerUserId))
      .leftJoin(redeemer, eq(redeemer.id, gifts.redeemedByUserId))
      .where(eq(gifts.siteId, site.id))
      .orderBy(desc(gifts.createdAt), desc(gifts.id))
      .limit(GIFTS_LISTED_MAX);
    const list: GiftView[] = rows.map(({ gift, ...row }) => ({
      id: gift.id,
      tierId: gift.tierId,
      tierName: row.tierName,
      months: gift.months,
      status: gift.status,
      amount: row.amount,
      currency: row.currency,
      buyerName: row.buyerName || null,
      buyerEmail: row.buyerEmail,
      recipientEmail: gift.recipientEmail,
      message: gift.message,
      sendAt: iso(gift.sendAt),
      sentAt: iso(gift.sentAt),
      redeemedAt: iso(gift.redeemedAt),
      redeemedByName: row.redeemedByName || null,
      endsAt: iso(gift.endsAt),
      createdAt: gift.createdAt.toISOString(),
    }));
    const kept = list.filter((gift) => gift.status !== 'refunded');
    return {
      gifts: list,
      totals: { sold: kept.length, redeemed: kept.filter((gift) => gift.status === 'redeemed').length, revenue: kept.reduce((sum, gift) => sum + gift.amount, 0), currency: list[0]?.currency ?? null },
      giftPageUrl: siteUrl(site, appUrl, '/gift'),
    };
  };
}
