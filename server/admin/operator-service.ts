/**
 * The operator's /admin (issue 20): the platform's counts, the sites with a
 * search, and suspending a site, with words for its creator. A suspension is
 * announced with `siteChanged` in its transaction, so every server drops the
 * site's cached pages (docs/decisions/074) and reads its domain again; every
 * channel asks server/site-standing on each request, so it holds at once
 * everywhere (docs/decisions/124).
 */
import { count, desc, eq, ilike, or, sql, sum } from 'drizzle-orm';
import type { AdminSite, AdminStats } from '../../common/api/admin.ts';
import type { Database } from '../../db/connect.ts';
import { media, memberships, posts, sites } from '../../db/content-schema.ts';
import { siteSuspensions } from '../../db/reports-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import type { BackupService } from '../backups/index.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { SiteChanged } from '../sites/index.ts';

const SITES_PAGE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `%` and `_` typed into the search are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export interface OperatorServiceDeps {
  db: Database;
  clock: Clock;
  siteChanged: SiteChanged;
  /** Reads the site's domain again on this server once the change has committed (the directory's copy, for TLS). */
  refresh: (siteId: string) => Promise<void>;
  /** The instance's backup, which the CLI fetches through the admin API on the embedded database (docs/decisions/128). */
  backups: BackupService;
}

export function createOperatorService({ db, clock, siteChanged, refresh, backups }: OperatorServiceDeps) {
  async function stats(): Promise<AdminStats> {
    const [[siteCount], [creatorCount], [memberCount], [postCount], [storage], [mailSent]] = await Promise.all([
      db.select({ value: count() }).from(sites),
      db.select({ value: count() }).from(users).where(eq(users.role, 'creator')),
      db.select({ value: count() }).from(memberships),
      db.select({ value: count() }).from(posts),
      db.select({ value: sum(media.bytes).mapWith(Number) }).from(media),
      db.select({ value: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'sent')),
    ]);
    return {
      sites: siteCount?.value ?? 0,
      creators: creatorCount?.value ?? 0,
      members: memberCount?.value ?? 0,
      posts: postCount?.value ?? 0,
      storageBytes: storage?.value ?? 0,
      emailsSent: mailSent?.value ?? 0,
    };
  }

  async function listSites(search: string): Promise<AdminSite[]> {
    const text = search.trim().slice(0, 100);
    const matches = text ? or(ilike(sites.handle, likePattern(text)), ilike(sites.title, likePattern(text)), ilike(users.email, likePattern(text))) : undefined;
    const rows = await db
      .select({
        id: sites.id,
        handle: sites.handle,
        title: sites.title,
        ownerEmail: users.email,
        createdAt: sites.createdAt,
        publishedAt: sites.publishedAt,
        suspendedAt: siteSuspensions.suspendedAt,
        members: sql<number>`(select count(*) from ${memberships} where ${memberships.siteId} = ${sites.id})`.mapWith(Number),
      })
      .from(sites)
      .innerJoin(users, eq(users.id, sites.ownerId))
      .leftJoin(siteSuspensions, eq(siteSuspensions.siteId, sites.id))
      .where(matches)
      .orderBy(desc(sites.createdAt), desc(sites.id))
      .limit(SITES_PAGE);
    return rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
    }));
  }

  /** Suspends (again: the words change, the date stays) or restores a site. */
  async function setSuspended(siteId: string, suspension: { reason: string } | undefined, adminId: string): Promise<void> {
    if (!UUID.test(siteId)) throw new AppError('not-found', 404);
    await db.transaction(async (tx) => {
      const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for('update');
      if (!site) throw new AppError('not-found', 404);
      if (suspension) {
        await tx
          .insert(siteSuspensions)
          .values({ siteId, reason: suspension.reason, suspendedBy: adminId, suspendedAt: clock() })
          .onConflictDoUpdate({ target: siteSuspensions.siteId, set: { reason: suspension.reason } });
      } else {
        await tx.delete(siteSuspensions).where(eq(siteSuspensions.siteId, siteId));
      }
      await siteChanged(siteId, tx);
    });
    await refresh(siteId);
  }

  return { stats, listSites, setSuspended, takeBackup: backups.takeForDownload };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
