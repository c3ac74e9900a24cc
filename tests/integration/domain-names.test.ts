/**
 * Issue 27, item 4, on domains, against real parts (a real DNS server named by
 * DNS_RESOLVER, real Postgres): names off the public internet and the
 * platform's own names cannot be claimed, private addresses found in DNS are
 * never shown back to the creator, and another creator's domain id answers 404
 * with nothing changed.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainView } from '../../common/domains.ts';
import { domains } from '../../db/domain-schema.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';
const PLATFORM_IP = '203.0.113.10';

type DomainAnswer = { domain: DomainView; error?: { code: string; message: string } };

let dns: TestDnsServer;
let server: TestServer;

const claim = (owner: Creator, hostname: string) => sendJson<DomainAnswer>(server, owner.client, 'POST', '/api/domains', { hostname });
const checkNow = (owner: Creator, id: string) => sendJson<DomainAnswer>(server, owner.client, 'POST', `/api/domains/${id}/check`);
const tokenOf = (domain: DomainView) => domain.records.find((record) => record.type === 'TXT')!.value;
const stored = async (owner: Creator) => (await server.handle.db.select().from(domains).where(eq(domains.siteId, owner.siteId)))[0];

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ env: { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DOMAIN_IPS: PLATFORM_IP, DNS_TIMEOUT_MS: '200' } });
});

afterAll(async () => {
  await server?.stop();
  await dns?.close();
});

describe('names a site cannot claim', () => {
  it.each([
    ['intranet.corp', 'private network'],
    ['db.internal', 'private network'],
    ['printer.local', 'private network'],
    ['api.svc.cluster.local', 'private network'],
    ['nas.home.arpa', 'private network'],
    ['router.lan', 'private network'],
    ['co.uk', 'not a domain itself'],
  ])('refuses %j, off the public internet or a bare ending, with plain words and nothing stored', async (hostname, words) => {
    const owner = await creatorWithSite(server);
    const answer = await claim(owner, hostname);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid-domain', field: 'hostname' });
    expect(answer.body.error!.message).toContain(words);
    expect(await stored(owner)).toBeUndefined();
  });

  it.each([TARGET, `www.${TARGET}`, `cdn.${TARGET}`])("refuses the platform's CNAME target %j, its twin and its subdomains", async (hostname) => {
    const owner = await creatorWithSite(server);
    const answer = await claim(owner, hostname);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid-domain' });
    expect(answer.body.error!.message).toContain('belongs to this platform');
  });

  it('takes a name under a public suffix, and under RFC 6761 .test', async () => {
    for (const hostname of ['shop.harbour-sounds.co.uk', 'fans.example.test']) {
      const owner = await creatorWithSite(server);
      expect((await claim(owner, hostname)).status, hostname).toBe(201);
    }
  });
});

describe('private addresses found in DNS', () => {
  it('are never shown back, neither in the records nor in the error, now or when the page is read again', async () => {
    const owner = await creatorWithSite(server);
    const name = 'leaky.test';
    const added = await claim(owner, name);
    dns.set(`_creator-platform.${name}`, [{ type: 'TXT', data: tokenOf(added.body.domain) }]);
    dns.set(name, [
      { type: 'A', address: '10.20.30.40' },
      { type: 'AAAA', address: 'fd12:3456::7' },
    ]);
    dns.set(`www.${name}`, [
      { type: 'A', address: '198.51.100.7' },
      { type: 'A', address: '169.254.169.254' },
    ]);
    const checked = await checkNow(owner, added.body.domain.id);
    expect(checked.body.domain.status).toBe('pending');
    expect(checked.body.domain.error).toContain(`${name} points at a private address`);
    expect(checked.body.domain.records.find((record) => record.name === name && record.type === 'A')).toMatchObject({ state: 'wrong', found: ['a private address'] });
    // A public address is the creator's own answer to see; the private one beside it is not.
    expect(checked.body.domain.records.find((record) => record.name === `www.${name}`)).toMatchObject({ state: 'wrong', found: ['198.51.100.7', 'a private address'] });
    const again = await owner.client.get<{ domain: DomainView }>('/api/domains');
    for (const text of [checked.text, again.text, JSON.stringify(await stored(owner))]) {
      for (const address of ['10.20.30.40', 'fd12:3456::7', '169.254.169.254']) expect(text).not.toContain(address);
    }
  });

  it('names a CNAME to a name off the public internet by its kind, in a plain answer and in a loop', async () => {
    const owner = await creatorWithSite(server);
    const added = await claim(owner, 'alias.test');
    dns.set('_creator-platform.alias.test', [{ type: 'TXT', data: tokenOf(added.body.domain) }]);
    dns.set('alias.test', [{ type: 'CNAME', domain: 'billing-db.corp' }]);
    dns.set('billing-db.corp', [{ type: 'A', address: '10.9.8.7' }]);
    const checked = await checkNow(owner, added.body.domain.id);
    expect(checked.body.domain.error).toContain('alias.test points elsewhere (to a private name)');
    expect(checked.text).not.toContain('billing-db.corp');
    expect(checked.text).not.toContain('10.9.8.7');

    dns.set('alias.test', [{ type: 'CNAME', domain: 'hop.internal' }]);
    dns.set('hop.internal', [{ type: 'CNAME', domain: 'alias.test' }]);
    const looped = await checkNow(owner, added.body.domain.id);
    expect(looped.body.domain.error).toContain('form a loop (alias.test → a private name → alias.test)');
    expect(looped.text).not.toContain('hop.internal');
  });
});

describe("another creator's domain id", () => {
  it('answers 404 on Check now and on remove, and changes nothing', async () => {
    const owner = await creatorWithSite(server);
    const intruder = await creatorWithSite(server);
    const mine = await claim(owner, 'owned.test');
    const theirs = await claim(intruder, 'intruder.test');
    const [ownerBefore, intruderBefore] = [await stored(owner), await stored(intruder)];
    const id = mine.body.domain.id;
    for (const [method, path] of [
      ['POST', `/api/domains/${id}/check`],
      ['DELETE', `/api/domains/${id}`],
      ['POST', `/api/domains/${randomUUID()}/check`],
      ['DELETE', `/api/domains/${randomUUID()}`],
      ['POST', '/api/domains/not-an-id/check'],
      ['DELETE', '/api/domains/not-an-id'],
    ] as const) {
      const answer = await sendJson<{ error?: { code: string } }>(server, intruder.client, method, path);
      expect([answer.status, answer.body.error?.code], `${method} ${path}`).toEqual([404, 'not-found']);
    }
    expect(await stored(owner)).toEqual(ownerBefore);
    expect(await stored(intruder)).toEqual(intruderBefore);
    expect(theirs.body.domain.id).not.toBe(id);
  });
});
