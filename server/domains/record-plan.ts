/**
 * The records that point a name at the platform, as the creator adds them at
 * their DNS provider (DESIGN.md "Your own domain", issue 29). DNS lets no CNAME
 * stand at a zone's apex beside its SOA and NS records (RFC 1034 §3.6.2), and
 * providers refuse one there, so an apex gets A/AAAA records to DOMAIN_IPS;
 * without them, an ALIAS to the CNAME target, which providers that have one
 * (ALIAS, ANAME, CNAME flattening) turn into addresses themselves. Any other
 * name gets a CNAME, unless the target is itself an address: no CNAME may
 * name an address. Every record also carries its host the way DNS providers'
 * forms label it: "@" for the registered domain, the labels before it otherwise.
 */
import { isIP } from 'node:net';
import { getDomain } from 'tldts';
import type { DomainRecord } from '../../common/domains.ts';
import { isApex } from './apex.ts';

export interface PointingConfig {
  cnameTarget: string;
  /** DOMAIN_IPS. */
  ips: readonly string[];
}

export type PlannedRecord = Pick<DomainRecord, 'type' | 'name' | 'value'>;

/** The addresses a name may point at with A/AAAA records: DOMAIN_IPS, or the target when it is an address. */
export function platformAddresses({ cnameTarget, ips }: PointingConfig): readonly string[] {
  if (ips.length > 0) return ips;
  return isIP(cnameTarget) ? [cnameTarget] : [];
}

/** The records that point `name` at the platform. */
export function pointingRecords(name: string, config: PointingConfig): PlannedRecord[] {
  const addresses = platformAddresses(config);
  if (addresses.length > 0 && (isApex(name) || isIP(config.cnameTarget))) {
    return addresses.map((ip) => ({ type: isIP(ip) === 6 ? 'AAAA' : 'A', name, value: ip }));
  }
  return [{ type: isApex(name) ? 'ALIAS' : 'CNAME', name, value: config.cnameTarget }];
}

/** The domain the creator registered, where their DNS provider keeps the records: `example.co.uk` for `fans.example.co.uk`. */
export function zoneOf(hostname: string): string {
  return getDomain(hostname) ?? hostname;
}

/** A record's name as a provider's "Host" field takes it: "@" for the zone itself, `www`, `_creator-platform.fans`. */
export function hostLabel(name: string, zone: string): string {
  if (name === zone) return '@';
  return name.endsWith(`.${zone}`) ? name.slice(0, -(zone.length + 1)) : name;
}
