/**
 * The studio's posts list pages beyond its first answer (issue 15, item 10):
 * with more than 500 posts, seeded in bulk, following `nextCursor` reaches
 * every post once, in the list's order, with the status filter and the search
 * kept; a cursor the server did not make is a 400, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_SIZE, type PostsAnswer } from '../../common/api/posts.ts';
import type { PostStatus } from '../../common/posts.ts';
import { posts } from '../../db/content-schema.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const POST_COUNT = 620;

let server: TestServer;
let creator: Creator;
type Seeded = { id: string; status: PostStatus; excerpt: string; publishedAt: Date | null; createdAt: Date };
let seeded: Seeded[];

beforeAll(async () => {
  server = await startTestServer();
  creator = await creatorWithSite(server);
  const base = Date.parse('2026-01-01T00:00:00Z');
  // Many posts share a creation time (saved in the same second by an import, say), so the id decides between them.
  const rows = Array.from({ length: POST_COUNT }, (_, index) => {
    const status: PostStatus = index % 3 === 0 ? 'draft' : 'published';
    const createdAt = new Date(base + Math.floor(index / 7) * 1000);
    return {
      siteId: creator.siteId,
      slug: `post-${index}`,
      title: `Post ${index}`,
      excerpt: index % 2 === 0 ? 'an even one' : 'an odd one',
      body: { type: 'doc' as const, content: [] },
      status,
      publishedAt: status === 'published' ? new Date(base + (index % 50) * 60_000) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  seeded = await server.handle.db
    .insert(posts)
    .values(rows)
    .returning({ id: posts.id, status: posts.status, excerpt: posts.excerpt, publishedAt: posts.publishedAt, createdAt: posts.createdAt });
});
afterAll(async () => {
  await server?.stop();
});

/** The list's order: when shown (published, else created), then created, then id, all newest first. */
function expectedOrder(rows: Seeded[]): string[] {
  const shownAt = (row: Seeded) => (row.publishedAt ?? row.createdAt).getTime();
  return [...rows]
    .sort((a, b) => shownAt(b) - shownAt(a) || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);
}

async function everyPage(query: string): Promise<{ ids: string[]; pages: PostsAnswer[] }> {
  const pages: PostsAnswer[] = [];
  let cursor: string | undefined;
  do {
    const separator = query ? '&' : '';
    const response = await creator.client.get<PostsAnswer>(`/api/posts?${query}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status, response.text).toBe(200);
    pages.push(response.body);
    cursor = response.body.nextCursor;
  } while (cursor && pages.length <= POST_COUNT);
  return { ids: pages.flatMap((page) => page.posts.map((post) => post.id)), pages };
}

describe('paging the posts list', () => {
  it('reaches every one of more than 500 posts once, in order, a page at a time', async () => {
    const { ids, pages } = await everyPage('');
    expect(ids).toHaveLength(POST_COUNT);
    expect(ids).toEqual(expectedOrder(seeded));
    expect(pages.length).toBe(Math.ceil(POST_COUNT / POSTS_PAGE_SIZE));
    expect(pages.every((page) => page.posts.length <= POSTS_PAGE_SIZE)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeUndefined();
    // Every page counts the whole list, not just itself.
    expect(pages.map((page) => page.counts.all)).toEqual(pages.map(() => POST_COUNT));
  });

  it('keeps the status filter and the search on every page', async () => {
    const wanted = seeded.filter((row) => row.status === 'published' && row.excerpt.includes('even'));
    expect(wanted.length).toBeGreaterThan(POSTS_PAGE_SIZE);
    const { ids, pages } = await everyPage('status=published&q=even');
    expect(ids).toEqual(expectedOrder(wanted));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.counts).toMatchObject({ all: POST_COUNT / 2, published: wanted.length });
  });

  it.each([
    ['not base64 JSON', 'garbage!'],
    ['not a list', Buffer.from('{"a":1}').toString('base64url')],
    ['a key that is not a number', Buffer.from(JSON.stringify(['yesterday', '1', crypto.randomUUID()])).toString('base64url')],
    ['a key too large for its column', Buffer.from(JSON.stringify(['9'.repeat(30), '1', crypto.randomUUID()])).toString('base64url')],
    ['an id that is not a uuid', Buffer.from(JSON.stringify(['1', '1', 'x'])).toString('base64url')],
    ['too long', 'a'.repeat(500)],
  ])('answers a cursor that is %s with 400 invalid-input', async (_, cursor) => {
    const response = await creator.client.get(`/api/posts?cursor=${encodeURIComponent(cursor)}`);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid-input' } });
  });
});
