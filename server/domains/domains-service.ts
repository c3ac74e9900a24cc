/**
 * A site's custom domain (DESIGN.md "Your own domain"): add it, check its DNS
 * now or from the queue with back-off, remove it. Every change of what a
 * domain serves tells the site-change channel, which the Host lookup
 * (domain-directory.ts) and the page cache follow on every server.
 */
import { randomBytes } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { alternateHostname, normaliseHostname, type DomainView } from '../../common/domains.ts';
import type { Database } from '../../db/connect.ts';
import { domains } from '../../db/domain-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { JobQueue } from '../queue/queue.ts';
import type { SiteChanged } from '../sites/site-changes.ts';
import { findSiteByOwner } from '../sites/site-lookup.ts';
import { users } from '../../db/schema.ts';
import type { DnsChecker } from './dns-check.ts';
import { DOMAIN_CHECK_JOB, nextCheckDelaySeconds, ACTIVE_RECHECK_SECONDS, type DomainCheckJobData } from './domain-jobs.ts';

type DomainRow = typeof domains.$inferSelect;

export interface DomainsServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  dns: DnsChecker;
  /** The platform's own host: neither it nor its subdomains can be a site's domain. */
  platformHost: string;
  queue: Pick<JobQueue, 'send'>;
  siteChanged: SiteChanged;
  /** Brings this server's Host lookup up to date before the answer goes (other servers hear the NOTIFY). */
  refresh: (siteId: string) => Promise<void>;
}

export function toDomainView(row: DomainRow, dns: DnsChecker): DomainView {
  return {
    id: row.id,
    hostname: row.hostname,
    displayName: domainToUnicode(row.hostname) || row.hostname,
    status: row.status,
    records: row.records.length > 0 ? row.records.map((record) => ({ ...record, ok: record.state === 'found' })) : dns.expected(row.hostname, row.verificationToken),
    error: row.lastError,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    alternate: alternateHostname(row.hostname),
  };
}

export function createDomainsService({ db, clock, logger, dns, platformHost, queue, siteChanged, refresh }: DomainsServiceDeps) {
  async function siteOf(userId: string): Promise<string> {
    const site = await findSiteByOwner(db, userId);
    if (!site) throw new AppError('site-required', 409);
    return site.id;
  }

  /** The domain `id` of the user's own site; another site's id and an unknown one look the same. */
  async function ownDomain(userId: string, id: string): Promise<DomainRow> {
    const siteId = await siteOf(userId);
    const [row] = await db.select().from(domains).where(and(eq(domains.id, id), eq(domains.siteId, siteId)));
    if (!row) throw new AppError('not-found', 404);
    return row;
  }

  async function announce(siteId: string) {
    await siteChanged(siteId);
    await refresh(siteId);
  }

  /** Mail to the site's owner: the outbox renders it at send time from the domain's state then. */
  async function tellOwner(tx: Database, siteId: string, template: 'domain-live' | 'domain-broken') {
    const site = await tx.query.sites.findFirst({ where: (table, { eq: equals }) => equals(table.id, siteId), columns: { ownerId: true } });
    if (!site) return;
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, site.ownerId));
    if (owner) await enqueueMail(tx, { recipient: owner.email, template, userId: site.ownerId, siteId }, clock());
  }

  /**
   * Runs the DNS check of one domain and settles what it means: pending becomes
   * active once every record is right; an active domain whose records are gone
   * or wrong breaks (a DNS outage alone does not break it); a failed one comes
   * back when fixed. The creator hears of going live and of breaking.
   */
  async function runCheck(row: DomainRow, automatic: boolean): Promise<DomainRow> {
    const result = await dns.check(row.hostname, row.verificationToken);
    const now = clock();
    const wasActive = row.status === 'active';
    const status = result.ok ? 'active' : wasActive && result.inconclusive ? 'active' : wasActive || row.status === 'failed' ? 'failed' : 'pending';
    const attempts = result.ok ? 0 : automatic ? row.checkAttempts + 1 : row.checkAttempts;
    const delay = status === 'active' ? ACTIVE_RECHECK_SECONDS : nextCheckDelaySeconds(attempts);
    const gaveUp = status === 'pending' && delay === undefined;
    const finalStatus = gaveUp ? 'failed' : status;
    const nextCheckAt = delay === undefined ? null : new Date(now.getTime() + delay * 1000);
    const updated = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(domains)
        .set({
          status: finalStatus,
          records: result.records.map(({ ok: _ok, ...record }) => record),
          lastError: result.error,
          lastCheckedAt: now,
          checkAttempts: attempts,
          ...(finalStatus === 'active' && !wasActive ? { verifiedAt: now } : {}),
          // Check now keeps the queue's schedule; the queue's own run sets the next one.
          ...(automatic || row.nextCheckAt === null ? { nextCheckAt } : {}),
        })
        .where(eq(domains.id, row.id))
        .returning();
      if (!saved) return undefined;
      if ((automatic || row.nextCheckAt === null) && nextCheckAt) {
        await queue.send(DOMAIN_CHECK_JOB, { domainId: row.id, due: nextCheckAt.toISOString() } satisfies DomainCheckJobData, tx, { startAfterSeconds: delay! });
      }
      if (finalStatus === 'active' && !wasActive) await tellOwner(tx, row.siteId, 'domain-live');
      if (finalStatus === 'failed' && row.status !== 'failed') await tellOwner(tx, row.siteId, 'domain-broken');
      return saved;
    });
    if (!updated) throw new AppError('not-found', 404);
    if ((finalStatus === 'active') !== wasActive) {
      logger.info({ domain: row.hostname, status: finalStatus }, 'custom domain changed status');
      await announce(row.siteId);
    }
    return updated;
  }

  return {
    async mine(userId: string): Promise<DomainView | null> {
      const siteId = await siteOf(userId);
      const [row] = await db.select().from(domains).where(eq(domains.siteId, siteId));
      return row ? toDomainView(row, dns) : null;
    },

    async add(userId: string, input: string): Promise<DomainView> {
      const siteId = await siteOf(userId);
      const parsed = normaliseHostname(input, platformHost);
      if (!parsed.ok) throw new AppError('invalid-domain', 400, 'hostname', undefined, parsed.message);
      const { hostname } = parsed;
      const due = new Date(clock().getTime() + (nextCheckDelaySeconds(0) ?? 60) * 1000);
      const row = await db.transaction(async (tx) => {
        const existing = await tx.select({ siteId: domains.siteId }).from(domains).where(inArray(domains.hostname, [hostname, alternateHostname(hostname)]));
        if (existing.some((other) => other.siteId !== siteId)) throw new AppError('domain-taken', 409, 'hostname');
        const [created] = await tx
          .insert(domains)
          .values({ siteId, hostname, verificationToken: `creator-platform-verify=${randomBytes(16).toString('hex')}`, nextCheckAt: due })
          .onConflictDoNothing()
          .returning();
        // The site's unique index or the name's: a second domain for this site, or a race for the same name.
        if (!created) throw existing.length > 0 ? new AppError('domain-taken', 409, 'hostname') : new AppError('domain-exists', 409, 'hostname');
        await queue.send(DOMAIN_CHECK_JOB, { domainId: created.id, due: due.toISOString() } satisfies DomainCheckJobData, tx, { startAfterSeconds: nextCheckDelaySeconds(0) ?? 60 });
        return created;
      });
      return toDomainView(row, dns);
    },

    /** "Check now": the creator's own check, which does not count against the automatic ones. */
    async checkNow(userId: string, id: string): Promise<DomainView> {
      return toDomainView(await runCheck(await ownDomain(userId, id), false), dns);
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await ownDomain(userId, id);
      await db.delete(domains).where(eq(domains.id, row.id));
      await announce(row.siteId);
    },

    /** The queue's check: a job for a removed domain or for another time (a newer schedule) does nothing. */
    async runScheduledCheck({ domainId, due }: DomainCheckJobData): Promise<void> {
      const [row] = await db.select().from(domains).where(eq(domains.id, domainId));
      if (!row || row.nextCheckAt?.toISOString() !== due) return;
      await runCheck(row, true);
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
