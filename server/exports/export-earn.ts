/**
 * site.json's offers and products (format version 2): each offer names its tier by name, as members.csv does, and
 * each product names its cover and files by their entries under media/, so the reader maps them to the media it
 * imported. Small whatever the site (a creator has tens of offers and products): read at once.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { media, tiers } from '../../db/content-schema.ts';
import { offers, productFiles, products } from '../../db/earn-schema.ts';
import type { ExportedOffer, ExportedProduct } from './export-format.ts';
import { mediaPath } from './export-media.ts';

export async function exportedOffers(db: Database, siteId: string): Promise<ExportedOffer[]> {
  const rows = await db
    .select({ offer: offers, tier: tiers.name })
    .from(offers)
    .innerJoin(tiers, eq(tiers.id, offers.tierId))
    .where(eq(offers.siteId, siteId))
    .orderBy(asc(offers.createdAt), asc(offers.code));
  return rows.map(({ offer, tier }) => ({
    name: offer.name,
    code: offer.code,
    kind: offer.kind,
    percentOff: offer.percentOff,
    amountOff: offer.amountOff,
    currency: offer.currency,
    trialDays: offer.trialDays,
    duration: offer.duration,
    durationMonths: offer.durationMonths,
    endsAt: offer.endsAt?.toISOString() ?? null,
    redemptionLimit: offer.redemptionLimit,
    redemptions: offer.redemptions,
    archived: offer.archivedAt !== null,
    tier,
    stripeCouponId: offer.stripeCouponId,
  }));
}

export async function exportedProducts(db: Database, siteId: string): Promise<ExportedProduct[]> {
  const rows = await db.select().from(products).where(eq(products.siteId, siteId)).orderBy(asc(products.createdAt), asc(products.slug));
  if (rows.length === 0) return [];
  const files = await db
    .select({ productId: productFiles.productId, mediaId: productFiles.mediaId })
    .from(productFiles)
    .where(
      inArray(
        productFiles.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(productFiles.position), asc(productFiles.mediaId));
  const mediaIds = [...new Set([...files.map((file) => file.mediaId), ...rows.flatMap((row) => (row.coverMediaId ? [row.coverMediaId] : []))])];
  const named = mediaIds.length === 0 ? [] : await db.select({ id: media.id, originalName: media.originalName }).from(media).where(inArray(media.id, mediaIds));
  const pathOf = new Map(named.map((row) => [row.id, mediaPath(row)]));
  return rows.map((row) => ({
    title: row.title,
    slug: row.slug,
    description: row.description,
    price: row.price,
    currency: row.currency,
    status: row.status,
    cover: row.coverMediaId ? (pathOf.get(row.coverMediaId) ?? null) : null,
    files: files.filter((file) => file.productId === row.id).flatMap((file) => pathOf.get(file.mediaId) ?? []),
  }));
}
