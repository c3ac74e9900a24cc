/**
 * Issue 27, item 3: anyone could block a brand's domain. An unproven claim of
 * a name answered the real owner's claim with 409 for ever. Against real
 * parts (a real DNS server named by DNS_RESOLVER, two servers on one
 * database): claims block nobody, the first to prove a name with its own
 * token gets it even when two servers check at once, claims that never prove
 * expire after 7 days, and the `www.`/apex twin is served and certified only
 * once it points at the platform too.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainView } from '../../common/domains.ts';
import { domains } from '../../db/domain-schema.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { requestWithHost } from '../support/host-request.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';
const PLATFORM_IP = '203.0.113.10';
const DAY = 24 * 3600_000;

type DomainAnswer = { domain: DomainView; error?: { code: string; message: string } };

let dns: TestDnsServer;
let server: TestServer;
let other: TestServer;
let env: Record<string, string>;

/** One GET with the given Host, no redirect followed: the proxy's view of the app. */
async function withHost(on: TestServer, path: string, host: string): Promise<{ status: number; location: string | undefined; body: string }> {
  const answer = await requestWithHost(on, path, { host });
  return { status: answer.status, location: answer.headers.location as string | undefined, body: answer.body };
}

const tlsAllowed = async (on: TestServer, name: string) => (await withHost(on, `/internal/tls-allowed?domain=${name}`, new URL(on.url).host)).status;

const claim = (on: TestServer, owner: Creator, hostname: string) => sendJson<DomainAnswer>(on, owner.client, 'POST', '/api/domains', { hostname });
const checkNow = (on: TestServer, owner: Creator, id: string) => sendJson<DomainAnswer>(on, owner.client, 'POST', `/api/domains/${id}/check`);
const tokenOf = (domain: DomainView) => domain.records.find((record) => record.type === 'TXT')!.value;

/** The zone as a DNS provider would hold it: the proof TXT record (one value per token) and the name pointing at the platform. */
function publish(hostname: string, ...tokens: string[]) {
  dns.set(`_creator-platform.${hostname}`, tokens.map((data) => ({ type: 'TXT' as const, data })));
  dns.set(hostname, [{ type: 'CNAME', domain: TARGET }]);
}

beforeAll(async () => {
  dns = await startDnsServer();
  env = { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DOMAIN_IPS: PLATFORM_IP, DNS_TIMEOUT_MS: '200' };
  server = await startTestServer({ env });
  other = await startTestServer({ env, shareWith: server });
});

afterAll(async () => {
  await other?.stop();
  await server?.stop();
  await dns?.close();
});

describe('claims block nobody', () => {
  it("lets the real owner claim a name a squatter claimed first; the owner's proof wins, and the squatter's own proof later is told plainly", async () => {
    const squatter = await creatorWithSite(server);
    const owner = await creatorWithSite(server);
    const name = 'alice-brand.test';
    const squat = await claim(server, squatter, name);
    expect(squat.status).toBe(201);
    // The attack: this answered 409 domain-taken, for ever.
    const real = await claim(server, owner, name);
    expect(real.status).toBe(201);
    expect(tokenOf(real.body.domain)).not.toBe(tokenOf(squat.body.domain));

    publish(name, tokenOf(real.body.domain));
    expect((await checkNow(server, owner, real.body.domain.id)).body.domain).toMatchObject({ status: 'active', error: null, expiresAt: null });
    // Even with its token beside the owner's in DNS, the squatter's claim does not take the live name.
    publish(name, tokenOf(real.body.domain), tokenOf(squat.body.domain));
    const late = await checkNow(server, squatter, squat.body.domain.id);
    expect(late.body.domain.status).toBe('pending');
    expect(late.body.domain.error).toContain(`Another site proved ${name}`);
    expect((await withHost(server, '/', name)).body).toContain(`The ${owner.handle} site`);

    // A name live for another site, or its twin, is taken.
    const third = await creatorWithSite(server);
    for (const hostname of [name, `www.${name}`]) {
      const taken = await claim(server, third, hostname);
      expect([taken.status, taken.body.error?.code], hostname).toEqual([409, 'domain-taken']);
    }
  });

  it('gives a name proven by two sites on two servers at the same moment to exactly one of them', async () => {
    const [first, second] = await Promise.all([creatorWithSite(server), creatorWithSite(server)]);
    const name = 'race.test';
    const [a, b] = await Promise.all([claim(server, first, name), claim(other, second, name)]);
    publish(name, tokenOf(a.body.domain), tokenOf(b.body.domain));
    const [checkedA, checkedB] = await Promise.all([checkNow(server, first, a.body.domain.id), checkNow(other, second, b.body.domain.id)]);
    expect([checkedA.status, checkedB.status]).toEqual([200, 200]);
    const answers = [checkedA.body.domain, checkedB.body.domain];
    expect(answers.map((domain) => domain.status).sort()).toEqual(['active', 'pending']);
    expect(answers.find((domain) => domain.status === 'pending')!.error).toContain(`Another site proved ${name}`);
    const active = await server.handle.db.select().from(domains).where(and(eq(domains.hostname, name), eq(domains.status, 'active')));
    expect(active).toHaveLength(1);
    const winner = active[0]!.siteId === first.siteId ? first : second;
    await expect.poll(async () => (await withHost(other, '/', name)).body).toContain(`The ${winner.handle} site`);
    expect((await withHost(server, '/', name)).body).toContain(`The ${winner.handle} site`);
  });

  it("does not let a pending claim of a live domain's twin go live when its own records are right", async () => {
    const [apexOwner, wwwClaimer] = await Promise.all([creatorWithSite(server), creatorWithSite(server)]);
    const apex = await claim(server, apexOwner, 'twin-brand.test');
    const www = await claim(server, wwwClaimer, 'www.twin-brand.test');
    expect([apex.status, www.status]).toEqual([201, 201]);
    dns.set('_creator-platform.twin-brand.test', [{ type: 'TXT', data: tokenOf(apex.body.domain) }]);
    dns.set('twin-brand.test', [{ type: 'A', address: PLATFORM_IP }]);
    expect((await checkNow(server, apexOwner, apex.body.domain.id)).body.domain.status).toBe('active');
    publish('www.twin-brand.test', tokenOf(www.body.domain));
    const lost = await checkNow(other, wwwClaimer, www.body.domain.id);
    expect(lost.body.domain.status).toBe('pending');
    expect(lost.body.domain.error).toContain('Another site proved www.twin-brand.test');
    // The twin now points here, so it is the apex owner's redirect, never the other site's page.
    expect((await checkNow(server, apexOwner, apex.body.domain.id)).body.domain.status).toBe('active');
    const redirect = await withHost(server, '/posts/a', 'www.twin-brand.test');
    expect([redirect.status, redirect.location]).toEqual([301, 'https://twin-brand.test/posts/a']);
  });
});

describe('the www./apex twin', () => {
  it('is served and certified only once it points at the platform, as the checks find, and not after it stops', async () => {
    const owner = await creatorWithSite(server);
    const name = 'fans.band.test';
    const added = await claim(server, owner, name);
    publish(name, tokenOf(added.body.domain));
    const live = await checkNow(server, owner, added.body.domain.id);
    expect(live.body.domain.status).toBe('active');
    expect(live.body.domain.records.find((record) => record.name === `www.${name}`)).toMatchObject({ optional: true, state: 'missing' });
    // The attack: the twin got a certificate and redirected although its DNS was someone else's or nobody's.
    expect(await tlsAllowed(server, `www.${name}`)).toBe(404);
    expect((await withHost(server, '/', `www.${name}`)).status).not.toBe(301);

    dns.set(`www.${name}`, [{ type: 'CNAME', domain: TARGET }]);
    const twinned = await checkNow(server, owner, added.body.domain.id);
    expect(twinned.body.domain.records.find((record) => record.name === `www.${name}`)).toMatchObject({ state: 'found' });
    expect(await tlsAllowed(server, `www.${name}`)).toBe(200);
    const redirect = await withHost(server, '/posts/a', `www.${name}`);
    expect([redirect.status, redirect.location]).toEqual([301, `https://${name}/posts/a`]);
    await expect.poll(() => tlsAllowed(other, `www.${name}`)).toBe(200);

    dns.set(`www.${name}`, [{ type: 'CNAME', domain: 'parked.registrar.test' }]);
    await checkNow(server, owner, added.body.domain.id);
    expect(await tlsAllowed(server, `www.${name}`)).toBe(404);
    await expect.poll(() => tlsAllowed(other, `www.${name}`)).toBe(404);
    expect(await tlsAllowed(server, name)).toBe(200);
  });

  it("takes an apex twin once its A records name the platform's addresses", async () => {
    const owner = await creatorWithSite(server);
    const added = await claim(server, owner, 'www.apex-band.test');
    publish('www.apex-band.test', tokenOf(added.body.domain));
    dns.set('apex-band.test', [{ type: 'A', address: '198.51.100.9' }]);
    const live = await checkNow(server, owner, added.body.domain.id);
    expect(live.body.domain.status).toBe('active');
    expect(live.body.domain.records.find((record) => record.name === 'apex-band.test')).toMatchObject({ type: 'A', value: PLATFORM_IP, state: 'wrong', found: ['198.51.100.9'] });
    expect(await tlsAllowed(server, 'apex-band.test')).toBe(404);

    dns.set('apex-band.test', [{ type: 'A', address: PLATFORM_IP }]);
    await checkNow(server, owner, added.body.domain.id);
    expect(await tlsAllowed(server, 'apex-band.test')).toBe(200);
    const redirect = await withHost(server, '/', 'apex-band.test');
    expect([redirect.status, redirect.location]).toEqual([301, 'https://www.apex-band.test/']);
  });
});

describe('claims that never prove', () => {
  const time = createTestClock();
  let aged: TestServer;

  beforeAll(async () => {
    aged = await startTestServer({ env, clock: time.clock });
  });

  afterAll(async () => {
    await aged?.stop();
  });

  const rowOf = async (owner: Creator) => (await aged.handle.db.select().from(domains).where(eq(domains.siteId, owner.siteId)))[0];

  it('expire 7 days after the claim through the clean-up job, and say so until then; a domain once proven stays', async () => {
    const [unproven, proven, broken] = await Promise.all([creatorWithSite(aged), creatorWithSite(aged), creatorWithSite(aged)]);
    const claimed = await claim(aged, unproven, 'never-proven.test');
    expect(Date.parse(claimed.body.domain.expiresAt!)).toBe(time.clock().getTime() + 7 * DAY);
    expect((await unproven.client.get<{ domain: DomainView }>('/api/domains')).body.domain.expiresAt).toBe(claimed.body.domain.expiresAt);

    const provenClaim = await claim(aged, proven, 'proven.test');
    publish('proven.test', tokenOf(provenClaim.body.domain));
    expect((await checkNow(aged, proven, provenClaim.body.domain.id)).body.domain).toMatchObject({ status: 'active', expiresAt: null });

    const brokenClaim = await claim(aged, broken, 'broken.test');
    publish('broken.test', tokenOf(brokenClaim.body.domain));
    await checkNow(aged, broken, brokenClaim.body.domain.id);
    dns.clear('_creator-platform.broken.test');
    const beforeBreak = (await rowOf(broken))!;
    await aged.services.domains.runScheduledCheck({ domainId: beforeBreak.id, due: beforeBreak.nextCheckAt!.toISOString() });
    expect((await rowOf(broken))!.status).toBe('failed');

    time.advance(6 * DAY);
    const lateOwner = await creatorWithSite(aged);
    await claim(aged, lateOwner, 'late.test');
    time.advance(DAY + 60_000);
    expect(await aged.services.jobs.runDue()).toContain('cleanup');

    expect(await rowOf(unproven)).toBeUndefined();
    expect((await rowOf(proven))!.status).toBe('active');
    expect((await rowOf(broken))!.status).toBe('failed');
    expect((await rowOf(lateOwner))!.status).toBe('pending');
  });
});
