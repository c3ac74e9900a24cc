/**
 * A creator's custom domain made active as a creator makes it: claimed through
 * the API, its TXT proof and its CNAME set in the test DNS server, then checked.
 */
import { expect } from 'vitest';
import type { DomainView } from '../../common/domains.ts';
import { sendJson, type Creator } from './creator-site.ts';
import type { TestDnsServer } from './dns-server.ts';
import type { TestServer } from './test-server.ts';

export async function activateDomain(server: TestServer, dns: TestDnsServer, creator: Pick<Creator, 'client'>, hostname: string, target: string): Promise<DomainView> {
  const added = await sendJson<{ domain: DomainView }>(server, creator.client, 'POST', '/api/domains', { hostname });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  dns.set(`_creator-platform.${hostname}`, [{ type: 'TXT', data: added.body.domain.records[0]!.value }]);
  dns.set(hostname, [{ type: 'CNAME', domain: target }]);
  const checked = await sendJson<{ domain: DomainView }>(server, creator.client, 'POST', `/api/domains/${added.body.domain.id}/check`);
  expect(checked.body.domain.status).toBe('active');
  return checked.body.domain;
}
