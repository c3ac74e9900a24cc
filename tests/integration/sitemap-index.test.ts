/**
 * The sitemap as an index of pages of at most 50,000 URLs (issue 15, item 5)
 * on the real app and a real database with more than 50,000 public posts
 * seeded in one statement: the index names the sites' page and two posts'
 * pages, each page is valid XML within the limit, together they list every
 * public live post once and nothing gated or unpublished; the index is kept
 * in memory a few minutes and carries HTTP caching headers.
 */
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import xml from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_PAGE_SIZE, SITEMAP_TTL_MS } from '../../server/public-site/sitemap.ts';
import { signUpVerified } from '../support/accounts.ts';
import { sitemapLocs } from '../support/sitemap.ts';
import { insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const SEEDED = SITEMAP_PAGE_SIZE + 25;

let server: TestServer;
const time = createTestClock();
let site: Awaited<ReturnType<typeof insertSite>>['site'];
let hiddenSite: Awaited<ReturnType<typeof insertSite>>['site'];
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  const creator = await signUpVerified(server);
  site = (await insertSite(db(), await userIdOf(db(), creator.email))).site;
  const other = await signUpVerified(server);
  hiddenSite = (await insertSite(db(), await userIdOf(db(), other.email), { publishedAt: null })).site;
  await db().execute(sql`
    insert into posts (site_id, slug, title, body, visibility, status, published_at)
    select ${site.id}, 'bulk-' || n, 'Bulk ' || n, '{"type":"doc","content":[]}'::jsonb, 'public', 'published', now() - interval '1 day'
    from generate_series(1, ${SEEDED}) as n`);
  await insertPost(db(), site.id, { slug: 'for-members', visibility: 'members' });
  await insertPost(db(), site.id, { slug: 'for-payers', visibility: 'paid' });
  await insertPost(db(), site.id, { slug: 'unfinished', status: 'draft', publishedAt: null });
  await insertPost(db(), hiddenSite.id, { slug: 'on-a-hidden-site' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { headers });

/** A conditional GET as a crawler sends it (fetch would add `Cache-Control: no-cache`, which forbids a 304). */
function conditionalStatus(path: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(new URL(path, server.url), { headers: { 'if-none-match': etag } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('the sitemap index', () => {
  it('names a sites page and two posts pages, each valid and within 50,000 URLs, listing every public live post once', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const indexXml = await index.text();
    expect(xml.validate(indexXml)).toBe(true);
    expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const pages = sitemapLocs(indexXml);
    expect(pages).toEqual([`${server.url}/sitemaps/sites-1.xml`, `${server.url}/sitemaps/posts-1.xml`, `${server.url}/sitemaps/posts-2.xml`]);

    const listed: string[] = [];
    for (const page of pages) {
      const answer = await get(page);
      expect(answer.status, page).toBe(200);
      const document = await answer.text();
      expect(xml.validate(document), page).toBe(true);
      expect(document).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const urls = sitemapLocs(document);
      expect(urls.length, page).toBeLessThanOrEqual(SITEMAP_PAGE_SIZE);
      listed.push(...urls);
    }
    expect(listed).toContain(`${server.url}/@${site.handle}`);
    const posts = listed.filter((url) => url.includes('/posts/'));
    expect(posts.length).toBe(SEEDED);
    expect(new Set(posts).size).toBe(SEEDED);
    expect(posts).toContain(`${server.url}/@${site.handle}/posts/bulk-${SEEDED}`);
    for (const hidden of ['for-members', 'for-payers', 'unfinished', 'on-a-hidden-site']) expect(posts.some((url) => url.endsWith(`/posts/${hidden}`))).toBe(false);
    expect(listed.some((url) => url.includes(hiddenSite.handle))).toBe(false);
  }, 120_000);

  it('is kept in memory a few minutes, with caching headers, then shows what was published meanwhile', async () => {
    const before = await get('/sitemaps/posts-2.xml');
    expect(before.headers.get('cache-control')).toBe(`public, max-age=${SITEMAP_TTL_MS / 1000}`);
    const etag = before.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(await conditionalStatus('/sitemaps/posts-2.xml', etag!)).toBe(304);
    await before.body?.cancel();

    // An id after every seeded one, so it lands on the last page.
    await db().execute(sql`
      insert into posts (id, site_id, slug, title, body, visibility, status, published_at)
      values ('ffffffff-ffff-4fff-bfff-ffffffffffff', ${site.id}, 'late-news', 'Late news', '{"type":"doc","content":[]}'::jsonb, 'public', 'published', now() - interval '1 minute')`);
    expect(await (await get('/sitemaps/posts-2.xml')).text()).not.toContain('/posts/late-news<');
    time.advance(SITEMAP_TTL_MS + 1000);
    expect(await (await get('/sitemap.xml')).text()).toContain('/sitemaps/posts-2.xml');
    expect(await (await get('/sitemaps/posts-2.xml')).text()).toContain('/posts/late-news<');
  }, 120_000);

  it('is 404 for a page it does not name', async () => {
    for (const name of ['posts-3.xml', 'posts-0.xml', 'sites-2.xml', 'tiers-1.xml', 'posts-1.xml.gz', 'posts-01.xml']) {
      const answer = await get(`/sitemaps/${name}`);
      expect(answer.status, name).toBe(404);
      await answer.body?.cancel();
    }
  });
});
