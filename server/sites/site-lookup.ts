/**
 * The one place a site is found from a handle or from its owner, with its
 * active custom domain if it has one (DESIGN.md "Your own domain"); the Host
 * lookup of a domain is server/domains/domain-directory.ts.
 */
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { domains } from '../../db/domain-schema.ts';

export type Site = typeof sites.$inferSelect & {
  /** The site's active custom domain; its pages and links live there (site-url.ts). Absent where a row was read without it. */
  domain?: string | null;
};

/** Joins a site's active custom domain, for any query that reads `sites` and links to its pages. */
export const activeDomainOfSite = and(eq(domains.siteId, sites.id), eq(domains.status, 'active'));

const withDomain = (db: Database) => db.select({ ...getTableColumns(sites), domain: domains.hostname }).from(sites).leftJoin(domains, activeDomainOfSite);

export async function findSiteByHandle(db: Database, handle: string): Promise<Site | undefined> {
  const [site] = await withDomain(db).where(eq(sites.handle, handle.toLowerCase())).limit(1);
  return site;
}

export async function findSiteByOwner(db: Database, ownerId: string): Promise<Site | undefined> {
  const [site] = await withDomain(db).where(eq(sites.ownerId, ownerId)).limit(1);
  return site;
}
