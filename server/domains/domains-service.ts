/**
 * A site's custom domain (DESIGN.md "Your own domain"): add it, check its DNS
 * now or from the queue with back-off, remove it. Every change of what a
 * domain serves tells the site-change channel, which the Host lookup
 * (domain-directory.ts) and the page cache follow on every server.
 *
 * A claim blocks nobody (DESIGN.md "Release 4" > "Sessions on custom domains
 * (hardening)"): several sites may claim one name, each with its own token, and
 * the first to prove it holds it; a name is taken only while another site holds
 * it active. Claims that never prove are removed after UNPROVEN_CLAIM_DAYS.
 */
import { randomBytes } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alternateHostname, HOSTNAME_PROBLEMS, namesSharingTwins, normaliseHostname, type DomainPlatform, type DomainView } from '../../common/domains.ts';
import type { Database } from '../../db/connect.ts';
import { domains } from '../../db/domain-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { enqueueMail } from '../mail/index.ts';
import type { JobQueue } from '../queue/index.ts';
import { findSiteByOwner, type SiteChanged } from '../sites/index.ts';
import { users } from '../../db/schema.ts';
import type { DnsChecker } from './dns-check.ts';
import { DOMAIN_CHECK_JOB, nextCheckDelaySeconds, ACTIVE_RECHECK_SECONDS, UNPROVEN_CLAIM_DAYS, type DomainCheckJobData } from './domain-jobs.ts';
import { isLoopbackHost } from './loopback-host.ts';
import { publicNameProblem } from './public-names.ts';
import { hostLabel, zoneOf } from './record-plan.ts';

type DomainRow = typeof domains.$inferSelect;

const DAY_MS = 24 * 3600_000;

export interface DomainsServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  dns: DnsChecker;
  /** APP_URL: its host, its subdomains and its twin cannot be a site's domain (nor can the CNAME target's). */
  appUrl: URL;
  /** DOMAIN_IPS is set: an apex is pointed with A/AAAA records. */
  apexAddresses: boolean;
  queue: Pick<JobQueue, 'send'>;
  siteChanged: SiteChanged;
  /** Brings this server's Host lookup up to date before the answer goes (other servers hear the NOTIFY). */
  refresh: (siteId: string) => Promise<void>;
}

export function toDomainView(row: DomainRow, dns: DnsChecker): DomainView {
  const zone = zoneOf(row.hostname);
  const checked = row.records.length > 0 ? row.records.map((record) => ({ ...record, ok: record.state === 'found' })) : dns.expected(row.hostname, row.verificationToken);
  return {
    id: row.id,
    hostname: row.hostname,
    displayName: domainToUnicode(row.hostname) || row.hostname,
    zone,
    status: row.status,
    records: checked.map((record) => ({ ...record, host: hostLabel(record.name, zone) })),
    error: row.lastError,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    alternate: alternateHostname(row.hostname),
    expiresAt: row.verifiedAt ? null : new Date(row.createdAt.getTime() + UNPROVEN_CLAIM_DAYS * DAY_MS).toISOString(),
  };
}

/** The plain words of a claim that proved its name after another site did. */
function provenElsewhere(hostname: string): string {
  return `Another site proved ${hostname} first, and the domain is live there. If the domain is yours, remove that site's TXT record from _creator-platform.${hostname} at your DNS provider: the other site loses the domain at its next daily check, and yours can then go live.`;
}

/** The start-up line of a platform no custom domain can reach, in plain words with what to do. */
function loopbackWarning(appUrl: URL): string {
  return `Custom domains need a public address: APP_URL is ${appUrl.origin}, which only this machine can reach. Set APP_URL to the address people use (like https://creators.example.com) before creators add their own domains.`;
}

export function createDomainsService({ db, clock, logger, dns, appUrl, apexAddresses, queue, siteChanged, refresh }: DomainsServiceDeps) {
  const platformHosts = [appUrl.hostname, dns.cnameTarget];
  const platform: DomainPlatform = { appUrl: appUrl.origin, loopback: isLoopbackHost(appUrl.hostname), apexAddresses };
  // Said once, as the server starts: /domain says it to the creator too.
  if (platform.loopback) logger.warn(loopbackWarning(appUrl));

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

  /** Whether another site holds a name this domain would answer (its own or its twin). */
  async function heldByAnother(tx: Database, row: Pick<DomainRow, 'hostname' | 'siteId'>): Promise<boolean> {
    const held = await tx
      .select({ id: domains.id })
      .from(domains)
      .where(and(inArray(domains.hostname, namesSharingTwins(row.hostname)), eq(domains.status, 'active'), ne(domains.siteId, row.siteId)))
      .limit(1);
    return held.length > 0;
  }

  /**
   * Serialises the activations that could clash, even on two servers at once:
   * any two domains that share a name share a lock. The unique index on active
   * hostnames stays the last guard.
   */
  async function lockNames(tx: Database, hostname: string) {
    for (const name of [hostname, alternateHostname(hostname)].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`domain-name ${name}`}, 0))`);
    }
  }

  /**
   * Runs the DNS check of one domain and settles what it means: pending becomes
   * active once every record is right, unless another site proved the name
   * first; an active domain whose records are gone or wrong breaks (a DNS
   * outage alone does not break it); a failed one comes back when fixed. The
   * creator hears of going live and of breaking.
   */
  async function runCheck(row: DomainRow, automatic: boolean): Promise<DomainRow> {
    const result = await dns.check(row.hostname, row.verificationToken);
    const now = clock();
    const settled = await db.transaction(async (tx) => {
      // The row as it is now: a check on another server may have settled it while DNS answered.
      const [current] = await tx.select().from(domains).where(eq(domains.id, row.id)).for('update');
      if (!current) return undefined;
      const wasActive = current.status === 'active';
      if (result.ok && !wasActive) await lockNames(tx, current.hostname);
      const lost = result.ok && !wasActive && (await heldByAnother(tx, current));
      const proven = result.ok && !lost;
      const status = proven ? 'active' : wasActive && result.inconclusive ? 'active' : wasActive || current.status === 'failed' ? 'failed' : 'pending';
      const attempts = proven ? 0 : automatic ? current.checkAttempts + 1 : current.checkAttempts;
      const delay = status === 'active' ? ACTIVE_RECHECK_SECONDS : nextCheckDelaySeconds(attempts);
      const gaveUp = status === 'pending' && delay === undefined;
      const finalStatus = gaveUp ? 'failed' : status;
      const nextCheckAt = delay === undefined ? null : new Date(now.getTime() + delay * 1000);
      // Check now keeps the queue's schedule; the queue's own run sets the next one.
      const schedules = automatic || current.nextCheckAt === null;
      const [saved] = await tx
        .update(domains)
        .set({
          status: finalStatus,
          records: result.records.map(({ ok: _ok, ...record }) => record),
          lastError: lost ? provenElsewhere(current.hostname) : result.error,
          lastCheckedAt: now,
          checkAttempts: attempts,
          alternatePoints: result.alternatePoints ?? current.alternatePoints,
          ...(finalStatus === 'active' && !wasActive ? { verifiedAt: now } : {}),
          ...(schedules ? { nextCheckAt } : {}),
        })
        .where(eq(domains.id, row.id))
        .returning();
      if (schedules && nextCheckAt) {
        await queue.send(DOMAIN_CHECK_JOB, { domainId: row.id, due: nextCheckAt.toISOString() } satisfies DomainCheckJobData, tx, { startAfterSeconds: delay! });
      }
      if (finalStatus === 'active' && !wasActive) await tellOwner(tx, row.siteId, 'domain-live');
      if (finalStatus === 'failed' && current.status !== 'failed') await tellOwner(tx, row.siteId, 'domain-broken');
      return { saved: saved!, before: current };
    });
    if (!settled) throw new AppError('not-found', 404);
    const { saved, before } = settled;
    const servesNow = saved.status === 'active';
    if (servesNow !== (before.status === 'active')) logger.info({ domain: row.hostname, status: saved.status }, 'custom domain changed status');
    // What the Host lookup serves: the domain, and its twin once that points here too.
    if (servesNow !== (before.status === 'active') || (servesNow && saved.alternatePoints !== before.alternatePoints)) await announce(row.siteId);
    return saved;
  }

  return {
    /** What APP_URL and DOMAIN_IPS mean for a custom domain, for /domain to explain. */
    platform,

    async mine(userId: string): Promise<DomainView | null> {
      const siteId = await siteOf(userId);
      const [row] = await db.select().from(domains).where(eq(domains.siteId, siteId));
      return row ? toDomainView(row, dns) : null;
    },

    async add(userId: string, input: string): Promise<DomainView> {
      const siteId = await siteOf(userId);
      const parsed = normaliseHostname(input, platformHosts);
      if (!parsed.ok) throw new AppError('invalid-domain', 400, 'hostname', undefined, parsed.message);
      const { hostname } = parsed;
      const problem = publicNameProblem(hostname);
      if (problem) throw new AppError('invalid-domain', 400, 'hostname', undefined, HOSTNAME_PROBLEMS[problem]);
      const now = clock();
      const due = new Date(now.getTime() + (nextCheckDelaySeconds(0) ?? 60) * 1000);
      const row = await db.transaction(async (tx) => {
        // Only a name live for another site is taken; its pending and failed claims block nobody.
        if (await heldByAnother(tx, { hostname, siteId })) throw new AppError('domain-taken', 409, 'hostname');
        const [created] = await tx
          .insert(domains)
          .values({ siteId, hostname, verificationToken: `creator-platform-verify=${randomBytes(16).toString('hex')}`, nextCheckAt: due, createdAt: now })
          .onConflictDoNothing()
          .returning();
        // A claim is pending, so only the site's own unique index can refuse it: one domain per site.
        if (!created) throw new AppError('domain-exists', 409, 'hostname');
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

    /** The clean-up job's part: claims never proven within UNPROVEN_CLAIM_DAYS are removed; returns how many. */
    async forgetExpiredClaims(): Promise<number> {
      const before = new Date(clock().getTime() - UNPROVEN_CLAIM_DAYS * DAY_MS);
      const expired = await db
        .delete(domains)
        .where(and(isNull(domains.verifiedAt), ne(domains.status, 'active'), lt(domains.createdAt, before)))
        .returning({ id: domains.id });
      return expired.length;
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
