/**
 * /api/posts end to end on the real app: write, read, list, update and
 * delete; slugs made, kept unique and refused when taken; publishing,
 * scheduling and unpublishing; media uses kept in post_media; and another
 * creator's post answering 404 to everything.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, PostAnswer, PostsAnswer } from '../../common/api/posts.ts';
import type { EditorDocument } from '../../common/posts.ts';
import { media, postMedia, posts } from '../../db/content-schema.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { signUpVerified } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let creator: Creator;

beforeAll(async () => {
  server = await startTestServer();
  creator = await creatorWithSite(server);
});
afterAll(async () => {
  await server?.stop();
});

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const documentOf = (...content: object[]): EditorDocument => ({ type: 'doc', content: content as EditorDocument['content'] });

async function createPost(owner: Creator, body: Record<string, unknown>): Promise<Post> {
  const response = await owner.client.post<PostAnswer>('/api/posts', { body: documentOf(paragraph('Hello')), ...body });
  expect(response.status, response.text).toBe(201);
  return response.body.post;
}

async function addMedia(owner: Creator, kind: 'image' | 'video' | 'audio' | 'file' = 'image'): Promise<string> {
  const id = crypto.randomUUID();
  await server.handle.db.insert(media).values({ id, siteId: owner.siteId, kind, originalName: 'a', type: 'image/png', bytes: 1, storageKey: id, status: 'ready' });
  return id;
}

describe('writing a post', () => {
  it('creates a draft with a slug from the title and renders its body', async () => {
    const post = await createPost(creator, { title: 'Crème Brûlée: a love story', excerpt: 'Sweet.' });
    expect(post).toMatchObject({ slug: 'creme-brulee-a-love-story', status: 'draft', visibility: 'public', publishedAt: null, excerpt: 'Sweet.' });
    expect(post.previewHtml).toBe('<p>Hello</p>');
    const read = await creator.client.get<PostAnswer>(`/api/posts/${post.id}`);
    expect(read.body.post.body).toEqual(documentOf(paragraph('Hello')));
    expect(read.body.handle).toBe(creator.handle);
  });

  it('updates, publishes, unpublishes and deletes', async () => {
    const post = await createPost(creator, { title: 'Lifecycle' });
    const updated = await creator.patch<PostAnswer>(`/api/posts/${post.id}`, { body: documentOf(paragraph('Changed')), excerpt: 'New' });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.post).toMatchObject({ previewHtml: '<p>Changed</p>', excerpt: 'New', title: 'Lifecycle' });

    const published = await creator.patch<PostAnswer>(`/api/posts/${post.id}`, { status: 'published' });
    expect(published.body.post.status).toBe('published');
    expect(Date.now() - Date.parse(published.body.post.publishedAt!)).toBeLessThan(60_000);

    const unpublished = await creator.patch<PostAnswer>(`/api/posts/${post.id}`, { status: 'draft' });
    expect(unpublished.body.post).toMatchObject({ status: 'draft', publishedAt: null });

    expect((await creator.delete(`/api/posts/${post.id}`)).status).toBe(204);
    expect((await creator.client.get(`/api/posts/${post.id}`)).status).toBe(404);
  });

  it('imports HTML, splitting at the members-only comment', async () => {
    const post = await createPost(creator, { title: 'Imported', visibility: 'members', body: undefined, html: '<h1>Intro</h1><p>free</p><!--members-only--><p>for <b>members</b></p>' });
    expect(post.previewHtml).toBe('<h2>Intro</h2><p>free</p>');
    expect(post.gatedHtml).toBe('<p>for <strong>members</strong></p>');
    const read = await creator.client.get<PostAnswer>(`/api/posts/${post.id}`);
    expect(read.body.post.body.content?.map((node) => node.type)).toEqual(['heading', 'paragraph', 'membersOnly', 'paragraph']);
  });

  it('puts all of a gated post without a marker behind the gate', async () => {
    const post = await createPost(creator, { title: 'Members only', visibility: 'paid', excerpt: 'Teaser' });
    expect(post).toMatchObject({ previewHtml: '', gatedHtml: '<p>Hello</p>', visibility: 'paid' });
  });

  it('refuses both a body and html, a body of the wrong shape and one too deep', async () => {
    const both = await creator.client.post('/api/posts', { title: 'x', body: documentOf(), html: '<p>x</p>' });
    expect(both.status).toBe(400);
    const wrong = await creator.client.post('/api/posts', { title: 'x', body: { type: 'paragraph' } });
    expect(wrong.status).toBe(400);
    // Written as text: JSON.stringify itself would overflow the stack on it.
    const deep = `${'{"type":"blockquote","content":['.repeat(10_000)}${JSON.stringify(paragraph('deep'))}${']}'.repeat(10_000)}`;
    const tooDeep = await creator.client.post('/api/posts', `{"title":"x","body":{"type":"doc","content":[${deep}]}}`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toMatchObject({ error: { code: 'invalid-input', field: 'body' } });
  });
});

describe('slugs', () => {
  it('numbers a generated slug that is taken: -2, -3', async () => {
    const slugs = [];
    for (let index = 0; index < 3; index += 1) slugs.push((await createPost(creator, { title: 'Same Title' })).slug);
    expect(slugs).toEqual(['same-title', 'same-title-2', 'same-title-3']);
  });

  it('keeps generated slugs unique when written at the same moment', async () => {
    const created = await Promise.all([1, 2, 3, 4].map(() => creator.client.post<PostAnswer>('/api/posts', { title: 'Race', body: documentOf() })));
    expect(created.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(created.map((response) => response.body.post.slug)).size).toBe(4);
  });

  it('answers 409 slug-taken for an explicit slug in use, and 400 for a malformed one', async () => {
    await createPost(creator, { title: 'Mine', slug: 'my-slug' });
    const taken = await creator.client.post('/api/posts', { title: 'Other', slug: 'my-slug', body: documentOf() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: { code: 'slug-taken', field: 'slug' } });
    const other = await createPost(creator, { title: 'Other' });
    const renamed = await creator.patch(`/api/posts/${other.id}`, { slug: 'my-slug' });
    expect(renamed.status).toBe(409);
    const malformed = await creator.client.post('/api/posts', { title: 'x', slug: 'Not A Slug', body: documentOf() });
    expect(malformed.body).toMatchObject({ error: { code: 'invalid-slug', field: 'slug' } });
  });

  it('lets a never-published draft follow its title, and keeps a published slug', async () => {
    const draft = await createPost(creator, { title: 'First words' });
    const retitled = await creator.patch<PostAnswer>(`/api/posts/${draft.id}`, { title: 'Final title' });
    expect(retitled.body.post.slug).toBe('final-title');
    await creator.patch(`/api/posts/${draft.id}`, { status: 'published' });
    const afterPublishing = await creator.patch<PostAnswer>(`/api/posts/${draft.id}`, { title: 'Another title' });
    expect(afterPublishing.body.post.slug).toBe('final-title');
  });

  it('is per site: another creator may use the same slug', async () => {
    const other = await creatorWithSite(server);
    const post = await createPost(other, { title: 'Mine', slug: 'my-slug' });
    expect(post.slug).toBe('my-slug');
  });
});

describe('publishing', () => {
  it('schedules only in the future and publishes only in the past', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const tooEarly = await creator.client.post('/api/posts', { title: 'x', body: documentOf(), status: 'scheduled', publishAt: past });
    expect(tooEarly.body).toMatchObject({ error: { code: 'invalid-publish-time', field: 'publishAt' } });
    const missing = await creator.client.post('/api/posts', { title: 'x', body: documentOf(), status: 'scheduled' });
    expect(missing.status).toBe(400);
    const scheduled = await createPost(creator, { title: 'Later', status: 'scheduled', publishAt: future });
    expect(scheduled).toMatchObject({ status: 'scheduled', publishedAt: future });
    const backdated = await createPost(creator, { title: 'Earlier', status: 'published', publishAt: past });
    expect(backdated.publishedAt).toBe(past);
  });

  it('needs a title to publish', async () => {
    const untitled = await creator.client.post('/api/posts', { title: '', body: documentOf(), status: 'published' });
    expect(untitled.body).toMatchObject({ error: { code: 'invalid-input', field: 'title' } });
    const draft = await createPost(creator, { title: '' });
    expect(draft.slug).toMatch(/^untitled/);
  });
});

describe('listing', () => {
  it('filters by status, searches title and excerpt, counts, leaves the body out', async () => {
    const owner = await creatorWithSite(server);
    await createPost(owner, { title: 'Apple pie', excerpt: 'baking' });
    await createPost(owner, { title: 'Banana bread', excerpt: 'more baking', status: 'published' });
    await createPost(owner, { title: 'Cherry 100%_off', status: 'scheduled', publishAt: new Date(Date.now() + 3_600_000).toISOString() });

    const all = await owner.client.get<PostsAnswer>('/api/posts');
    expect(all.body.counts).toEqual({ all: 3, draft: 1, scheduled: 1, published: 1 });
    expect(all.body.handle).toBe(owner.handle);
    expect(all.body.posts[0]).not.toHaveProperty('body');
    expect(all.body.posts[0]).not.toHaveProperty('gatedHtml');

    const published = await owner.client.get<PostsAnswer>('/api/posts?status=published');
    expect(published.body.posts.map((post) => post.title)).toEqual(['Banana bread']);

    const search = await owner.client.get<PostsAnswer>('/api/posts?q=BAKING');
    expect(search.body.posts.map((post) => post.title).sort()).toEqual(['Apple pie', 'Banana bread']);
    expect(search.body.counts.all).toBe(2);

    const wildcard = await owner.client.get<PostsAnswer>('/api/posts?q=%25_');
    expect(wildcard.body.posts.map((post) => post.title)).toEqual(['Cherry 100%_off']);
  });

  it("never lists another creator's posts", async () => {
    const owner = await creatorWithSite(server);
    await createPost(owner, { title: 'Only mine' });
    const stranger = await creatorWithSite(server);
    const list = await stranger.client.get<PostsAnswer>('/api/posts?q=Only');
    expect(list.body.posts).toEqual([]);
    expect(list.body.counts.all).toBe(0);
  });

  it('is empty, with no handle, for a creator without a site; creating asks for the site', async () => {
    const { client } = await signUpVerified(server);
    const list = await client.get<PostsAnswer>('/api/posts');
    expect(list.body).toEqual({ posts: [], counts: { all: 0, draft: 0, scheduled: 0, published: 0 }, handle: null });
    const create = await client.post('/api/posts', { title: 'x', body: documentOf() });
    expect(create.status).toBe(409);
    expect(create.body).toMatchObject({ error: { code: 'site-required' } });
  });
});

describe('media of a post', () => {
  it('keeps post_media in step with the cover and the body, by place', async () => {
    const cover = await addMedia(creator);
    const before = await addMedia(creator, 'video');
    const after = await addMedia(creator, 'file');
    const post = await createPost(creator, {
      title: 'With media',
      coverMediaId: cover,
      body: documentOf(paragraph('a'), { type: 'media', attrs: { id: before } }, { type: 'membersOnly' }, { type: 'media', attrs: { id: after, caption: 'The PDF' } }),
    });
    expect(post.previewHtml).toContain(`<figure data-media-id="${before}" data-media-kind="video"></figure>`);
    expect(post.gatedHtml).toBe(`<figure data-media-id="${after}" data-media-kind="file"><figcaption>The PDF</figcaption></figure>`);
    const uses = await server.handle.db.select().from(postMedia).where(eq(postMedia.postId, post.id));
    expect(uses.map(({ mediaId, place }) => ({ mediaId, place })).sort((a, b) => a.place.localeCompare(b.place))).toEqual([
      { mediaId: cover, place: 'cover' },
      { mediaId: after, place: 'gated' },
      { mediaId: before, place: 'preview' },
    ]);

    await creator.patch(`/api/posts/${post.id}`, { coverMediaId: null, body: documentOf(paragraph('none')) });
    expect(await server.handle.db.select().from(postMedia).where(eq(postMedia.postId, post.id))).toEqual([]);
  });

  it("drops another site's media from the body and refuses it as the cover", async () => {
    const other = await creatorWithSite(server);
    const foreign = await addMedia(other);
    const post = await createPost(creator, { title: 'Foreign media', body: documentOf({ type: 'media', attrs: { id: foreign } }) });
    expect(post.previewHtml).not.toContain(foreign);
    const cover = await creator.client.post('/api/posts', { title: 'x', body: documentOf(), coverMediaId: foreign });
    expect(cover.body).toMatchObject({ error: { code: 'invalid-input', field: 'coverMediaId' } });
  });
});

describe("another creator's post", () => {
  it('is 404 on GET, PATCH and DELETE, and is left unchanged', async () => {
    const post = await createPost(creator, { title: 'Private draft title' });
    const stranger = await creatorWithSite(server);
    for (const response of [
      await stranger.client.get(`/api/posts/${post.id}`),
      await stranger.patch(`/api/posts/${post.id}`, { title: 'Hijacked' }),
      await stranger.delete(`/api/posts/${post.id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: { code: 'not-found' } });
      expect(response.text).not.toContain('Private draft title');
    }
    const [row] = await server.handle.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.title).toBe('Private draft title');
    expect((await stranger.client.get('/api/posts/not-a-uuid')).status).toBe(404);
  });

  it('needs a verified creator and the same origin', async () => {
    const anonymous = await fetch(new URL('/api/posts', server.url));
    expect(anonymous.status).toBe(401);
    const crossSite = await creator.client.post('/api/posts', { title: 'x', body: documentOf() }, { origin: 'https://evil.test' });
    expect(crossSite.status).toBe(403);
  });
});
