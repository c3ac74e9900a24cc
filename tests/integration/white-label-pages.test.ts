/**
 * Issue 29 items 1 and 3 (docs/decisions/142): a site's pages show nothing of
 * the platform (its account page offers no site of one's own) unless the operator sets PLATFORM_BADGE=true, and then the
 * footer's "Powered by" links to the platform's APP_URL, never to `/` (the
 * creator's own home on a custom domain). Both footers are tried: the page
 * shell of a site without a design, and a published design's chrome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defaultDesign } from '../../common/design.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertMembership, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let plain: TestServer;
let badged: TestServer;

beforeAll(async () => {
  [plain, badged] = await Promise.all([startTestServer(), startTestServer({ env: { PLATFORM_BADGE: 'true' } })]);
});

afterAll(async () => {
  await Promise.all([plain?.stop(), badged?.stop()]);
});

/** A site without a design and one with a published design, and a member of each who can open its account page. */
async function sites(server: TestServer) {
  const creator = await signUpVerified(server);
  const ownerId = await userIdOf(server.handle.db, creator.email);
  const bare = await insertSite(server.handle.db, ownerId, { title: 'Bare Notes' });
  const other = await signUpVerified(server);
  const designed = await insertSite(server.handle.db, await userIdOf(server.handle.db, other.email), { title: 'Designed Notes' });
  await server.handle.db.insert(siteDesigns).values({ siteId: designed.site.id, published: defaultDesign('#b45309'), publishedVersion: 1, publishedAt: new Date() });
  // A member, not a creator: the account page once offered them a site of their own.
  const member = await signUpVerified(server);
  const memberId = await userIdOf(server.handle.db, member.email);
  await server.handle.db.update(users).set({ role: 'member' }).where(eq(users.id, memberId));
  for (const { site, freeTier } of [bare, designed]) await insertMembership(server.handle.db, { siteId: site.id, userId: memberId, tierId: freeTier.id });
  return { handles: [bare.site.handle, designed.site.handle], member };
}

async function pagesOf(server: TestServer) {
  const { handles, member } = await sites(server);
  const anonymous = createTestClient(server.url);
  const pages: Record<string, string> = {};
  for (const handle of handles) {
    const home = await anonymous.get(`/@${handle}`);
    expect(home.status).toBe(200);
    pages[`${handle} home`] = home.text;
    const account = await member.client.get(`/@${handle}/account`);
    expect(account.status).toBe(200);
    expect(account.text).toContain('Your membership');
    pages[`${handle} account`] = account.text;
  }
  // The design's chrome and the plain shell are both among them.
  expect(Object.values(pages).some((html) => html.includes('data-theme="classic"'))).toBe(true);
  expect(Object.values(pages).some((html) => !html.includes('data-theme='))).toBe(true);
  return pages;
}

describe('the platform badge', () => {
  it('is nowhere on a site’s pages when PLATFORM_BADGE is unset', async () => {
    for (const [page, html] of Object.entries(await pagesOf(plain))) {
      expect(html, page).not.toContain('Powered by');
      expect(html, page).not.toContain('Creator Platform');
      expect(html, page).toContain('>RSS</a>');
      for (const offer of ['Start your own site', 'href="/onboarding"', 'Fully own your brand']) expect(html, page).not.toContain(offer);
    }
  });

  it('links to APP_URL from every site footer when PLATFORM_BADGE=true', async () => {
    for (const [page, html] of Object.entries(await pagesOf(badged))) {
      expect(html, page).toContain(`<a href="${new URL(badged.url).href}">Powered by Creator Platform</a>`);
      expect(html, page).not.toContain('<a href="/">Powered by');
    }
  });
});
