/**
 * Issue 29 item 1, review findings M5 and H3 (docs/decisions/153): a missing
 * page of a site is a 404 in the site's frame with a way back to its home, and
 * a join form's terms line links to the site's own copies of the terms and the
 * privacy policy, which name neither the platform nor its tagline; on the
 * site's custom domain too. Real server, real DNS server, the `Host` a browser
 * sends through the proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME, TAGLINE } from '../../common/constants.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { activateDomain } from '../support/active-domain.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { requestWithHost } from '../support/host-request.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertTier } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TARGET = 'edge.platform.test';
const domain = 'framed.harbour.test';

let dns: TestDnsServer;
let server: TestServer;
/** A site on the platform only, and one with an active custom domain. */
let plain: Creator;
let domained: Creator;

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ env: { DNS_RESOLVER: dns.address, DOMAIN_CNAME_TARGET: TARGET, DNS_TIMEOUT_MS: '200', SUPPORT_EMAIL: 'help@operator.test' } });
  [plain, domained] = await Promise.all([creatorWithSite(server), creatorWithSite(server)]);
  await insertTier(server.handle.db, plain.siteId, { type: 'free', name: 'Free' });
  await insertTier(server.handle.db, domained.siteId, { type: 'free', name: 'Free' });
  await activateDomain(server, dns, domained, domain, TARGET);
});

afterAll(async () => {
  await server?.stop();
  await dns?.close();
});

const titleOf = (creator: Creator) => `The ${creator.handle} site`;

/** A page of the site's own: its bar with its name, nothing of the platform. */
function expectSiteFrame(html: string, creator: Creator, home: string) {
  expect(html).toContain(`<a class="site-bar__title" href="${home}">${titleOf(creator)}</a>`);
  expect(html).not.toContain(PRODUCT_NAME);
  expect(html).not.toContain(TAGLINE);
  expect(html).not.toContain('Back to reality');
}

describe('a missing page of a site', () => {
  it('is a 404 in the site’s frame with a link to its home, for a missing post and any unknown path', async () => {
    const anonymous = createTestClient(server.url);
    for (const path of ['/posts/no-such-post', '/no-such-page', '/account/a/b', '?page=0']) {
      const page = await anonymous.get(`/@${plain.handle}${path}`);
      expect(page.status, path).toBe(404);
      expectSiteFrame(page.text, plain, `/@${plain.handle}`);
      expect(page.text).toContain('<h1 class="post__title">Page not found</h1>');
      expect(page.text).toContain(`<a class="button" href="/@${plain.handle}">Go to ${titleOf(plain)}</a>`);
      expect(page.text).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('of an unknown handle is still the platform’s bare 404', async () => {
    const page = await createTestClient(server.url).get('/@no-such-handle-at-all/posts/x');
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('site-bar');
  });

  it('on the site’s custom domain is the site’s 404 for a page, a bare one for the API', async () => {
    for (const path of ['/no-such-page', '/posts/no-such-post', '/studio', '/dashboard/posts']) {
      const page = await requestWithHost(server, path, { host: domain });
      expect(page.status, path).toBe(404);
      expectSiteFrame(page.body, domained, '/');
      expect(page.body).toContain(`<a class="button" href="/">Go to ${titleOf(domained)}</a>`);
    }
    const api = await requestWithHost(server, '/api/no-such-thing', { host: domain });
    expect(api.status).toBe(404);
    expect(api.body).not.toContain('site-bar');
  });
});

describe('the terms and privacy policy a join form links to', () => {
  it('are the site’s own pages, linked from the join form', async () => {
    const join = await createTestClient(server.url).get(`/@${plain.handle}/join`);
    expect(join.status).toBe(200);
    expect(join.text).toContain(`<a href="/@${plain.handle}/terms">Terms</a>`);
    expect(join.text).toContain(`<a href="/@${plain.handle}/privacy">Privacy Policy</a>`);
    expect(join.text).not.toContain('/terms-conditions');
    expect(join.text).not.toContain('/privacy-policy');
  });

  it('show the policy in the site’s frame in neutral words, with the operator’s support address', async () => {
    const anonymous = createTestClient(server.url);
    for (const [path, heading, words] of [
      ['/terms', 'Terms &amp; Conditions', 'These Terms and Conditions govern your use of this site. The operator of this site (“we”, “us”) provides the service described here.'],
      ['/privacy', 'Privacy Policy', 'The operator of this site (“we”, “us”) is responsible for the data it holds.'],
    ] as const) {
      const page = await anonymous.get(`/@${plain.handle}${path}`);
      expect(page.status, path).toBe(200);
      expectSiteFrame(page.text, plain, `/@${plain.handle}`);
      expect(page.text).toContain(`<h1 class="post__title">${heading}</h1>`);
      expect(page.text).toContain(words);
      expect(page.text).not.toMatch(/the platform/i);
      expect(page.text).not.toContain('this installation');
    }
    const terms = await anonymous.get(`/@${plain.handle}/terms`);
    expect(terms.text).toContain('<a href="mailto:help@operator.test">help@operator.test</a>');
  });

  it('are at /terms and /privacy on the site’s domain, where the platform’s addresses lead to them', async () => {
    const join = await requestWithHost(server, '/join', { host: domain });
    expect(join.body).toContain('<a href="/terms">Terms</a>');
    for (const path of ['/terms', '/privacy']) {
      const page = await requestWithHost(server, path, { host: domain });
      expect(page.status, path).toBe(200);
      expectSiteFrame(page.body, domained, '/');
    }
    const old = await requestWithHost(server, '/terms-conditions', { host: domain });
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/terms');
    expect((await requestWithHost(server, '/privacy-policy', { host: domain })).headers.location).toBe('/privacy');
  });
});
