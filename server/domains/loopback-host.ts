/**
 * Whether APP_URL names this machine only: `localhost` (and its subdomains,
 * RFC 6761), 127.0.0.0/8 or ::1, an IPv4-mapped loopback address too. Such a
 * platform can serve no one's custom domain, since a domain must point at an
 * address the internet reaches; /domain and the start-up log say so (issue 29).
 */
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** `hostname` as URL.hostname spells it (an IPv6 address in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const family = isIP(name);
  return family !== 0 && LOOPBACK.check(name, family === 6 ? 'ipv6' : 'ipv4');
}
