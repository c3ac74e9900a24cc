/**
 * The DNS proof of a custom domain (DESIGN.md "Your own domain"): the `TXT`
 * record `_creator-platform.{host}` holds the domain's token, the host points
 * at the platform (record-plan.ts: a `CNAME` to DOMAIN_CNAME_TARGET, an apex's
 * `A`/`AAAA` to DOMAIN_IPS, or its `ALIAS`, which answers with the target's
 * own addresses), and no `CAA` record forbids the CA the proxy uses. Each record
 * gets its own state and every failure its plain words. Lookups go through
 * node:dns's resolver (c-ares) at DNS_RESOLVER with a bounded timeout and
 * tries, so a dead DNS server costs one bounded wait, never a hung job.
 * What the lookups found is shown back to the creator, except what tells of
 * the network the resolver sits in: a private address or a name off the
 * public internet is named by its kind, never itself.
 */
import { Resolver } from 'node:dns/promises';
import { alternateHostname, DOMAIN_PROOF_LABEL, type DomainRecord } from '../../common/domains.ts';
import { isPrivateAddress } from '../address-guard/index.ts';
import { publicNameProblem } from './public-names.ts';
import { platformAddresses, pointingRecords } from './record-plan.ts';

/** The CA Caddy's on-demand TLS asks first; a CAA record must allow it. */
export const CERTIFICATE_AUTHORITY = 'letsencrypt.org';

/** More CNAME hops than any real setup uses: past it, the chain is treated as a loop. */
const MAX_CNAME_HOPS = 8;

export interface DnsCheckConfig {
  /** `host:port`; undefined uses the system's resolvers. */
  server: string | undefined;
  cnameTarget: string;
  ips: readonly string[];
  /** One try's wait for an answer. */
  timeoutMs: number;
}

/** A record as a check sees it; its provider-style host is the view's (domains-service.ts). */
export type CheckedRecord = Omit<DomainRecord, 'host'>;

export interface DnsCheckResult {
  ok: boolean;
  records: CheckedRecord[];
  /** The first problem in plain words; null when the domain passed. */
  error: string | null;
  /** True when DNS itself failed (timeout, SERVFAIL): the records say nothing, so an active domain is not called broken for it. */
  inconclusive: boolean;
  /** Whether the `www.`/apex twin points at the platform too; undefined when its lookup failed and says nothing. */
  alternatePoints: boolean | undefined;
}

/** A lookup failure that is not "there is no such record": the plain words say what the reader can do. */
class LookupFailure extends Error {
  override name = 'LookupFailure';
  /** False for a failure the records themselves cause (a CNAME loop): that one breaks an active domain. */
  readonly inconclusive: boolean;
  constructor(message: string, inconclusive = true) {
    super(message);
    this.inconclusive = inconclusive;
  }
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'ENONAME']);

function lookupFailure(error: unknown, name: string): LookupFailure {
  const code = (error as { code?: string }).code;
  if (code === 'ESERVFAIL') return new LookupFailure(`The DNS servers of ${name} answered with an error (SERVFAIL). Check the domain at your DNS provider; we will keep trying.`);
  if (code === 'ETIMEOUT' || code === 'ECONNREFUSED' || code === 'ECANCELLED') return new LookupFailure(`The DNS servers of ${name} did not answer in time. We will keep trying.`);
  return new LookupFailure(`We could not look up ${name} (${code ?? 'unknown error'}). We will keep trying.`);
}

/** The answer to one query, or [] when the name has no such record. */
async function records<T>(query: () => Promise<T[]>, name: string): Promise<T[]> {
  try {
    return await query();
  } catch (error) {
    if (NO_RECORD.has((error as { code?: string }).code ?? '')) return [];
    throw lookupFailure(error, name);
  }
}

const sameName = (a: string, b: string) => a.replace(/\.$/, '').toLowerCase() === b.replace(/\.$/, '').toLowerCase();

const PRIVATE_NAME = 'a private name';
const PRIVATE_ADDRESS = 'a private address';

/** A name from a CNAME answer as it may be shown: one off the public internet is only what the resolver's own network knows. */
const shownName = (name: string) => (publicNameProblem(name.replace(/\.$/, '').toLowerCase()) ? PRIVATE_NAME : name);

export function createDnsChecker(config: DnsCheckConfig) {
  const resolver = new Resolver({ timeout: config.timeoutMs, tries: 2 });
  if (config.server) resolver.setServers([config.server]);
  const target = config.cnameTarget.toLowerCase();
  const plan = { cnameTarget: target, ips: config.ips };
  const configuredAddresses = platformAddresses(plan);

  /** The addresses a name may answer with: DOMAIN_IPS, else the target's own now (what an ALIAS or a flattened CNAME answers). */
  async function allowedAddresses(): Promise<readonly string[]> {
    if (configuredAddresses.length > 0) return configuredAddresses;
    const [v4, v6] = await Promise.all([records(() => resolver.resolve4(target), target), records(() => resolver.resolve6(target), target)]);
    return [...v4, ...v6];
  }

  /** The CNAME chain from `name`, as far as it goes; a loop is a failure in words. */
  async function cnameChain(name: string): Promise<string[]> {
    const chain: string[] = [];
    let current = name;
    for (let hop = 0; hop < MAX_CNAME_HOPS; hop++) {
      const [next] = await records(() => resolver.resolveCname(current), current);
      if (!next) return chain;
      if (sameName(next, name) || chain.some((seen) => sameName(seen, next))) {
        throw new LookupFailure(`The CNAME records of ${name} form a loop (${[name, ...chain, next].map(shownName).join(' → ')}). Fix them at your DNS provider.`, false);
      }
      chain.push(next.toLowerCase());
      current = next;
    }
    throw new LookupFailure(`The CNAME records of ${name} go through more than ${MAX_CNAME_HOPS} names. Point ${name} at ${target} directly.`, false);
  }

  /** The records that point `name` at the platform, with their states from the last lookup. */
  async function pointing(name: string, optional: boolean): Promise<{ records: CheckedRecord[]; problem: string | null }> {
    const wanted = pointingRecords(name, plan).map((record): CheckedRecord => ({ ...record, ok: false, state: 'missing', ...(optional ? { optional } : {}) }));
    const settle = (state: DomainRecord['state'], found?: string[]) => wanted.map((record) => ({ ...record, ok: state === 'found', state, ...(found ? { found } : {}) }));

    const chain = await cnameChain(name);
    if (chain.length > 0) {
      if (chain.some((hop) => sameName(hop, target))) return { records: settle('found'), problem: null };
      const shown = shownName(chain[0]!);
      return { records: settle('wrong', [shown]), problem: `${name} points elsewhere (to ${shown}). Change its CNAME record to ${target}.` };
    }
    const [v4, v6] = await Promise.all([records(() => resolver.resolve4(name), name), records(() => resolver.resolve6(name), name)]);
    const addresses = [...v4, ...v6];
    if (addresses.length === 0) {
      return { records: settle('missing'), problem: `We found no record for ${name} yet. If you just added it, it may still be propagating: that can take up to an hour.` };
    }
    const allowed = new Set(await allowedAddresses());
    if (allowed.size > 0 && addresses.every((address) => allowed.has(address))) return { records: settle('found'), problem: null };
    const expected = wanted[0]!.type === 'A' || wanted[0]!.type === 'AAAA' ? wanted.map((record) => record.value).join(', ') : target;
    // The platform's own addresses may be private (an operator's internal network): those are shown on the page anyway.
    const shown = addresses.filter((address) => allowed.has(address) || !isPrivateAddress(address));
    if (shown.length === 0) return { records: settle('wrong', [PRIVATE_ADDRESS]), problem: `${name} points at a private address, which no one can reach from the internet. Point it at ${expected}.` };
    const found = shown.length < addresses.length ? [...shown, PRIVATE_ADDRESS] : shown;
    return { records: settle('wrong', found), problem: `${name} points elsewhere (to ${found.join(', ')}). Point it at ${expected}.` };
  }

  /** The closest CAA record set above `name` (RFC 8659 §3); whether it lets our CA issue. */
  async function caa(name: string): Promise<CheckedRecord | undefined> {
    const labels = name.split('.');
    for (let start = 0; start < labels.length - 1; start++) {
      const at = labels.slice(start).join('.');
      const found = await records(() => resolver.resolveCaa(at), at);
      const issuers = found.filter((record) => record.issue !== undefined || record.issuewild !== undefined);
      if (issuers.length === 0) continue;
      const allows = issuers.some((record) => (record.issue ?? '').split(';')[0]!.trim().toLowerCase() === CERTIFICATE_AUTHORITY);
      if (allows) return undefined;
      return { type: 'CAA', name: at, value: `0 issue "${CERTIFICATE_AUTHORITY}"`, ok: false, state: 'wrong', found: issuers.map((record) => `issue "${record.issue ?? record.issuewild}"`) };
    }
    return undefined;
  }

  /** The records to show before any check. */
  function expected(hostname: string, token: string): CheckedRecord[] {
    const pointAt = (name: string, optional: boolean): CheckedRecord[] => pointingRecords(name, plan).map((record) => ({ ...record, ok: false, state: 'unchecked', ...(optional ? { optional } : {}) }));
    return [{ type: 'TXT', name: `${DOMAIN_PROOF_LABEL}.${hostname}`, value: token, ok: false, state: 'unchecked' }, ...pointAt(hostname, false), ...pointAt(alternateHostname(hostname), true)];
  }

  return {
    /** What a custom domain's CNAME must name: the platform's own, never a site's domain. */
    cnameTarget: target,

    /** The records to show before any check. */
    expected,

    async check(hostname: string, token: string): Promise<DnsCheckResult> {
      const proofName = `${DOMAIN_PROOF_LABEL}.${hostname}`;
      try {
        const [txt, main, alternate, caaRecord] = await Promise.all([
          records(() => resolver.resolveTxt(proofName), proofName),
          pointing(hostname, false),
          // The alternate name is optional: its own failure never holds the domain back.
          pointing(alternateHostname(hostname), true).then(
            (twin) => ({ records: twin.records, points: twin.problem === null }),
            (error: unknown) => ({ records: [] as CheckedRecord[], points: error instanceof LookupFailure && !error.inconclusive ? false : undefined }),
          ),
          caa(hostname),
        ]);
        const values = txt.map((chunks) => chunks.join(''));
        const proofOk = values.includes(token);
        const proof: CheckedRecord = { type: 'TXT', name: proofName, value: token, ok: proofOk, state: proofOk ? 'found' : values.length ? 'wrong' : 'missing', ...(values.length && !proofOk ? { found: values } : {}) };
        const problem = !proofOk
          ? values.length
            ? `The TXT record at ${proofName} holds another value. Copy the value shown here exactly.`
            : `We found no TXT record at ${proofName} yet. If you just added it, it may still be propagating: that can take up to an hour.`
          : (main.problem ??
            (caaRecord ? `The CAA records of ${caaRecord.name} do not let ${CERTIFICATE_AUTHORITY} issue certificates for your domain. Add a CAA record: ${caaRecord.value}.` : null));
        return {
          ok: problem === null,
          records: [proof, ...main.records, ...alternate.records, ...(caaRecord ? [caaRecord] : [])],
          error: problem,
          inconclusive: false,
          alternatePoints: alternate.points,
        };
      } catch (error) {
        if (!(error instanceof LookupFailure)) throw error;
        return { ok: false, records: expected(hostname, token), error: error.message, inconclusive: error.inconclusive, alternatePoints: undefined };
      }
    },

    /** Cancels lookups in flight, at server stop. */
    close(): void {
      resolver.cancel();
    },
  };
}

export type DnsChecker = ReturnType<typeof createDnsChecker>;
