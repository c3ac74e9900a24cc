/**
 * The creator's gifts for the studio's Earn page: the gifts of their own site only (the site is found by its owner,
 * never named by the caller), newest first and a page at a time, with their sale, tier, buyer and redeemer, and the
 * totals of all of them, counted by the database rather than from the page.
 */
import { alias } from 'drizzle-orm/pg-core';
import { desc, eq, sql } from 'drizzle-orm';
import type { GiftView, listGifts } from '../../common/api/gifts.ts';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import { gifts, sales } from '../../db/earn-schema.ts';
import { users } from '../../db/schema.ts';
import { refundedOf } from '../sales/index.ts';
import { findSiteByOwner, siteUrl } from '../sites/index.ts';

/** Gifts a page: as many as the tips and sales lists show. */
const GIFTS_PAGE_SIZE = 50;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function createListGifts({ db, appUrl }: { db: Database; appUrl: URL }) {
  const buyer = alias(users, 'buyer');
  const redeemer = alias(users, 'redeemer');

  /** Gifts not refunded: how many, how many redeemed, what they brought less partial refunds, and the newest one's currency (a site sells in one). */
  async function totalsOf(siteId: string) {
    const kept = sql`${gifts.status} <> 'refunded'`;
    const [row] = await db
      .select({
        sold: sql<number>`count(*) filter (where ${kept})`.mapWith(Number),
        redeemed: sql<number>`count(*) filter (where ${gifts.status} = 'redeemed')`.mapWith(Number),
        // Less what partial refunds gave back (a whole refund makes the gift `refunded`, left out above).
        revenue: sql<number>`coalesce(sum(${sales.amount} - ${refundedOf}) filter (where ${kept}), 0)`.mapWith(Number),
        currency: sql<string | null>`(array_agg(${sales.currency} order by ${gifts.createdAt} desc))[1]`,
      })
      .from(gifts)
      .innerJoin(sales, eq(sales.id, gifts.saleId))
      .where(eq(gifts.siteId, siteId));
    return { sold: row?.sold ?? 0, redeemed: row?.redeemed ?? 0, revenue: row?.revenue ?? 0, currency: row?.currency ?? null };
  }

  return async function listGiftsOf(ownerId: string, page = 1): Promise<AnswerOf<typeof listGifts>> {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) return { gifts: [], hasMore: false, totals: { sold: 0, redeemed: 0, revenue: 0, currency: null }, giftPageUrl: null };
    const listing = db
      .select({ gift: gifts, amount: sales.amount, currency: sales.currency, buyerEmail: sales.buyerEmail, buyerName: buyer.displayName, redeemedByName: redeemer.displayName, tierName: tiers.name })
      .from(gifts)
      .innerJoin(sales, eq(sales.id, gifts.saleId))
      .innerJoin(tiers, eq(tiers.id, gifts.tierId))
      .leftJoin(buyer, eq(buyer.id, sales.buyerUserId))
      .leftJoin(redeemer, eq(redeemer.id, gifts.redeemedByUserId))
      .where(eq(gifts.siteId, site.id))
      .orderBy(desc(gifts.createdAt), desc(gifts.id))
      .limit(GIFTS_PAGE_SIZE + 1)
      .offset((page - 1) * GIFTS_PAGE_SIZE);
    const [rows, totals] = await Promise.all([listing, totalsOf(site.id)]);
    const list: GiftView[] = rows.slice(0, GIFTS_PAGE_SIZE).map(({ gift, ...row }) => ({
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
    return { gifts: list, hasMore: rows.length > GIFTS_PAGE_SIZE, totals, giftPageUrl: siteUrl(site, appUrl, '/gift') };
  };
}
