/**
 * site.json: the site's profile, its settings (who may comment and write),
 * the design (draft, published and every kept version), the tiers with
 * their Stripe product and price ids, the offers, the products and the tip
 * jar. Small whatever the site: read at once.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import { siteDesigns, siteDesignVersions } from '../../db/design-schema.ts';
import type { Site } from '../sites/index.ts';
import { exportedOffers, exportedProducts } from './export-earn.ts';
import type { ExportedSite } from './export-format.ts';

export async function exportedSite(db: Database, site: Site): Promise<ExportedSite> {
  const [design] = await db.select().from(siteDesigns).where(eq(siteDesigns.siteId, site.id));
  const versions = await db.select().from(siteDesignVersions).where(eq(siteDesignVersions.siteId, site.id)).orderBy(asc(siteDesignVersions.version));
  const tierRows = await db.select().from(tiers).where(eq(tiers.siteId, site.id)).orderBy(asc(tiers.position), asc(tiers.createdAt));
  return {
    site: {
      handle: site.handle,
      title: site.title,
      tagline: site.tagline,
      about: site.about,
      brandColor: site.brandColor,
      avatarMediaId: site.avatarMediaId,
      bannerMediaId: site.bannerMediaId,
      publishedAt: site.publishedAt?.toISOString() ?? null,
      createdAt: site.createdAt.toISOString(),
    },
    settings: { commentsFrom: site.commentsFrom, messagesFrom: site.messagesFrom, messageNotices: site.messageNotices, pastDueAccess: site.pastDueAccess },
    design: {
      // A null draft means the draft is the published design (db/design-schema.ts).
      draft: design?.draft ?? design?.published ?? null,
      published: design?.published ?? null,
      versions: versions.map((row) => ({ version: row.version, design: row.design, publishedAt: row.publishedAt.toISOString() })),
    },
    tiers: tierRows.map((row) => ({
      name: row.name,
      description: row.description,
      benefits: row.benefits,
      type: row.type,
      monthlyPrice: row.monthlyPrice,
      yearlyPrice: row.yearlyPrice,
      currency: row.currency,
      active: row.active,
      position: row.position,
      stripeProductId: row.stripeProductId,
      stripeMonthlyPriceId: row.stripeMonthlyPriceId,
      stripeYearlyPriceId: row.stripeYearlyPriceId,
      trialDays: row.trialDays,
    })),
    offers: await exportedOffers(db, site.id),
    products: await exportedProducts(db, site.id),
    tips: site.tips,
  };
}
