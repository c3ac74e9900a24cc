/**
 * What /domain tells a creator (issue 29 item 9), from the real API on real
 * servers, a real database and a real DNS server: whether APP_URL is public
 * (a loopback one is said in the answer and once in the start-up log), the
 * records as providers label them (Host "@" and "www"), an apex pointed with
 * an ALIAS when DOMAIN_IPS is unset and never with a CNAME, and a pasted URL
 * cleaned to its domain rather than refused.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DomainPlatform, DomainView } from '../../common/domains.ts';
import { domains } from '../../db/domain-schema.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { requestWithHost } from '../support/host-request.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';
const TARGET_IP = '203.0.113.44';
const PUBLIC_HOST = 'creators.example.test';

let dns: TestDnsServer;
/** APP_URL http://127.0.0.1:port, as every test server's, and no DOMAIN_IPS. */
let loopback: TestServer;
/** The same database behind APP_URL http://creators.example.test, with DOMAIN_IPS. */
let publicServer: TestServer;
/** The same database on loopback again, with DOMAIN_IPS. */
let withIps: TestServer;
const logLines: string[] = [];

type DomainAnswer = { domain: DomainView; error?: { code: string; message: string } };

const addDomain = (server: TestServer, owner: Creator, hostname: string) => sendJson<DomainAnswer>(server, owner.client, 'POST', '/api/domains', { hostname });
const removeDomain = (server: TestServer, owner: Creator, id: string) => sendJson(server, owner.client, 'DELETE', `/api/domains/${id}`);
const pointing = (domain: DomainView) => domain.records.filter((record) => record.type !== 'TXT').map(({ type, host, name, value }) => ({ type, host, name, value }));

beforeAll(async () => {
  dns = await startDnsServer();
  dns.set(TARGET, [{ type: 'A', address: TARGET_IP }]);
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  loopback = await startTestServer({ env: { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DNS_TIMEOUT_MS: '300', LOG_LEVEL: 'info' }, logStream });
  const ips = { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DOMAIN_IPS: '203.0.113.10, 2001:db8::10' };
  publicServer = await startTestServer({ shareWith: loopback, env: { APP_URL: `http://${PUBLIC_HOST}`, ...ips } });
  withIps = await startTestServer({ shareWith: loopback, env: ips });
});

afterAll(async () => {
  await withIps?.stop();
  await publicServer?.stop();
  await loopback?.stop();
  await dns?.close();
});

describe('a loopback APP_URL', () => {
  it('is in the answer of GET /api/domains, whether or not a domain is added', async () => {
    const owner = await creatorWithSite(loopback);
    const answer = await owner.client.get<{ domain: DomainView | null; platform: DomainPlatform }>('/api/domains');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ domain: null, platform: { appUrl: new URL(loopback.url).origin, loopback: true, apexAddresses: false } });
  });

  it('is said once in the start-up log, in one readable line naming APP_URL', () => {
    const said = logLines.filter((line) => line.includes('Custom domains need a public address'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(`APP_URL is ${new URL(loopback.url).origin}, which only this machine can reach. Set APP_URL to the address people use`);
  });
});

describe('a public APP_URL, and DOMAIN_IPS', () => {
  it('is answered as public, with DOMAIN_IPS set; and a foreign site sees only its own domain', async () => {
    const owner = await creatorWithSite(loopback);
    const other = await creatorWithSite(loopback);
    const added = await addDomain(loopback, other, `foreign-${process.pid}.example.test`);
    expect(added.status).toBe(201);
    const session = [...owner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await requestWithHost(publicServer, '/api/domains', { host: PUBLIC_HOST, cookie: session });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ domain: null, platform: { appUrl: `http://${PUBLIC_HOST}`, loopback: false, apexAddresses: true } });
    // Nobody else's domain id works for this creator.
    expect((await requestWithHost(publicServer, `/api/domains/${added.body.domain.id}`, { host: PUBLIC_HOST, cookie: session, method: 'DELETE', origin: `http://${PUBLIC_HOST}` })).status).toBe(404);
  });

  it('points an apex with A and AAAA records to DOMAIN_IPS (Host "@") and its www. with a CNAME (Host "www")', async () => {
    const owner = await creatorWithSite(withIps);
    const added = await addDomain(withIps, owner, `https://Harbour-${process.pid}.co.uk/about?ref=x`);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const apex = `harbour-${process.pid}.co.uk`;
    expect(added.body.domain).toMatchObject({ hostname: apex, zone: apex });
    expect(added.body.domain.records[0]).toMatchObject({ type: 'TXT', host: '_creator-platform', name: `_creator-platform.${apex}` });
    expect(pointing(added.body.domain)).toEqual([
      { type: 'A', host: '@', name: apex, value: '203.0.113.10' },
      { type: 'AAAA', host: '@', name: apex, value: '2001:db8::10' },
      { type: 'CNAME', host: 'www', name: `www.${apex}`, value: TARGET },
    ]);
  });
});

describe('the records without DOMAIN_IPS', () => {
  it('never ask for a CNAME at the root: an apex gets an ALIAS to the target, its www. a CNAME', async () => {
    const owner = await creatorWithSite(loopback);
    const apex = `root-${process.pid}.test`;
    const added = await addDomain(loopback, owner, apex);
    expect(added.status).toBe(201);
    expect(pointing(added.body.domain)).toEqual([
      { type: 'ALIAS', host: '@', name: apex, value: TARGET },
      { type: 'CNAME', host: 'www', name: `www.${apex}`, value: TARGET },
    ]);
    expect(added.body.domain.records.some((record) => record.type === 'CNAME' && record.host === '@')).toBe(false);
    expect((await removeDomain(loopback, owner, added.body.domain.id)).status).toBe(204);

    const www = await addDomain(loopback, owner, `www.${apex}`);
    expect(pointing(www.body.domain)).toEqual([
      { type: 'CNAME', host: 'www', name: `www.${apex}`, value: TARGET },
      { type: 'ALIAS', host: '@', name: apex, value: TARGET },
    ]);
  });

  it("take an apex live once its ALIAS answers with the target's addresses, and call other addresses wrong", async () => {
    const owner = await creatorWithSite(loopback);
    const apex = `alias-${process.pid}.test`;
    const added = await addDomain(loopback, owner, apex);
    const [row] = await loopback.handle.db.select().from(domains).where(eq(domains.id, added.body.domain.id));
    dns.set(`_creator-platform.${apex}`, [{ type: 'TXT', data: row!.verificationToken }]);
    const check = () => sendJson<DomainAnswer>(loopback, owner.client, 'POST', `/api/domains/${added.body.domain.id}/check`);

    dns.set(apex, [{ type: 'A', address: '198.51.100.9' }]);
    const wrong = await check();
    expect(wrong.body.domain.status).toBe('pending');
    expect(wrong.body.domain.records.find((record) => record.name === apex)).toMatchObject({ type: 'ALIAS', host: '@', state: 'wrong', found: ['198.51.100.9'] });
    expect(wrong.body.domain.error).toBe(`${apex} points elsewhere (to 198.51.100.9). Point it at ${TARGET}.`);

    // What an ALIAS (or a flattened CNAME) answers: the target's own address.
    dns.set(apex, [{ type: 'A', address: TARGET_IP }]);
    const live = await check();
    expect(live.body.domain.status).toBe('active');
    expect(live.body.domain.records.find((record) => record.name === apex)).toMatchObject({ type: 'ALIAS', host: '@', state: 'found' });
  });
});

describe('a pasted URL', () => {
  it('is cleaned to its hostname by the server, while a name that is not a domain is still refused in plain words', async () => {
    const owner = await creatorWithSite(loopback);
    const added = await addDomain(loopback, owner, `https://www.Paste-${process.pid}.test/path?x=1#top`);
    expect(added.status).toBe(201);
    expect(added.body.domain.hostname).toBe(`www.paste-${process.pid}.test`);
    expect(added.body.domain.records[0]).toMatchObject({ host: '_creator-platform.www' });
    expect((await removeDomain(loopback, owner, added.body.domain.id)).status).toBe(204);

    const refused = await addDomain(loopback, owner, 'https://localhost:3000/settings');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid-domain', message: expect.stringContaining('localhost only works on your own computer') });
    expect((await addDomain(loopback, owner, 'https://my_site.example.com/')).body.error?.message).toContain('letters, digits');
  });
});
