/**
 * The one lookup from a request's `Host` to what answers it: the platform, a
 * site on its active custom domain, or the other of `www.` and the apex, which
 * redirects. Every active domain is held in memory, so the lookup costs no
 * query (bench/domain.bench.ts); the copy follows the database through the
 * site-change channel (server/sites/site-changes.ts), which the domains
 * service tells on every change of a domain, so every server hears of it
 * within a second and a removed domain stops answering at once.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { domains } from '../../db/domain-schema.ts';
import { alternateHostname } from '../../common/domains.ts';
import { siteIsSuspendedColumn } from '../site-standing/index.ts';

export interface DomainSite {
  siteId: string;
  handle: string;
  /** The domain the creator chose; the alternate name redirects to it. */
  hostname: string;
  /** The operator suspended the site: its pages answer 410 there, and its names get no certificate (docs/decisions/124). */
  suspended: boolean;
}

export type HostAnswer = { kind: 'platform' } | { kind: 'site'; site: DomainSite } | { kind: 'redirect'; to: string };

const PLATFORM: HostAnswer = { kind: 'platform' };

/**
 * A `Host` header as a name: lowercase, without its port or a trailing dot.
 * Anything that is not a plain DNS name (an IPv6 literal, junk) returns ''.
 */
export function hostName(header: string | undefined): string {
  if (!header) return '';
  const name = header.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(name) ? name : '';
}

export function createDomainDirectory({ db, platformHost }: { db: Database; platformHost: string }) {
  const bySite = new Map<string, DomainSite>();
  const byHost = new Map<string, HostAnswer>();
  const byHandle = new Map<string, string>();
  let loaded: Promise<void> | undefined;
  let ready = false;

  function forget(siteId: string) {
    const known = bySite.get(siteId);
    if (!known) return;
    bySite.delete(siteId);
    byHandle.delete(known.handle);
    byHost.delete(known.hostname);
    byHost.delete(alternateHostname(known.hostname));
  }

  function remember({ alternatePoints, ...site }: DomainSite & { alternatePoints: boolean }) {
    bySite.set(site.siteId, site);
    byHandle.set(site.handle, site.hostname);
    byHost.set(site.hostname, { kind: 'site', site });
    // Another site may not hold the alternate name (the service refuses it), so it is this site's redirect,
    // once the checks found it pointing here too: until then it is not the site's to answer or certify.
    if (alternatePoints) byHost.set(alternateHostname(site.hostname), { kind: 'redirect', to: site.hostname });
  }

  const activeDomains = (siteId?: string) =>
    db
      .select({ siteId: domains.siteId, hostname: domains.hostname, handle: sites.handle, alternatePoints: domains.alternatePoints, suspended: siteIsSuspendedColumn(sites.id) })
      .from(domains)
      .innerJoin(sites, eq(sites.id, domains.siteId))
      .where(siteId ? and(eq(domains.status, 'active'), eq(domains.siteId, siteId)) : eq(domains.status, 'active'));

  async function loadAll() {
    const rows = await activeDomains();
    bySite.clear();
    byHost.clear();
    byHandle.clear();
    for (const row of rows) remember(row);
    ready = true;
  }

  async function reload(siteId: string) {
    const [row] = await activeDomains(siteId);
    forget(siteId);
    if (row) remember(row);
  }

  const ensureLoaded = () => (loaded ??= loadAll().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  }));

  return {
    /** What answers `host` (already through hostName()); unknown names are the platform's, as before custom domains. Undefined until loaded. */
    lookupNow(host: string): HostAnswer | undefined {
      if (!ready) return undefined;
      return (host !== platformHost && byHost.get(host)) || PLATFORM;
    },
    /** lookupNow(), loading the copy first if needed. */
    async lookup(host: string): Promise<HostAnswer> {
      if (!ready) await ensureLoaded();
      return this.lookupNow(host)!;
    },
    /** Whether the proxy may get a certificate for `host`: an active domain, its alternate name once that points here, or the platform. Undefined until loaded. */
    tlsAllowedNow(host: string): boolean | undefined {
      if (host === platformHost) return true;
      if (!ready) return undefined;
      const answer = byHost.get(host);
      // A suspended site's names, its twin's too, get no certificate (docs/decisions/124).
      const named = answer?.kind === 'redirect' ? byHost.get(answer.to) : answer;
      return named !== undefined && !(named.kind === 'site' && named.site.suspended);
    },
    async tlsAllowed(host: string): Promise<boolean> {
      if (!ready) await ensureLoaded();
      return this.tlsAllowedNow(host)!;
    },
    /** The active domain of a site, if it has one. */
    async domainOf(siteId: string): Promise<string | undefined> {
      if (!ready) await ensureLoaded();
      return bySite.get(siteId)?.hostname;
    },
    /** The active domain of the site at `/@{handle}` (lowercase), for the 301 to it; call after lookup(). */
    domainOfHandle(handle: string): string | undefined {
      return byHandle.get(handle);
    },
    /** Reads one site's domain again now (this server's own change, before its answer goes). */
    refresh(siteId: string): Promise<void> {
      return ready ? reload(siteId) : ensureLoaded();
    },
    /** A site changed (undefined: any may have): its domain is read again. */
    siteChanged(siteId: string | undefined): void {
      const refresh = siteId === undefined ? loadAll() : ready ? reload(siteId) : ensureLoaded();
      // A failed refresh leaves the copy to the next full load: drop readiness so the next request reloads.
      refresh.catch(() => {
        ready = false;
        loaded = undefined;
      });
    },
  };
}

export type DomainDirectory = ReturnType<typeof createDomainDirectory>;
