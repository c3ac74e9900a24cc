/**
 * The storage quota of a site (SITE_STORAGE_QUOTA_BYTES, ISSUE15 item 5;
 * docs/decisions/062-site-storage-quota.md): what a site holds is the sum of
 * its items' original sizes, whatever their status; an unfinished upload
 * counts at its declared length, so its room is taken when it is created.
 */
import { eq, sql, sum } from 'drizzle-orm';
import { media } from '../../db/content-schema.ts';
import type { Transaction } from '../../db/transaction.ts';


/**
 * Whether `bytes` more fit in the site's quota (0: no quota), asked inside the
 * transaction that then inserts the item: the site's lock, held until that
 * transaction ends, keeps two uploads created at once from both taking the
 * last room, on one server or several.
 */
export async function fitsInQuota(tx: Transaction, siteId: string, bytes: number, quotaBytes: number): Promise<boolean> {
  if (quotaBytes === 0) return true;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media-quota:${siteId}`}, 0))`);
  const [row] = await tx.select({ stored: sum(media.bytes) }).from(media).where(eq(media.siteId, siteId));
  return Number(row?.stored ?? 0) + bytes <= quotaBytes;
}
