/**
 * A site's account page signs out on the site's own domain (issue 29 item 7,
 * docs/decisions/148): the form ends the session bound to that domain, clears
 * its cookie and lands on the site's home; the reader's platform session is
 * untouched, and a form from another origin is refused. Real servers, a real
 * DNS server, requests with the `Host` a browser sends through the proxy.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { activateDomain } from '../support/active-domain.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { requestWithHost, type HostAnswer } from '../support/host-request.ts';
import { insertMembership, insertTier } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';
const domain = 'leaving.harbour.test';

let dns: TestDnsServer;
let server: TestServer;
let creator: Creator;

const setCookies = (answer: HostAnswer) => (answer.headers['set-cookie'] as string[] | undefined) ?? [];
const cookieNamed = (answer: HostAnswer, name: string) => setCookies(answer).find((line) => line.startsWith(`${name}=`))?.split(';')[0];
const platformCookie = (client: { cookies: Map<string, string> }) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ env: { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DNS_TIMEOUT_MS: '200' } });
  creator = await creatorWithSite(server);
  await activateDomain(server, dns, creator, domain, TARGET);
});

afterAll(async () => {
  await server?.stop();
  await dns?.close();
});

/** A member of the site, handed off to its domain: their platform client and the domain's session cookie. */
async function memberOnDomain() {
  const reader = await signUpVerified(server);
  const me = await reader.client.get<{ user: { uid: string } }>('/api/auth/me');
  const tier = await insertTier(server.handle.db, creator.siteId, { type: 'free', name: 'Free' });
  await insertMembership(server.handle.db, { siteId: creator.siteId, userId: me.body.user.uid, tierId: tier.id });
  const begun = await requestWithHost(server, `/login?next=${encodeURIComponent('/account')}`, { host: domain });
  const start = new URL(begun.headers.location as string);
  const minted = await requestWithHost(server, `${start.pathname}${start.search}`, { host: new URL(server.url).host, cookie: platformCookie(reader.client) });
  const back = new URL(minted.headers.location as string);
  const landed = await requestWithHost(server, `${back.pathname}${back.search}`, { host: domain, cookie: cookieNamed(begun, 'handoff-state')! });
  const cookie = cookieNamed(landed, 'session')!;
  expect(cookie).toBeDefined();
  return { reader, cookie };
}

it('ends the session bound to the domain, clears its cookie, lands on the home page and leaves the platform session', async () => {
  const { reader, cookie } = await memberOnDomain();
  const page = await requestWithHost(server, '/account', { host: domain, cookie });
  expect(page.status).toBe(200);
  const formAction = /<form method="post" action="([^"]+\/account\/sign-out)"/.exec(page.body)?.[1];
  expect(formAction).toBeDefined();
  // On the domain the page's `/@{handle}/…` form is sent on, method and body kept, to the domain's own path.
  const moved = await requestWithHost(server, formAction!, { host: domain, method: 'POST', cookie, origin: `https://${domain}`, body: 'x=1' });
  expect([moved.status, moved.headers.location]).toEqual([308, '/account/sign-out']);
  const action = moved.headers.location as string;

  const forged = await requestWithHost(server, action, { host: domain, method: 'POST', cookie, origin: 'https://elsewhere.test', body: 'x=1' });
  expect(forged.status).toBe(403);
  expect(await server.handle.db.$count(sessions, eq(sessions.id, hashToken(cookie.split('=')[1]!)))).toBe(1);

  const signedOut = await requestWithHost(server, action, { host: domain, method: 'POST', cookie, origin: `https://${domain}`, body: 'x=1' });
  expect([signedOut.status, signedOut.headers.location]).toEqual([303, '/']);
  expect(setCookies(signedOut).join('\n')).toMatch(/session=;/);
  expect(await server.handle.db.$count(sessions, eq(sessions.id, hashToken(cookie.split('=')[1]!)))).toBe(0);
  // The account page now asks to sign in; the reader's platform session still opens the platform.
  expect((await requestWithHost(server, '/account', { host: domain, cookie })).status).toBe(303);
  expect((await reader.client.get<{ user: unknown }>('/api/auth/me')).body.user).not.toBeNull();
});
