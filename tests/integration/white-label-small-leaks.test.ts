/**
 * Review findings L1, L3 and L4 (docs/decisions/153): the suspended-site page
 * names no platform and links nowhere; the domain's answer to a sign-in link
 * that no longer works wears the site's name and colour; a site whose design
 * has no logo shows its avatar in its mail, linked on its own domain. Real
 * server, real DNS server, real SMTP sink.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME, TAGLINE } from '../../common/constants.ts';
import { defaultDesign } from '../../common/design.ts';
import { sites } from '../../db/content-schema.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { siteSuspensions } from '../../db/reports-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { activateDomain } from '../support/active-domain.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { requestWithHost } from '../support/host-request.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertMedia, insertMembership, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';
const domain = 'small.harbour.test';
const TITLE = 'Kelp Field Notes';
const COLOUR = '#15803d';

const time = createTestClock();
let dns: TestDnsServer;
let server: TestServer;
let creator: Creator;
let avatarId: string;

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ clock: time.clock, env: { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DNS_TIMEOUT_MS: '200' } });
  creator = await creatorWithSite(server);
  const db = server.handle.db;
  avatarId = (await insertMedia(db, creator.siteId, 'image')).id;
  await db.update(sites).set({ title: TITLE, brandColor: COLOUR, avatarMediaId: avatarId }).where(eq(sites.id, creator.siteId));
  // A published design without a logo: the avatar stands in.
  await db.insert(siteDesigns).values({ siteId: creator.siteId, published: { ...defaultDesign(COLOUR), logoId: null }, publishedVersion: 1, publishedAt: new Date() });
  await activateDomain(server, dns, creator, domain, TARGET);
});

afterAll(async () => {
  await server?.stop();
  await dns?.close();
});

describe('small white-label leaks', () => {
  it('L3: a used or foreign sign-in link on the domain is refused in the site’s name and colour', async () => {
    const answer = await requestWithHost(server, '/auth/handoff?token=not-a-token&next=/', { host: domain });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('This sign-in link no longer works');
    expect(answer.body).toContain(`<title>Sign-in link expired | ${TITLE}</title>`);
    expect(answer.body).toContain(`<a href="/">${TITLE}</a>`);
    expect(answer.body).toContain(`background:${COLOUR}`);
    expect(answer.body).not.toContain('#4b32c3');
    expect(answer.body).not.toContain(PRODUCT_NAME);
  });

  it('L4: a site whose design has no logo shows its avatar in a member’s mail, at its address on the site’s domain', async () => {
    const member = await signUpVerified(server);
    const userId = await userIdOf(server.handle.db, member.email);
    await server.handle.db.update(users).set({ role: 'member' }).where(eq(users.id, userId));
    const tier = await insertTier(server.handle.db, creator.siteId, { type: 'free', name: 'Free' });
    await insertMembership(server.handle.db, { siteId: creator.siteId, userId, tierId: tier.id });
    time.advance(61_000);
    expect((await createTestClient(server.url).post('/api/auth/password-reset', { email: member.email })).status).toBe(202);
    const [, reset] = await server.smtp.waitForMail(member.email, { count: 2 });
    expect(reset!.subject).toBe('Reset your password');
    expect(reset!.html).toMatch(new RegExp(`<img src="https://${domain.replaceAll('.', '\\.')}/media/${avatarId}/public/[^"]+"`));
    // The reset link is where it was asked for (the platform); the logo is the site's own.
    expect(reset!.html).not.toContain(`<img src="${server.url}`);
    expect(reset!.text + reset!.html).not.toContain(TAGLINE);
  });

  it('L1: a suspended site’s page names no platform and links nowhere', async () => {
    const other = await creatorWithSite(server);
    await server.handle.db.insert(siteSuspensions).values({ siteId: other.siteId, reason: 'test' });
    const gone = await createTestClient(server.url).get(`/@${other.handle}`);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('This site is suspended');
    expect(gone.text).toContain('The operator of this service has taken this site down for now.');
    expect(gone.text).not.toContain(PRODUCT_NAME);
    expect(gone.text).not.toContain('<a ');
  });
});
