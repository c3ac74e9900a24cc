/** The operator's part of Config: what a custom domain must point at and who checks, and the server's own backups. */
import type { Environment } from './environment.ts';

/** DESIGN.md "Configuration added in release 3": what a custom domain must point at, and who checks. */
export interface DomainsConfig {
  cnameTarget: string;
  ips: readonly string[];
  /** `host:port` of the DNS server; undefined: the system's. */
  resolver: string | undefined;
  timeoutMs: number;
}

/** Backups the server takes itself (DESIGN.md "Backups (hardening)", docs/decisions/128-backups.md). */
export interface BackupsConfig {
  /** Cron, in UTC; undefined: no scheduled backups. */
  schedule: string | undefined;
  /** The newest scheduled backups kept; older ones are deleted after each new one. */
  keep: number;
}

export function readDomains(env: Environment, appUrl: URL): DomainsConfig {
  return {
    cnameTarget: (env.DOMAIN_CNAME_TARGET ?? appUrl.hostname).toLowerCase(),
    ips: (env.DOMAIN_IPS ?? '').split(',').map((ip) => ip.trim()).filter(Boolean),
    resolver: env.DNS_RESOLVER,
    timeoutMs: env.DNS_TIMEOUT_MS,
  };
}

export function readBackups(env: Environment): BackupsConfig {
  return { schedule: env.BACKUP_SCHEDULE?.trim(), keep: env.BACKUP_KEEP };
}
