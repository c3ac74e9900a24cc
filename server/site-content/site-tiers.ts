/** The tiers a site offers (join page, a design's tiers and join sections), in the creator's order. */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import type { TierRow } from '../rendering/index.ts';

export async function activeSiteTiers(db: Database, siteId: string): Promise<TierRow[]> {
  return db
    .select({ id: tiers.id, name: tiers.name, description: tiers.description, benefits: tiers.benefits, type: tiers.type, monthlyPrice: tiers.monthlyPrice, yearlyPrice: tiers.yearlyPrice, currency: tiers.currency })
    .from(tiers)
    .where(and(eq(tiers.siteId, siteId), eq(tiers.active, true)))
    .orderBy(asc(tiers.position), asc(tiers.createdAt));
}
