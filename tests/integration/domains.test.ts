/**
 * Custom domains against real parts (DESIGN.md "Your own domain"): a real DNS
 * server (dns2) named by DNS_RESOLVER, real Postgres, two real servers on one
 * database. Requests carry the `Host` a browser would send through the proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DOMAIN_CHECK_JOB } from '../../server/domains/domain-jobs.ts';
import type { DomainView } from '../../common/domains.ts';
import { domains } from '../../db/domain-schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { requestWithHost, type HostAnswer, type HostRequest } from '../support/host-request.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';

type RawAnswer = HostAnswer;
const raw = (to: TestServer, path: string, options: HostRequest = { host: '' }) => requestWithHost(to, path, options);

const cookieOf = (answer: RawAnswer) => (answer.headers['set-cookie'] as string[] | undefined)?.[0]?.split(';')[0];

let dns: TestDnsServer;
let server: TestServer;
let other: TestServer;
let creator: Creator;
let rival: Creator;
let platformHost: string;

async function addDomain(owner: Creator, hostname: string) {
  return sendJson<{ domain: DomainView; error?: { code: string; message: string } }>(server, owner.client, 'POST', '/api/domains', { hostname });
}

function publish(hostname: string, token: string) {
  dns.set(`_creator-platform.${hostname}`, [{ type: 'TXT', data: token }]);
  dns.set(hostname, [{ type: 'CNAME', domain: TARGET }]);
  // The www. twin is served only once it points here too (tests/integration/domain-claims.test.ts).
  dns.set(`www.${hostname}`, [{ type: 'CNAME', domain: TARGET }]);
}

beforeAll(async () => {
  dns = await startDnsServer();
  const env = { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DOMAIN_IPS: '203.0.113.10', DNS_TIMEOUT_MS: '200' };
  server = await startTestServer({ env });
  other = await startTestServer({ env, shareWith: server });
  platformHost = new URL(server.url).host;
  creator = await creatorWithSite(server);
  rival = await creatorWithSite(server);
});

afterAll(async () => {
  await other?.stop();
  await server?.stop();
  await dns?.close();
});

describe('adding a domain', () => {
  it.each([
    ['203.0.113.7', 'IP address'],
    ['[::1]', 'IP address'],
    ['localhost', 'localhost'],
    ['shop.localhost', 'localhost'],
    ['intranet', 'whole domain'],
    ['127.0.0.1', 'IP address'],
    [`${'a'.repeat(64)}.example.com`, 'too long'],
    [`${'abcdefghi.'.repeat(26)}com`, 'too long'],
    ['my_site.example.com', 'letters, digits'],
    ['bad domain.com', 'letters, digits'],
    ['', 'Enter your domain'],
  ])('refuses %j with a clear message', async (hostname, words) => {
    const answer = await addDomain(creator, hostname);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid-domain' });
    expect(answer.body.error!.message).toContain(words);
  });

  it("refuses the platform's own host and its subdomains", async () => {
    const host = new URL(server.url).hostname;
    // The test platform's host is an IP; a named platform host is covered by common/domains.test.ts.
    expect((await addDomain(creator, host)).status).toBe(400);
  });

  it('stores an IDN as punycode and shows it in Unicode; one domain per site; a pending claim blocks nobody; a foreign id is 404', async () => {
    const added = await addDomain(rival, 'Bücher.Example.test.');
    expect(added.status).toBe(201);
    expect(added.body.domain).toMatchObject({ hostname: 'xn--bcher-kva.example.test', displayName: 'bücher.example.test', status: 'pending' });
    expect(added.body.domain.records.map((record) => [record.type, record.name, record.state])).toEqual([
      ['TXT', '_creator-platform.xn--bcher-kva.example.test', 'unchecked'],
      ['CNAME', 'xn--bcher-kva.example.test', 'unchecked'],
      ['CNAME', 'www.xn--bcher-kva.example.test', 'unchecked'],
    ]);
    expect((await addDomain(rival, 'other.example.test')).body.error?.code).toBe('domain-exists');
    // A pending claim blocks nobody (issue 27): the twin may be claimed too, until either is live.
    const twin = await addDomain(creator, 'www.xn--bcher-kva.example.test');
    expect(twin.status).toBe(201);
    expect((await sendJson(server, creator.client, 'DELETE', `/api/domains/${twin.body.domain.id}`)).status).toBe(204);
    const id = added.body.domain.id;
    expect((await sendJson(server, creator.client, 'POST', `/api/domains/${id}/check`)).status).toBe(404);
    expect((await sendJson(server, creator.client, 'DELETE', `/api/domains/${id}`)).status).toBe(404);
    expect((await sendJson(server, rival.client, 'DELETE', `/api/domains/${id}`)).status).toBe(204);
    expect((await rival.client.get<{ domain: null }>('/api/domains')).body.domain).toBeNull();
  });
});

describe('apex and Check now', () => {
  it('points an apex under a two-label suffix with A records, and a name under it with a CNAME', async () => {
    const owner = await creatorWithSite(server);
    const apex = await addDomain(owner, 'harbour-sounds.co.uk');
    expect(apex.status).toBe(201);
    expect(apex.body.domain.records).toContainEqual(expect.objectContaining({ type: 'A', name: 'harbour-sounds.co.uk', value: '203.0.113.10' }));
    expect((await sendJson(server, owner.client, 'DELETE', `/api/domains/${apex.body.domain.id}`)).status).toBe(204);
    const sub = await addDomain(owner, 'fans.harbour-sounds.co.uk');
    expect(sub.body.domain.records).toContainEqual(expect.objectContaining({ type: 'CNAME', name: 'fans.harbour-sounds.co.uk', value: TARGET }));
  });

  it('answers the 31st "Check now" in ten minutes with 429, Retry-After and plain words', async () => {
    const owner = await creatorWithSite(server);
    const added = await addDomain(owner, `checks-${process.pid}.example.test`);
    const check = () => sendJson<{ error?: { code: string; message: string } }>(server, owner.client, 'POST', `/api/domains/${added.body.domain.id}/check`);
    for (let press = 1; press <= 30; press++) expect((await check()).status, `press ${press}`).toBe(200);
    const refused = await check();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error?.message).toContain('We keep checking by ourselves');
  });
});

describe('DNS faults', () => {
  it.each([
    ['timeout', (name: string) => dns.silent(`_creator-platform.${name}`), 'did not answer in time'],
    ['SERVFAIL', (name: string) => dns.servfail(`_creator-platform.${name}`), 'SERVFAIL'],
    [
      'CNAME loop',
      (name: string) => {
        dns.set(name, [{ type: 'CNAME', domain: `loop.${name}` }]);
        dns.set(`loop.${name}`, [{ type: 'CNAME', domain: name }]);
      },
      'form a loop',
    ],
    ['no records', () => undefined, 'still be propagating'],
  ])('%s: Check now answers a plain error, and the queued check backs off', async (_kind, breakIt, words) => {
    const owner = await creatorWithSite(server);
    const name = `${owner.handle}.faults.test`;
    breakIt(name);
    const added = await addDomain(owner, name);
    const checked = await sendJson<{ domain: DomainView }>(server, owner.client, 'POST', `/api/domains/${added.body.domain.id}/check`);
    expect(checked.status).toBe(200);
    expect(checked.body.domain.status).toBe('pending');
    expect(checked.body.domain.error).toContain(words);

    const [row] = await server.handle.db.select().from(domains).where(eq(domains.id, added.body.domain.id));
    await server.services.domains.runScheduledCheck({ domainId: row!.id, due: row!.nextCheckAt!.toISOString() });
    const [first] = await server.handle.db.select().from(domains).where(eq(domains.id, row!.id));
    await server.services.domains.runScheduledCheck({ domainId: row!.id, due: first!.nextCheckAt!.toISOString() });
    const [second] = await server.handle.db.select().from(domains).where(eq(domains.id, row!.id));
    expect([first!.checkAttempts, second!.checkAttempts]).toEqual([1, 2]);
    const gap = (later: Date, earlier: Date) => later.getTime() - earlier.getTime();
    expect(gap(second!.nextCheckAt!, second!.lastCheckedAt!)).toBeGreaterThan(gap(first!.nextCheckAt!, first!.lastCheckedAt!));
    // Each next check is a job in the queue, not before its time.
    // The Postgres driver answers the rows as an array; the shared Database type cannot say so.
    const answer: unknown = await server.handle.db.execute(
      sql`select start_after from pgboss.job where name = ${DOMAIN_CHECK_JOB} and data->>'domainId' = ${row!.id} and data->>'due' = ${second!.nextCheckAt!.toISOString()}`,
    );
    const jobs = answer as { start_after: Date }[];
    expect(jobs).toHaveLength(1);
    expect(Math.abs(new Date(jobs[0]!.start_after).getTime() - second!.nextCheckAt!.getTime())).toBeLessThan(5000);
    // A stale job (an older schedule) does nothing.
    await server.services.domains.runScheduledCheck({ domainId: row!.id, due: first!.nextCheckAt!.toISOString() });
    const [after] = await server.handle.db.select().from(domains).where(eq(domains.id, row!.id));
    expect(after!.checkAttempts).toBe(2);
  });

  it('an active domain whose records go breaks on the next automatic check, and its creator is told; a DNS outage alone does not break it', async () => {
    const owner = await creatorWithSite(server);
    const name = `${owner.handle}.lapse.test`;
    const added = await addDomain(owner, name);
    publish(name, added.body.domain.records[0]!.value);
    expect((await sendJson<{ domain: DomainView }>(server, owner.client, 'POST', `/api/domains/${added.body.domain.id}/check`)).body.domain.status).toBe('active');
    // The news is rendered when sent: wait for it before the domain breaks, or it would rightly not go.
    await server.smtp.waitForMail(owner.email, { count: 2 });
    const scheduled = async () => {
      const [row] = await server.handle.db.select().from(domains).where(eq(domains.id, added.body.domain.id));
      await server.services.domains.runScheduledCheck({ domainId: row!.id, due: row!.nextCheckAt!.toISOString() });
      const [after] = await server.handle.db.select().from(domains).where(eq(domains.id, row!.id));
      return after!;
    };
    dns.servfail(`_creator-platform.${name}`);
    expect((await scheduled()).status).toBe('active');
    dns.clear(`_creator-platform.${name}`);
    dns.clear(name);
    const broken = await scheduled();
    expect(broken).toMatchObject({ status: 'failed' });
    expect(broken.lastError).toContain('no TXT record');
    expect((await raw(server, `/internal/tls-allowed?domain=${name}`, { host: platformHost })).status).toBe(404);
    const mails = await server.smtp.waitForMail(owner.email, { count: 3 });
    expect(mails.map((mail) => mail.subject)).toEqual(expect.arrayContaining([`${name} is live`, `${name} needs your attention`]));
    expect(mails.find((mail) => mail.subject === `${name} needs your attention`)!.text).toContain('/domain');
  });

  it('a CAA record that names another CA is a plain error', async () => {
    const owner = await creatorWithSite(server);
    const name = `${owner.handle}.caa.test`;
    const added = await addDomain(owner, name);
    publish(name, added.body.domain.records[0]!.value);
    dns.set(`${owner.handle}.caa.test`.split('.').slice(1).join('.'), [{ type: 'CAA', tag: 'issue', value: 'digicert.com' }]);
    const checked = await sendJson<{ domain: DomainView }>(server, owner.client, 'POST', `/api/domains/${added.body.domain.id}/check`);
    expect(checked.body.domain.status).toBe('pending');
    expect(checked.body.domain.error).toContain('do not let letsencrypt.org issue');
  });
});

describe('an active domain', () => {
  const hostname = 'fans.example.test';
  let domainId: string;

  it('turns active once the records are found, and the other server learns of it', async () => {
    const added = await addDomain(creator, hostname);
    domainId = added.body.domain.id;
    expect((await raw(server, `/internal/tls-allowed?domain=${hostname}`, { host: platformHost })).status).toBe(404);
    expect((await raw(other, `/internal/tls-allowed?domain=${hostname}`, { host: platformHost })).status).toBe(404);
    publish(hostname, added.body.domain.records[0]!.value);
    const checked = await sendJson<{ domain: DomainView }>(server, creator.client, 'POST', `/api/domains/${domainId}/check`);
    expect(checked.body.domain).toMatchObject({ status: 'active', error: null });
    expect(checked.body.domain.records.filter((record) => !record.optional).every((record) => record.state === 'found')).toBe(true);
    expect((await raw(server, `/internal/tls-allowed?domain=${hostname}`, { host: platformHost })).status).toBe(200);
    expect((await raw(server, `/internal/tls-allowed?domain=www.${hostname}`, { host: platformHost })).status).toBe(200);
    expect((await raw(server, `/internal/tls-allowed?domain=${platformHost.split(':')[0]}`, { host: platformHost })).status).toBe(200);
    expect((await raw(server, '/internal/tls-allowed?domain=unknown.example.test', { host: platformHost })).status).toBe(404);
    // The other server hears the NOTIFY: poll its answer rather than guess how long that takes.
    await expect.poll(async () => (await raw(other, `/internal/tls-allowed?domain=${hostname}`, { host: platformHost })).status).toBe(200);
    // The first mail to the creator was the verification of their address.
    const mail = (await server.smtp.waitForMail(creator.email, { count: 2 })).find((received) => received.subject === `${hostname} is live`);
    expect(mail!.text).toContain(`https://${hostname}/`);
  });

  it('serves the site at the root with its links on the domain, whatever the case, port or trailing dot of Host', async () => {
    for (const host of [hostname, 'FANS.Example.TEST', `${hostname}.`, `${hostname}:443`]) {
      const home = await raw(server, '/', { host });
      expect(home.status, host).toBe(200);
      expect(home.body).toContain(`<link rel="canonical" href="https://${hostname}/">`);
    }
    const robots = await raw(server, '/robots.txt', { host: hostname });
    expect(robots.body).toContain(`Sitemap: https://${hostname}/sitemap.xml`);
    const sitemap = await raw(server, '/sitemap.xml', { host: hostname });
    expect(sitemap.body).toContain(`<loc>https://${hostname}/</loc>`);
    // The platform's sitemap leaves the site to its domain's.
    const platformSites = await raw(server, '/sitemaps/sites-1.xml', { host: platformHost });
    expect(platformSites.body).toContain('<loc>');
    expect(platformSites.body).not.toContain(`/@${creator.handle}<`);
    const rss = await raw(server, '/rss.xml', { host: hostname });
    expect(rss.body).toContain(`<link>https://${hostname}/</link>`);
    expect((await raw(server, '/join', { host: hostname })).status).toBe(200);
  });

  it('keeps platform pages off the domain and sends /@handle to it', async () => {
    expect((await raw(server, '/api/domains', { host: hostname })).status).toBe(404);
    expect((await raw(server, '/dashboard', { host: hostname })).status).toBe(404);
    expect((await raw(server, `/@${rival.handle}`, { host: hostname })).status).toBe(404);
    const moved = await raw(server, `/@${creator.handle}/join?tier=x`, { host: platformHost });
    expect([moved.status, moved.headers.location]).toEqual([301, `https://${hostname}/join?tier=x`]);
    const www = await raw(server, '/posts/a', { host: `www.${hostname}` });
    expect([www.status, www.headers.location]).toEqual([301, `https://${hostname}/posts/a`]);
    // Sign-in begins on the domain with a state of this browser (tests/integration/domain-sessions.test.ts tries the handoff itself).
    const login = await raw(server, '/login?next=/posts/a', { host: hostname });
    const state = new URL(login.headers.location as string).searchParams.get('state');
    expect(login.headers.location).toBe(`${server.url}/auth/handoff/start?domain=${hostname}&state=${state}&next=%2Fposts%2Fa`);
    const google = await raw(server, `/api/auth/google?next=${encodeURIComponent('/join?tier=x')}`, { host: hostname });
    const googleNext = new URL(google.headers.location as string).searchParams.get('next')!;
    expect(googleNext).toMatch(new RegExp(`^/auth/handoff/start\\?domain=${hostname.replaceAll('.', '\\.')}&state=[a-z2-7]{32}&next=%2Fjoin$`));
    // The platform's terms, asked for on a domain, are the site's own copy (docs/decisions/153).
    const terms = await raw(server, '/terms-conditions', { host: hostname });
    expect([terms.status, terms.headers.location]).toEqual([301, '/terms']);
    // The platform's wizard, asked for on a domain, is the platform's.
    const onboarding = await raw(server, '/onboarding', { host: hostname });
    expect([onboarding.status, onboarding.headers.location]).toEqual([302, `${server.url}/onboarding`]);
  });

  it('serves no site on a spoofed Host: a pending domain, an unknown name, the platform with a site path', async () => {
    const pending = await creatorWithSite(server);
    await addDomain(pending, 'still-pending.example.test');
    for (const host of ['still-pending.example.test', 'unknown.example.test', platformHost]) {
      const answer = await raw(server, '/posts/a', { host });
      // A name the platform does not serve is misdirected (421); the platform itself has no such page (404).
      expect(answer.status, host).toBe(host === platformHost ? 404 : 421);
      expect(answer.body).not.toContain('canonical');
    }
    expect((await raw(server, '/internal/tls-allowed?domain=still-pending.example.test', { host: platformHost })).status).toBe(404);
    expect((await raw(server, '/internal/tls-allowed', { host: platformHost })).status).toBe(404);
  });

  it("accepts the domain's origin for its own forms only", async () => {
    const own = await raw(server, '/join', { host: hostname, method: 'POST', origin: `https://${hostname}`, body: 'tierId=x' });
    expect(own.status).not.toBe(403);
    const foreign = await raw(server, '/join', { host: hostname, method: 'POST', origin: 'https://rival.example.test', body: 'tierId=x' });
    expect(foreign.status).toBe(403);
    const plain = await creatorWithSite(server);
    const onPlatform = await raw(server, `/@${plain.handle}/join`, { host: platformHost, method: 'POST', origin: `https://${hostname}`, body: 'tierId=x' });
    expect(onPlatform.status).toBe(403);
  });

  it('stops at once when removed: no certificate, no content, /@handle is back', async () => {
    const reader = await signUpVerified(server);
    const begun = await raw(server, '/login?next=/account', { host: hostname });
    const start = new URL(begun.headers.location as string);
    const asked = await raw(server, `${start.pathname}${start.search}`, { host: platformHost, cookie: [...reader.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') });
    // Not a member: the platform asks; the answer is the form's post.
    const pressed = await raw(server, '/auth/handoff/start', {
      host: platformHost,
      method: 'POST',
      cookie: [...reader.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      origin: new URL(server.url).origin,
      body: new URLSearchParams({ domain: hostname, state: start.searchParams.get('state')!, next: '/account' }).toString(),
    });
    expect([asked.status, pressed.status]).toEqual([200, 303]);
    const handoff = new URL(pressed.headers.location as string);
    const landed = await raw(server, `${handoff.pathname}${handoff.search}`, { host: hostname, cookie: cookieOf(begun)! });
    const cookie = (landed.headers['set-cookie'] as string[]).find((line) => line.startsWith('session='))!.split(';')[0]!;
    expect((await raw(server, '/account', { host: hostname, cookie })).status).toBe(200);
    expect((await sendJson(server, creator.client, 'DELETE', `/api/domains/${domainId}`)).status).toBe(204);
    expect((await raw(server, `/internal/tls-allowed?domain=${hostname}`, { host: platformHost })).status).toBe(404);
    expect((await raw(server, '/posts/a', { host: hostname, cookie })).status).toBe(421);
    expect((await raw(server, '/account', { host: hostname, cookie })).status).toBe(421);
    expect((await raw(server, `/@${creator.handle}`, { host: platformHost })).status).toBe(200);
    await expect.poll(async () => (await raw(other, `/internal/tls-allowed?domain=${hostname}`, { host: platformHost })).status).toBe(404);
  });
});
