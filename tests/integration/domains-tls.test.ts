/**
 * On-demand TLS through the real proxy: Debian's caddy runs deploy/Caddyfile
 * with its internal CA, asks the app's /internal/tls-allowed, and a real TLS
 * handshake shows a certificate is issued for an active domain only.
 */
import { request } from 'node:https';
import { connect, type PeerCertificate } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainView } from '../../common/domains.ts';
import { caddyAvailable, startCaddy, type RunningCaddy } from '../support/caddy.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';
const ACTIVE = 'fans.example.test';
const PENDING = 'pending.example.test';

let dns: TestDnsServer;
let server: TestServer;
let caddy: RunningCaddy;
let creator: Creator;
let pendingOwner: Creator;

/**
 * The certificate the proxy shows for `servername`, or the handshake's error. With `ca` the
 * certificate must chain to it; without, any certificate is taken (the CA's root exists only once it signed).
 */
function handshake(servername: string, ca?: string): Promise<PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: caddy.httpsPort, servername, ...(ca ? { ca } : { rejectUnauthorized: false }) }, () => {
      const certificate = socket.getPeerCertificate();
      socket.end();
      resolve(certificate);
    });
    socket.once('error', reject);
  });
}

/** Adds the owner's domain (or takes the one they have); with `publish`, writes its records to DNS and checks. */
async function addDomain(owner: Creator, hostname: string, publish: boolean): Promise<DomainView> {
  const added = await sendJson<{ domain: DomainView }>(server, owner.client, 'POST', '/api/domains', { hostname });
  const domain = added.status === 201 ? added.body.domain : (await owner.client.get<{ domain: DomainView }>('/api/domains')).body.domain;
  if (!publish) return domain;
  dns.set(`_creator-platform.${hostname}`, [{ type: 'TXT', data: domain.records[0]!.value }]);
  dns.set(hostname, [{ type: 'CNAME', domain: TARGET }]);
  return (await sendJson<{ domain: DomainView }>(server, owner.client, 'POST', `/api/domains/${domain.id}/check`)).body.domain;
}

describe.skipIf(!caddyAvailable)('on-demand TLS through caddy', () => {
  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer({ env: { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET } });
    creator = await creatorWithSite(server);
    expect((await addDomain(creator, ACTIVE, true)).status).toBe('active');
    pendingOwner = await creatorWithSite(server);
    expect((await addDomain(pendingOwner, PENDING, false)).status).toBe('pending');
    caddy = await startCaddy(Number(new URL(server.url).port));
  });

  afterAll(async () => {
    await caddy?.stop();
    await server?.stop();
    await dns?.close();
  });

  it('issues a certificate for an active domain and serves its site over it', async () => {
    // The first handshake makes caddy ask the app, then issue.
    expect((await handshake(ACTIVE)).subjectaltname, caddy.output()).toBe(`DNS:${ACTIVE}`);
    const ca = await caddy.rootCertificate();
    expect((await handshake(ACTIVE, ca)).subjectaltname).toBe(`DNS:${ACTIVE}`);

    const page = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: caddy.httpsPort, servername: ACTIVE, ca, path: '/', headers: { host: ACTIVE } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.once('error', reject);
      req.end();
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="https://${ACTIVE}/">`);
  });

  it('refuses a certificate for a pending domain and for a name nobody added, and issues once the domain is active', async () => {
    // Not even an unverified certificate: caddy has none to show.
    await expect(handshake(PENDING)).rejects.toThrow();
    await expect(handshake('stranger.example.test')).rejects.toThrow();
    // The same name, once its DNS is proven: the refusal above was the app's answer, nothing else.
    expect((await addDomain(pendingOwner, PENDING, true)).status).toBe('active');
    expect((await handshake(PENDING, await caddy.rootCertificate())).subjectaltname).toBe(`DNS:${PENDING}`);
  });
});
