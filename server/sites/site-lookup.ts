/**
 * The one place a site is found from a handle or from its owner (DESIGN.md:
 * custom domains and subdomains come later and will add their lookup here).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';

export type Site = typeof sites.$inferSelect;

export async function findSiteByHandle(db: Database, handle: string): Promise<Site | undefined> {
  const [site] = await db.select().from(sites).where(eq(sites.handle, handle.toLowerCase())).limit(1);
  return site;
}

export async function findSiteByOwner(db: Database, ownerId: string): Promise<Site | undefined> {
  const [site] = await db.select().from(sites).where(eq(sites.ownerId, ownerId)).limit(1);
  return site;
}
