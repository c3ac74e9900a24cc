/**
 * A custom domain as the creator types it, checked the same way in the studio
 * and on the server (DESIGN.md "Your own domain"). The WHATWG URL parser does
 * the IDNA work in both places, so an IDN is stored as punycode.
 */

export type DomainStatus = 'pending' | 'active' | 'failed';
export type RecordState = 'found' | 'missing' | 'wrong' | 'unchecked';

export interface DomainRecord {
  /** `ALIAS`: an apex pointed at a name, which DNS providers call ALIAS, ANAME or CNAME flattening (an apex holds no CNAME). */
  type: 'TXT' | 'CNAME' | 'A' | 'AAAA' | 'CAA' | 'ALIAS';
  /** The whole name. */
  name: string;
  /** The name as providers' "Host" (or "Name") field takes it: "@" for the registered domain, else the labels before it. */
  host: string;
  value: string;
  /** True once the last check found it as it should be. */
  ok: boolean;
  state: RecordState;
  /** What the last check found instead, for a `wrong` record. */
  found?: string[];
  /** The other of `www.` and the apex: it redirects once added, and the domain goes live without it. */
  optional?: boolean;
}

export interface DomainView {
  id: string;
  /** ASCII, as stored (punycode for an IDN). */
  hostname: string;
  /** The same name in Unicode, for people. */
  displayName: string;
  /** The registered domain the records go in (`example.co.uk` for `fans.example.co.uk`), where the DNS provider keeps them. */
  zone: string;
  status: DomainStatus;
  records: DomainRecord[];
  /** The last check's problem in plain words. */
  error: string | null;
  lastCheckedAt: string | null;
  verifiedAt: string | null;
  /** The other of `www.` and the apex, which redirects here once it points at the platform too. */
  alternate: string;
  /** When an unproven claim is removed (ISO); null once the domain was proven. */
  expiresAt: string | null;
}

/** What the platform's own settings mean for custom domains, for /domain to explain (GET /api/domains). */
export interface DomainPlatform {
  /** APP_URL, as this server knows it. */
  appUrl: string;
  /** APP_URL names this machine only (localhost, 127.0.0.0/8, ::1): no one else can reach a domain pointed at it. */
  loopback: boolean;
  /** DOMAIN_IPS is set: an apex is pointed with A/AAAA records; unset, only with an ALIAS, or through `www.`. */
  apexAddresses: boolean;
}

export const DOMAIN_PROOF_LABEL = '_creator-platform';

/**
 * What the creator pasted, cut to the host it names: a scheme, a user, a port,
 * a path, a query or a fragment around it is dropped (`https://www.Example.com/path?x`
 * is `www.example.com`), as the studio's field shows it when left and as the
 * server reads it (common/domain-schemas.ts). What is left is checked by normaliseHostname.
 */
export function cleanHostnameInput(input: string): string {
  let text = input.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^\/\//, '');
  text = text.split(/[/?#\\]/, 1)[0]!;
  text = text.slice(text.lastIndexOf('@') + 1);
  // A port after a name, an IPv4 address or a bracketed IPv6 one (which keeps its own colons, and is refused as an address).
  text = text.startsWith('[') ? text.replace(/^(\[[^\]]*\]):\d*$/, '$1') : text.replace(/^([^:]*):\d*$/, '$1');
  return text.toLowerCase();
}

export type HostnameProblem = 'empty' | 'ip' | 'localhost' | 'single-label' | 'platform' | 'too-long' | 'bad-characters' | 'not-public' | 'public-suffix';

export const HOSTNAME_PROBLEMS: Record<HostnameProblem, string> = {
  empty: 'Enter your domain, like example.com or blog.example.com.',
  ip: 'That is an IP address. Enter a domain name, like example.com.',
  localhost: 'localhost only works on your own computer. Enter a domain you own, like example.com.',
  'single-label': 'Enter the whole domain with its ending, like example.com.',
  platform: 'That address belongs to this platform. Enter a domain you own.',
  'too-long': 'That domain is too long: at most 253 characters, and at most 63 between two dots.',
  'bad-characters': 'A domain has only letters, digits, hyphens and dots, like blog.example.com.',
  'not-public': 'That name is not on the public internet: endings such as .local, .corp or .internal only work inside a private network. Enter a domain you registered, like example.com.',
  'public-suffix': 'That is an ending under which people register domains, not a domain itself. Enter the whole domain you registered, like example.co.uk.',
};

export type HostnameCheck = { ok: true; hostname: string } | { ok: false; problem: HostnameProblem; message: string };

const refuse = (problem: HostnameProblem): HostnameCheck => ({ ok: false, problem, message: HOSTNAME_PROBLEMS[problem] });

/** A label of letters (any script), digits and inner hyphens. */
const LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?$/u;
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The stored form of what the creator typed, or why it cannot be a site's domain.
 * A pasted URL is cut to its host (cleanHostnameInput). `platformHosts` (the platform's own host, the
 * CNAME target), their subdomains and their `www.`/apex twins are the platform's own.
 * Whether the name is public (the public suffix list) is the server's check:
 * server/domains/public-names.ts.
 */
export function normaliseHostname(input: string, platformHosts: readonly string[]): HostnameCheck {
  const typed = cleanHostnameInput(input).replace(/\.$/, '');
  if (typed === '') return refuse('empty');
  if (typed.startsWith('[') || typed.includes(':') || /^[0-9.]+$/.test(typed)) return refuse('ip');
  const labels = typed.split('.');
  if (!labels.every((label) => LABEL.test(label))) return refuse('bad-characters');
  // A numeric last label is an IPv4 address to every resolver (and to the URL parser), never a top-level domain.
  if (/^[0-9]+$/.test(labels.at(-1)!)) return refuse('ip');
  let ascii: string;
  try {
    ascii = new URL(`http://${typed}/`).hostname;
  } catch {
    return refuse('bad-characters');
  }
  const asciiLabels = ascii.split('.');
  if (ascii.length > 253 || asciiLabels.some((label) => label.length > 63)) return refuse('too-long');
  if (!asciiLabels.every((label) => ASCII_LABEL.test(label))) return refuse('bad-characters');
  if (asciiLabels.length < 2) return refuse(ascii === 'localhost' ? 'localhost' : 'single-label');
  if (ascii === 'localhost' || ascii.endsWith('.localhost')) return refuse('localhost');
  const platform = (host: string) => ascii.endsWith(`.${host}`) || twinsOverlap(ascii, host);
  if (platformHosts.some((host) => platform(host.toLowerCase()))) return refuse('platform');
  return { ok: true, hostname: ascii };
}

/** `www.example.com` <-> `example.com`: the name that redirects to the one the creator chose. */
export function alternateHostname(hostname: string): string {
  return hostname.startsWith('www.') ? hostname.slice(4) : `www.${hostname}`;
}

/** Whether two domains would answer a common name, each with its `www.`/apex twin. */
export function twinsOverlap(a: string, b: string): boolean {
  const names = new Set([a, alternateHostname(a)]);
  return names.has(b) || names.has(alternateHostname(b));
}

/**
 * Every hostname whose domain would share a name with `hostname`'s: the names a
 * site may not hold while another site holds `hostname`. Not simply the pair,
 * since `www.www.example.com`'s twin is `www.example.com`, whose twin is `example.com`.
 */
export function namesSharingTwins(hostname: string): string[] {
  const candidates = [hostname, alternateHostname(hostname)].flatMap((name) => [name, `www.${name}`, ...(name.startsWith('www.') ? [name.slice(4)] : [])]);
  return [...new Set(candidates)].filter((other) => twinsOverlap(hostname, other));
}
