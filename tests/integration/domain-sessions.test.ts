/**
 * Sessions on custom domains (issue 27 item 1, DESIGN.md "Sessions on custom domains"), tried
 * as the security review's attacker would: a creator whose verified domain they control, and
 * anyone who can send a link. Real servers, a real DNS server, requests with the `Host` a browser
 * sends through the proxy. Also item 4's redirects, HSTS and unknown `Host` (docs/decisions/122).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DomainView } from '../../common/domains.ts';
import { domainHandoffs } from '../../db/domain-schema.ts';
import { sessions, users } from '../../db/schema.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { insertMembership, insertTier } from '../support/site-fixtures.ts';
import { requestWithHost, type HostAnswer, type HostRequest } from '../support/host-request.ts';
import { continueForm, joinLinkFrom } from '../support/join-by-email.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';

type RawAnswer = HostAnswer;
const raw = (to: TestServer, path: string, options: HostRequest) => requestWithHost(to, path, options);

const setCookies = (answer: RawAnswer) => (answer.headers['set-cookie'] as string[] | undefined) ?? [];
const cookieNamed = (answer: RawAnswer, name: string) => setCookies(answer).find((line) => line.startsWith(`${name}=`))?.split(';')[0];

let dns: TestDnsServer;
let server: TestServer;
let platformHost: string;
let creator: Creator;
let neighbour: Creator;
const domain = 'fans.harbour.test';
const neighbourDomain = 'neighbour.harbour.test';

async function activate(owner: Creator, hostname: string) {
  const added = await sendJson<{ domain: DomainView }>(server, owner.client, 'POST', '/api/domains', { hostname });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  dns.set(`_creator-platform.${hostname}`, [{ type: 'TXT', data: added.body.domain.records[0]!.value }]);
  dns.set(hostname, [{ type: 'CNAME', domain: TARGET }]);
  dns.set(`www.${hostname}`, [{ type: 'CNAME', domain: TARGET }]);
  const checked = await sendJson<{ domain: DomainView }>(server, owner.client, 'POST', `/api/domains/${added.body.domain.id}/check`);
  expect(checked.body.domain.status).toBe('active');
}

/** The platform cookie of a signed-in test client, as a Cookie header. */
const platformCookie = (client: { cookies: Map<string, string> }) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** Step 1 on the domain: its /login sets the state cookie and names the platform's start. */
async function beginOnDomain(hostname = domain, next = '/account') {
  const begun = await raw(server, `/login?next=${encodeURIComponent(next)}`, { host: hostname });
  expect(begun.status).toBe(302);
  const start = new URL(begun.headers.location as string);
  const state = cookieNamed(begun, 'handoff-state');
  expect(state).toBeDefined();
  return { start: `${start.pathname}${start.search}`, stateCookie: state! };
}

/** Steps 1 to 3 for a reader already signed in on the platform who has joined the site: the domain's session cookie. */
async function handedOff(reader: { client: { cookies: Map<string, string> } }, hostname = domain): Promise<string> {
  const { start, stateCookie } = await beginOnDomain(hostname);
  const minted = await raw(server, start, { host: platformHost, cookie: platformCookie(reader.client) });
  expect(minted.status).toBe(302);
  const back = new URL(minted.headers.location as string);
  const landed = await raw(server, `${back.pathname}${back.search}`, { host: hostname, cookie: stateCookie });
  expect(landed.status).toBe(302);
  return cookieNamed(landed, 'session')!;
}

const freeTiers = new Map<string, Promise<{ id: string }>>();
const freeTierOf = (owner: Creator) => {
  if (!freeTiers.has(owner.siteId)) freeTiers.set(owner.siteId, insertTier(server.handle.db, owner.siteId, { type: 'free', name: 'Free' }));
  return freeTiers.get(owner.siteId)!;
};

async function memberOf(owner: Creator) {
  const reader = await signUpVerified(server);
  const me = await reader.client.get<{ user: { uid: string } }>('/api/auth/me');
  const tier = await freeTierOf(owner);
  await insertMembership(server.handle.db, { siteId: owner.siteId, userId: me.body.user.uid, tierId: tier.id, status: 'active', source: 'free' });
  return { ...reader, userId: me.body.user.uid };
}

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ env: { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DNS_TIMEOUT_MS: '200' } });
  platformHost = new URL(server.url).host;
  creator = await creatorWithSite(server);
  neighbour = await creatorWithSite(server);
  await activate(creator, domain);
  await activate(neighbour, neighbourDomain);
});

afterAll(async () => {
  await server?.stop();
  await dns?.close();
});

describe('a session made on a custom domain', () => {
  it('opens that site on that domain, and nothing on the platform or on another domain', async () => {
    const reader = await memberOf(creator);
    const cookie = await handedOff(reader);
    const [row] = await server.handle.db.select().from(sessions).where(eq(sessions.id, hashToken(cookie.split('=')[1]!)));
    expect(row).toMatchObject({ hostname: domain, siteId: creator.siteId, userId: reader.userId });

    expect((await raw(server, '/account', { host: domain, cookie })).status).toBe(200);
    // The creator points their DNS at their own server, collects the cookie and replays it on the platform.
    const me = await raw(server, '/api/auth/me', { host: platformHost, cookie });
    expect(JSON.parse(me.body)).toEqual({ user: null });
    for (const path of ['/api/sites/mine', '/api/admin/sites', '/api/members', '/api/domains']) {
      expect((await raw(server, path, { host: platformHost, cookie })).status, path).toBe(401);
    }
    // ... and on another site's domain.
    const elsewhere = await raw(server, '/account', { host: neighbourDomain, cookie });
    expect([elsewhere.status, elsewhere.headers.location]).toEqual([303, `/@${neighbour.handle}/sign-in`]);
    // The platform's own session of the same reader never counts on the domain.
    const platformOnDomain = await raw(server, '/account', { host: domain, cookie: platformCookie(reader.client) });
    expect(platformOnDomain.status).toBe(303);
  });

  it('an admin who follows a link hands the creator nothing that opens the platform', async () => {
    const admin = await signUpVerified(server);
    const me = await admin.client.get<{ user: { uid: string } }>('/api/auth/me');
    await server.handle.db.update(users).set({ isAdmin: true }).where(eq(users.id, me.body.user.uid));
    expect((await admin.client.get('/api/admin/sites')).status).toBe(200);
    // The link the creator sends: the platform's start with a state the creator chose.
    const { start } = await beginOnDomain();
    const answer = await raw(server, start, { host: platformHost, cookie: platformCookie(admin.client) });
    // Not a member: the platform asks, and a GET alone mints nothing.
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Sign in to The ');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(await server.handle.db.select().from(domainHandoffs).where(eq(domainHandoffs.userId, me.body.user.uid))).toEqual([]);
    // Even if they press the button, the session that reaches the domain does not open /api/admin.
    const form = new URL(start, server.url).searchParams;
    const pressed = await raw(server, '/auth/handoff/start', {
      host: platformHost,
      method: 'POST',
      cookie: platformCookie(admin.client),
      origin: new URL(server.url).origin,
      body: new URLSearchParams({ domain: form.get('domain')!, state: form.get('state')!, next: '/' }).toString(),
    });
    expect(pressed.status).toBe(303);
    const token = new URL(pressed.headers.location as string).searchParams.get('token')!;
    // The creator's server takes the token and redeems it with the state it chose: a session bound to their domain.
    const stolen = await raw(server, `/auth/handoff?token=${token}&next=/`, { host: domain, cookie: `handoff-state=${form.get('state')}` });
    const cookie = cookieNamed(stolen, 'session')!;
    expect(cookie).toBeDefined();
    expect((await raw(server, '/api/admin/sites', { host: platformHost, cookie })).status).toBe(401);
    expect((await raw(server, '/api/admin/sites', { host: domain, cookie })).status).toBe(404);
  });

  it("asks before the first handoff to a site the reader has not joined; the form is refused from another origin", async () => {
    const reader = await signUpVerified(server);
    const { start, stateCookie } = await beginOnDomain();
    const asked = await raw(server, start, { host: platformHost, cookie: platformCookie(reader.client) });
    expect(asked.status).toBe(200);
    expect(asked.body).toContain(`Sign in to The ${creator.handle} site?`);
    expect(asked.body).toContain(reader.email);
    // The site's question, in its colour, not the platform's (issue 29, docs/decisions/142).
    expect(asked.body).not.toContain('Creator Platform');
    expect(asked.body).toContain('background:#6d28d9');
    expect(asked.body).toContain(domain);
    const state = new URL(start, server.url).searchParams.get('state')!;
    const body = new URLSearchParams({ domain, state, next: '/account' }).toString();
    const forged = await raw(server, '/auth/handoff/start', { host: platformHost, method: 'POST', cookie: platformCookie(reader.client), origin: `https://${domain}`, body });
    expect(forged.status).toBe(403);
    const pressed = await raw(server, '/auth/handoff/start', { host: platformHost, method: 'POST', cookie: platformCookie(reader.client), origin: new URL(server.url).origin, body });
    expect(pressed.status).toBe(303);
    const back = new URL(pressed.headers.location as string);
    expect([back.origin, back.pathname, back.searchParams.get('next')]).toEqual([`https://${domain}`, '/auth/handoff', '/account']);
    const landed = await raw(server, `${back.pathname}${back.search}`, { host: domain, cookie: stateCookie });
    expect([landed.status, landed.headers.location]).toEqual([302, '/account']);
  });

  it("sets the account page's feed-link cookie on the path the domain serves it at", async () => {
    const reader = await memberOf(creator);
    const cookie = await handedOff(reader);
    const made = await raw(server, '/account/feed-link', { host: domain, method: 'POST', cookie, origin: `https://${domain}`, body: 'x=1' });
    expect(made.status).toBe(303);
    const flash = setCookies(made).find((line) => line.startsWith('feed_link='));
    expect(flash).toMatch(/; Path=\/account(;|$)/);
  });

  it('a join on the domain opens a session of that domain only', async () => {
    const tier = await freeTierOf(creator);
    const email = uniqueEmail('joiner');
    const body = new URLSearchParams({ email, choice: `${tier.id}:month` }).toString();
    const sent = await raw(server, '/join/signup', { host: domain, method: 'POST', origin: `https://${domain}`, body });
    expect(sent.status).toBe(200);
    const link = new URL(await joinLinkFrom(server.smtp, email));
    expect(link.host).toBe(domain);
    // Its page, then "Continue", posted from the domain (docs/decisions/152).
    const opened = await raw(server, `${link.pathname}${link.search}`, { host: domain });
    const { action, body: token } = continueForm(opened.body);
    const joined = await raw(server, action, { host: domain, method: 'POST', origin: `https://${domain}`, body: token });
    expect(joined.status).toBe(303);
    const cookie = cookieNamed(joined, 'session')!;
    const [row] = await server.handle.db.select().from(sessions).where(eq(sessions.id, hashToken(cookie.split('=')[1]!)));
    expect(row).toMatchObject({ hostname: domain, siteId: creator.siteId });
    expect((await raw(server, '/account', { host: domain, cookie })).status).toBe(200);
    expect(JSON.parse((await raw(server, '/api/auth/me', { host: platformHost, cookie })).body)).toEqual({ user: null });
  });
});

describe('the handoff is bound to the browser that asked for it', () => {
  it("an attacker's own token signs nobody in without the attacker's state cookie (login CSRF)", async () => {
    const attacker = await memberOf(creator);
    const { start } = await beginOnDomain();
    const minted = await raw(server, start, { host: platformHost, cookie: platformCookie(attacker.client) });
    const link = new URL(minted.headers.location as string);
    const path = `${link.pathname}${link.search}`;
    // The victim follows the link: no state cookie, or a state of their own.
    const victim = await beginOnDomain();
    for (const cookie of [undefined, victim.stateCookie]) {
      const answer = await raw(server, path, { host: domain, ...(cookie ? { cookie } : {}) });
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('This sign-in link no longer works');
      expect(cookieNamed(answer, 'session')).toBeUndefined();
    }
  });

  it('refuses a token on another site\'s domain, a second time, and after its minute', async () => {
    const reader = await memberOf(creator);
    const { start, stateCookie } = await beginOnDomain();
    const minted = await raw(server, start, { host: platformHost, cookie: platformCookie(reader.client) });
    const link = new URL(minted.headers.location as string);
    const path = `${link.pathname}${link.search}`;
    expect((await raw(server, path, { host: neighbourDomain, cookie: stateCookie })).status).toBe(400);
    expect((await raw(server, path, { host: domain, cookie: stateCookie })).status).toBe(302);
    expect((await raw(server, path, { host: domain, cookie: stateCookie })).status).toBe(400);
  });

  it('keeps next on the domain, refuses an expired token, and signing out on the domain ends that session only', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example', '/posts/../../x', 'javascript:alert(1)']) {
      const { start } = await beginOnDomain(domain, next);
      expect(new URL(start, server.url).searchParams.get('next'), next).toBe('/');
    }
    const reader = await memberOf(creator);
    const { start, stateCookie } = await beginOnDomain();
    const minted = await raw(server, start, { host: platformHost, cookie: platformCookie(reader.client) });
    const link = new URL(minted.headers.location as string);
    await server.handle.db.update(domainHandoffs).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(domainHandoffs.tokenHash, hashToken(link.searchParams.get('token')!)));
    const late = await raw(server, `${link.pathname}${link.search}`, { host: domain, cookie: stateCookie });
    expect(late.status).toBe(400);
    expect(cookieNamed(late, 'session')).toBeUndefined();

    const cookie = await handedOff(reader);
    const out = await raw(server, '/api/auth/logout', { host: domain, cookie, method: 'POST', origin: `https://${domain}` });
    expect(out.status).toBeLessThan(300);
    expect((await raw(server, '/account', { host: domain, cookie })).status).toBe(303);
    expect((await reader.client.get('/api/auth/me')).body).toMatchObject({ user: { email: reader.email } });
  });

  it('sends a start without state (an old link) to the domain to begin, and a signed-out reader to sign in first', async () => {
    const reader = await memberOf(creator);
    const old = await raw(server, `/auth/handoff/start?domain=${domain}&next=/posts/a`, { host: platformHost, cookie: platformCookie(reader.client) });
    expect([old.status, old.headers.location]).toEqual([302, `https://${domain}/login?next=%2Fposts%2Fa`]);
    const { start } = await beginOnDomain(domain, '/posts/a');
    const signedOut = await raw(server, start, { host: platformHost });
    const state = new URL(start, server.url).searchParams.get('state');
    expect(signedOut.headers.location).toBe(`/login?next=${encodeURIComponent(`/auth/handoff/start?domain=${domain}&state=${state}&next=/posts/a`)}`);
  });

  it('mints nothing for a name that is not an active domain, and redeems nothing on the platform', async () => {
    const reader = await memberOf(creator);
    const { start } = await beginOnDomain();
    const state = new URL(start, server.url).searchParams.get('state')!;
    for (const name of ['unknown.harbour.test', platformHost.split(':')[0], `www.${domain}`, '']) {
      const answer = await raw(server, `/auth/handoff/start?domain=${name}&state=${state}&next=/`, { host: platformHost, cookie: platformCookie(reader.client) });
      expect(answer.status, name).toBe(404);
    }
    expect((await raw(server, '/auth/handoff?token=abc', { host: platformHost })).status).toBe(404);
    expect((await raw(server, `/auth/handoff/start?domain=${domain}&state=${state}`, { host: domain })).status).toBe(404);
  });

  it('begins Google sign-in on the platform with the state in its way back', async () => {
    const begun = await raw(server, '/api/auth/google?next=/join', { host: domain });
    expect(begun.status).toBe(302);
    const google = new URL(begun.headers.location as string);
    expect(`${google.origin}${google.pathname}`).toBe(`${server.url}/api/auth/google`);
    const back = new URL(google.searchParams.get('next')!, server.url);
    expect(back.pathname).toBe('/auth/handoff/start');
    expect(`handoff-state=${back.searchParams.get('state')}`).toBe(cookieNamed(begun, 'handoff-state'));
  });
});

describe('redirects, HSTS and unknown hosts', () => {
  it('never redirects to another host through // or /\\ (open redirect)', async () => {
    for (const evil of ['//attacker.example/x', '/\\attacker.example/x']) {
      const onDomain = await raw(server, `/@${creator.handle}${evil}`, { host: domain });
      expect(onDomain.headers.location, evil).toBe('/attacker.example/x');
      const onPlatform = await raw(server, `/@${creator.handle}${evil}`, { host: platformHost });
      expect(onPlatform.headers.location, evil).toBe(`https://${domain}/attacker.example/x`);
      const twin = await raw(server, `${evil}`, { host: `www.${domain}` });
      expect(twin.headers.location ?? '', evil).not.toMatch(/^\/\/|^\/\\|^https:\/\/attacker/);
    }
    const plain = await creatorWithSite(server);
    const noDomain = await raw(server, `/@${plain.handle}//attacker.example/x`, { host: platformHost });
    expect(String(noDomain.headers.location ?? '')).not.toMatch(/^\/\/|^\/\\/);
  });

  it('the /@handle redirect to the domain is kept a day at most', async () => {
    const moved = await raw(server, `/@${creator.handle}/posts/a`, { host: platformHost });
    expect([moved.status, moved.headers.location]).toEqual([301, `https://${domain}/posts/a`]);
    const maxAge = Number(/max-age=(\d+)/.exec(String(moved.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(86_400);
    // A mailed link's redirect carries its token: nobody keeps it.
    const link = await raw(server, `/@${creator.handle}/join/confirm?token=abc`, { host: platformHost });
    expect([link.status, link.headers.location, link.headers['cache-control']]).toEqual([301, `https://${domain}/join/confirm?token=abc`, 'no-store']);
  });

  it('answers an unknown Host with 421, but the health check and the TLS question under any name', async () => {
    for (const host of ['attacker.example', 'pending.harbour.test', TARGET, '10.0.0.5']) {
      for (const path of ['/', '/login', '/api/auth/me', '/@' + creator.handle]) {
        const answer = await raw(server, path, { host });
        expect(answer.status, `${host}${path}`).toBe(421);
        expect(answer.body).not.toContain('<script');
      }
      expect((await raw(server, '/healthz', { host })).status).toBe(200);
      expect((await raw(server, `/internal/tls-allowed?domain=${domain}`, { host })).status).toBe(200);
    }
  });
});

describe('HSTS on an https platform', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({ shareWith: server, env: { APP_URL: 'https://platform.harbour.test', DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET } });
  });
  afterAll(async () => {
    await secure?.stop();
  });

  it("pins the platform's subdomains, never a creator's", async () => {
    await expect.poll(async () => (await raw(secure, '/', { host: domain })).status).toBe(200);
    for (const path of ['/', '/join', '/posts/none']) {
      const page = await raw(secure, path, { host: domain });
      expect(page.headers['strict-transport-security'], path).toBe('max-age=31536000');
    }
    const platform = await raw(secure, '/api/auth/me', { host: 'platform.harbour.test' });
    expect(platform.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const sitePage = await raw(secure, `/@${neighbour.handle}x`, { host: 'platform.harbour.test' });
    expect(sitePage.status).toBe(404);
  });
});
