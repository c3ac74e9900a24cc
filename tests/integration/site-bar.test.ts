/**
 * The bar of a creator's site knows who is reading (issue 10): a visitor is
 * asked to sign in (coming back to the page) or join; a member gets "Your
 * account" and no Join; a member whose membership stopped gets both; the
 * owner gets "Edit site" into the studio. Only a signed-out page may sit in a
 * shared cache, since the bar differs per reader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertMembership, insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let handle: string;
const readers = {} as Record<'owner' | 'member' | 'lapsed' | 'stranger', TestClient>;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.handle.db;
  const owner = await signUpVerified(server);
  const { site, freeTier } = await insertSite(db, await userIdOf(db, owner.email));
  handle = site.handle;
  await insertPost(db, site.id, { slug: 'hello', title: 'Hello' });
  readers.owner = owner.client;
  const member = await signUpVerified(server);
  await insertMembership(db, { siteId: site.id, userId: await userIdOf(db, member.email), tierId: freeTier.id });
  readers.member = member.client;
  const lapsed = await signUpVerified(server);
  await insertMembership(db, { siteId: site.id, userId: await userIdOf(db, lapsed.email), tierId: freeTier.id, status: 'canceled' });
  readers.lapsed = lapsed.client;
  readers.stranger = (await signUpVerified(server)).client;
});

afterAll(async () => {
  await server?.stop();
});

/** The bar's links as [text, href] pairs. */
function barLinks(html: string): [string, string][] {
  const bar = /<header class="site-bar">(.*?)<\/header>/s.exec(html)?.[1];
  expect(bar, 'the page has a site bar').toBeDefined();
  return [...bar!.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => [match[2]!, match[1]!.replace(/&amp;/g, '&')]);
}

const pages = () => [`/@${handle}`, `/@${handle}/posts/hello`];

describe('the site bar', () => {
  it('asks a signed-out visitor to sign in, back to the page they are on, or join; the page may be cached', async () => {
    for (const path of pages()) {
      const page = await createTestClient(server.url).get(path);
      expect(page.status).toBe(200);
      expect(barLinks(page.text)).toEqual([
        ['Harbour Sounds', `/@${handle}`],
        // The site's own sign-in by e-mail (docs/decisions/152), which offers the password sign-in back to this page.
        ['Sign in', `/@${handle}/sign-in?next=${encodeURIComponent(path)}`],
        ['Join', `/@${handle}/join`],
      ]);
      expect(page.headers.get('cache-control')).toBe('public, max-age=60');
      expect(page.headers.get('vary')).toContain('Cookie');
    }
  });

  it('gives a member their account and no Join, on the home page without its join button either', async () => {
    for (const path of pages()) {
      const page = await readers.member.get(path);
      expect(barLinks(page.text).slice(1)).toEqual([['Your account', `/@${handle}/account`]]);
      expect(page.headers.get('cache-control')).toBe('private, no-cache');
    }
    const home = await readers.member.get(`/@${handle}`);
    expect(home.text).not.toContain(`href="/@${handle}/join"`);
  });

  it('gives a member whose membership stopped the way back in and their account', async () => {
    for (const path of pages()) {
      const page = await readers.lapsed.get(path);
      expect(barLinks(page.text).slice(1)).toEqual([
        ['Your account', `/@${handle}/account`],
        ['Join', `/@${handle}/join`],
      ]);
      expect(page.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('gives the owner the way to the studio instead of Join', async () => {
    for (const path of pages()) {
      const page = await readers.owner.get(path);
      expect(barLinks(page.text).slice(1)).toEqual([['Edit site', '/dashboard/overview']]);
      expect(page.headers.get('cache-control')).toBe('private, no-cache');
    }
    const home = await readers.owner.get(`/@${handle}`);
    expect(home.text).not.toContain(`href="/@${handle}/join"`);
  });

  it('asks a signed-in reader who is not a member to join, without a sign-in link', async () => {
    const page = await readers.stranger.get(`/@${handle}`);
    expect(barLinks(page.text).slice(1)).toEqual([['Join', `/@${handle}/join`]]);
  });

  it('follows the reader on the join and account pages too, with no Join on the join page', async () => {
    expect(barLinks((await createTestClient(server.url).get(`/@${handle}/join`)).text).slice(1)).toEqual([['Sign in', `/@${handle}/sign-in?next=${encodeURIComponent(`/@${handle}/join`)}`]]);
    expect(barLinks((await readers.lapsed.get(`/@${handle}/join`)).text).slice(1)).toEqual([['Your account', `/@${handle}/account`]]);
    expect(barLinks((await readers.member.get(`/@${handle}/account`)).text).slice(1)).toEqual([['Your account', `/@${handle}/account`]]);
    expect(barLinks((await readers.lapsed.get(`/@${handle}/account`)).text).slice(1)).toEqual([
      ['Your account', `/@${handle}/account`],
      ['Join', `/@${handle}/join`],
    ]);
    expect(barLinks((await readers.owner.get(`/@${handle}/account`)).text).slice(1)).toEqual([['Edit site', '/dashboard/overview']]);
  });
});
