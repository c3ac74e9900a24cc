/**
 * Whether a name lives on the public internet, by the Public Suffix List (its
 * ICANN part): a name under `.corp`, `.internal`, `.local`, `cluster.local`,
 * `.home.arpa` or any ending nobody registers under would be answered by the
 * operator's own DNS, if at all, and its answers are not the creator's to read.
 * RFC 6761's `.test` is taken too, so the tests' DNS server can serve names.
 * `tldts` says whether a suffix is on the list (`isIcann`); `tldts-icann`, used
 * here before, cannot: it takes an unknown last label as a suffix and says no more.
 */
import { parse } from 'tldts';
import type { HostnameProblem } from '../../common/domains.ts';

/** The problem of an already normalised name (common/domains.ts normaliseHostname), or undefined when it is public. */
export function publicNameProblem(hostname: string): Extract<HostnameProblem, 'not-public' | 'public-suffix'> | undefined {
  if (hostname.endsWith('.test')) return undefined;
  const parsed = parse(hostname, { detectSpecialUse: true, allowPrivateDomains: false });
  // `.arpa` is the internet's own plumbing (reverse lookups), never a site's name.
  if (!parsed.isIcann || parsed.isSpecialUse || parsed.publicSuffix?.split('.').at(-1) === 'arpa') return 'not-public';
  return parsed.domain ? undefined : 'public-suffix';
}
