/**
 * Comments under posts (issue 19) on the real app: rendered with the post
 * and readable without JavaScript, the plain forms, one level of replies,
 * edit for 15 minutes, delete own; the creator hides, pins, blocks and turns
 * comments off; who may comment follows the access rule (a non-member or a
 * lapsed member is refused, a stranger's id is 404); markup is inert and
 * links carry rel="ugc nofollow"; per-member limits; the anonymous page
 * cache shows a new comment at once; a post with 200 comments is paged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentsAnswer } from '../../common/api/comments.ts';
import type { PostsAnswer } from '../../common/api/posts.ts';
import { comments } from '../../db/messaging-schema.ts';
import { settings } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator, postForm as postFormAs } from '../support/creator-site.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertMembership, insertPost, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { ActivityEvent } from '../../common/api/reports.ts';

let server: TestServer;
let creator: Creator;
let freeTierId: string;

interface Reader {
  client: TestClient;
  userId: string;
}

beforeAll(async () => {
  server = await startTestServer({ env: { COMMENTS_PER_MINUTE: '10' } });
  creator = await creatorWithSite(server);
  freeTierId = (await insertTier(server.handle.db, creator.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null })).id;
});

afterAll(async () => {
  await server?.stop();
});

async function newReader(member = true, status: 'active' | 'canceled' = 'active'): Promise<Reader> {
  const { client, email } = await signUpVerified(server);
  const userId = await userIdOf(server.handle.db, email);
  if (member) await insertMembership(server.handle.db, { siteId: creator.siteId, userId, tierId: freeTierId, status });
  return { client, userId };
}

async function newPost(visibility: 'public' | 'members' = 'public') {
  return insertPost(server.handle.db, creator.siteId, { visibility });
}

const commentsPath = (slug: string) => `/api/sites/${creator.handle}/posts/${slug}/comments`;
const pagePath = (slug: string) => `/@${creator.handle}/posts/${slug}`;

const postForm = (client: TestClient, path: string, fields: Record<string, string>) => postFormAs(server, client, path, fields);

describe('readers comment under a post', () => {
  it('shows a new comment on the anonymous (cached) page at once, markup inert and links with rel="ugc nofollow"', async () => {
    const post = await newPost();
    const anonymous = createTestClient(server.url);
    const before = await anonymous.get(pagePath(post.slug));
    expect(before.text).toContain('No comments yet.');
    expect(before.text).toContain('Sign in</a> to join the conversation');
    expect(server.services.pageCache.get(pagePath(post.slug))).toBeDefined();

    const reader = await newReader();
    const posted = await reader.client.post(commentsPath(post.slug), { text: '<script>alert(1)</script> see "https://example.com/a?b=1&c=2".' });
    expect(posted.status, posted.text).toBe(201);
    const after = await anonymous.get(pagePath(post.slug));
    expect(after.text).toContain('1 comment');
    expect(after.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(after.text).not.toContain('<script>alert(1)');
    expect(after.text).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="ugc nofollow">');
    // The creator's Recent Activity names the comment's post.
    const activity = await creator.client.get<{ events: ActivityEvent[] }>('/api/activity?type=commented');
    expect(activity.body.events.map((event) => event.post?.id)).toContain(post.id);
  });

  it('works without JavaScript: the form posts and comes back to the comment, replies stay one level deep', async () => {
    const post = await newPost();
    const reader = await newReader();
    const sent = await postForm(reader.client, `${pagePath(post.slug)}/comments`, { text: 'First!' });
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${pagePath(post.slug)}\\?cnotice=posted#comment-[0-9a-f-]{36}$`));
    const topId = location.slice(location.indexOf('#comment-') + '#comment-'.length);

    const other = await newReader();
    expect((await postForm(other.client, `${pagePath(post.slug)}/comments`, { text: 'A reply', parentId: topId })).status).toBe(303);
    const listed = await other.client.get<CommentsAnswer>(commentsPath(post.slug));
    const replyId = listed.body.comments[0]!.replies[0]!.id;
    // A reply to a reply joins the thread of its top comment.
    expect((await reader.client.post(commentsPath(post.slug), { text: 'Reply to the reply', parentId: replyId })).status).toBe(201);
    const again = await reader.client.get<CommentsAnswer>(commentsPath(post.slug));
    expect(again.body.comments).toHaveLength(1);
    expect(again.body.comments[0]!.replies.map((reply) => reply.text)).toEqual(['A reply', 'Reply to the reply']);

    const page = await reader.client.get(`${pagePath(post.slug)}?cnotice=posted`);
    expect(page.text).toContain('Your comment is posted.');
    expect(page.text).toContain(`id="comment-${topId}"`);
    expect(page.text).toContain(`action="/@${creator.handle}/comments/${topId}/edit"`);
  });

  it('lets the author edit for 15 minutes and delete their own, and is 404 to anyone else', async () => {
    const post = await newPost();
    const reader = await newReader();
    const { body } = await reader.client.post<{ id: string }>(commentsPath(post.slug), { text: 'Tpyo' });
    expect((await sendJson(server, reader.client, 'PATCH', `/api/comments/${body.id}`, { text: 'Typo' })).status).toBe(204);
    const stranger = await newReader();
    expect((await sendJson(server, stranger.client, 'PATCH', `/api/comments/${body.id}`, { text: 'Mine now' })).status).toBe(404);
    expect((await sendJson(server, stranger.client, 'DELETE', `/api/comments/${body.id}`)).status).toBe(404);
    expect((await sendJson(server, stranger.client, 'PATCH', `/api/comments/${body.id}`, { hidden: true })).status).toBe(404);

    await server.handle.db.update(comments).set({ createdAt: new Date(Date.now() - 16 * 60_000) }).where(eq(comments.id, body.id));
    const late = await sendJson(server, reader.client, 'PATCH', `/api/comments/${body.id}`, { text: 'Too late' });
    expect(late.status).toBe(403);
    expect(late.text).toContain('15 minutes');
    expect((await sendJson(server, reader.client, 'DELETE', `/api/comments/${body.id}`)).status).toBe(204);
    expect((await reader.client.get<CommentsAnswer>(commentsPath(post.slug))).body.comments).toEqual([]);
  });
});

describe('counts', () => {
  it('shows the comments readers see in the studio\'s posts list and on the public post list', async () => {
    const post = await newPost();
    const reader = await newReader();
    await reader.client.post(commentsPath(post.slug), { text: 'One' });
    const hidden = await reader.client.post<{ id: string }>(commentsPath(post.slug), { text: 'Two' });
    await reader.client.post(commentsPath(post.slug), { text: 'Three' });
    await sendJson(server, creator.client, 'PATCH', `/api/comments/${hidden.body.id}`, { hidden: true });
    const list = await creator.client.get<PostsAnswer>('/api/posts');
    expect(list.body.posts.find((row) => row.id === post.id)!.commentCount).toBe(2);
    const home = await createTestClient(server.url).get(`/@${creator.handle}`);
    expect(home.text.slice(home.text.indexOf(post.title), home.text.indexOf(post.title) + 600)).toContain(`<a href="${pagePath(post.slug)}#comments">2 comments</a>`);
  });
});

describe('the creator moderates', () => {
  it('pins one first, hides one from readers, blocks an author, and turns comments off for a post and for the site', async () => {
    const post = await newPost();
    const first = await newReader();
    const second = await newReader();
    const one = await first.client.post<{ id: string }>(commentsPath(post.slug), { text: 'One' });
    const two = await second.client.post<{ id: string }>(commentsPath(post.slug), { text: 'Two' });

    expect((await postForm(creator.client, `/@${creator.handle}/comments/${two.body.id}/pin`, {})).status).toBe(303);
    expect((await postForm(creator.client, `/@${creator.handle}/comments/${one.body.id}/hide`, {})).status).toBe(303);
    const seen = await createTestClient(server.url).get<CommentsAnswer>(commentsPath(post.slug));
    expect(seen.body.comments.map((comment) => comment.text)).toEqual(['Two']);
    expect(seen.body.comments[0]!.pinned).toBe(true);
    const ownerView = await creator.client.get<CommentsAnswer>(commentsPath(post.slug));
    expect(ownerView.body.comments.map((comment) => [comment.text, comment.hidden])).toEqual([
      ['Two', false],
      ['One', true],
    ]);
    const anonymousPage = await createTestClient(server.url).get(pagePath(post.slug));
    expect(anonymousPage.text).not.toContain('>One<');

    expect((await postForm(creator.client, `/@${creator.handle}/comments/${two.body.id}/block`, {})).status).toBe(303);
    const blocked = await second.client.post(commentsPath(post.slug), { text: 'Again' });
    expect(blocked.status).toBe(403);
    expect(blocked.text).toContain('Comments are closed here.');

    expect((await postForm(creator.client, `${pagePath(post.slug)}/comments/close`, {})).status).toBe(303);
    expect((await first.client.post(commentsPath(post.slug), { text: 'Closed?' })).status).toBe(403);
    expect((await createTestClient(server.url).get(pagePath(post.slug))).text).toContain('Comments are closed here.');
    expect((await sendJson(server, creator.client, 'DELETE', `/api/posts/${post.id}/comments-closed`)).status).toBe(204);
    expect((await first.client.post(commentsPath(post.slug), { text: 'Open again' })).status).toBe(201);

    await creator.patch('/api/sites/mine', { commentsFrom: 'off' });
    expect((await first.client.post(commentsPath(post.slug), { text: 'Off?' })).status).toBe(403);
    await creator.patch('/api/sites/mine', { commentsFrom: 'members' });
    // Another creator cannot close this creator's post.
    const other = await creatorWithSite(server);
    expect((await sendJson(server, other.client, 'POST', `/api/posts/${post.id}/comments-closed`)).status).toBe(404);
    expect((await sendJson(server, other.client, 'DELETE', `/api/comments/${one.body.id}`)).status).toBe(404);
  });
});

describe('who may comment', () => {
  it('refuses a signed-in non-member and a lapsed member, and a members post is 404 to those who cannot read it', async () => {
    const post = await newPost();
    const stranger = await newReader(false);
    expect((await stranger.client.post(commentsPath(post.slug), { text: 'Hi' })).status).toBe(403);
    const lapsed = await newReader(true, 'canceled');
    expect((await lapsed.client.post(commentsPath(post.slug), { text: 'Hi' })).status).toBe(403);
    expect((await createTestClient(server.url).post(commentsPath(post.slug), { text: 'Hi' })).status).toBe(401);

    const members = await newPost('members');
    expect((await stranger.client.get(commentsPath(members.slug))).status).toBe(404);
    expect((await stranger.client.post(commentsPath(members.slug), { text: 'Hi' })).status).toBe(404);
    const page = await createTestClient(server.url).get(pagePath(members.slug));
    expect(page.text).not.toContain('id="comments"');
  });

  it('answers 429 with a clear message past the per-member limit', async () => {
    const post = await newPost();
    const reader = await newReader();
    const statuses: number[] = [];
    for (let index = 0; index < 12; index++) statuses.push((await reader.client.post(commentsPath(post.slug), { text: `Comment ${index}` })).status);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    const refused = await reader.client.post(commentsPath(post.slug), { text: 'More' });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Please wait a minute');
  });
});

describe('maintenance', () => {
  it('leaves the comment form unanswered while maintenance is on, like the page it comes from', async () => {
    const post = await newPost();
    const reader = await newReader();
    const switchTo = async (on: boolean) => {
      await server.handle.db.update(settings).set({ maintenance: on }).where(eq(settings.id, true));
      await server.services.maintenance.refresh();
    };
    await switchTo(true);
    try {
      const refused = await postForm(reader.client, `${pagePath(post.slug)}/comments`, { text: 'During maintenance' });
      expect(refused.status).not.toBe(303);
    } finally {
      await switchTo(false);
    }
    expect(await server.handle.db.select({ id: comments.id }).from(comments).where(eq(comments.postId, post.id))).toEqual([]);
    expect((await postForm(reader.client, `${pagePath(post.slug)}/comments`, { text: 'After maintenance' })).status).toBe(303);
  });
});

describe('a post with 200 comments', () => {
  it('renders the first 50 with their replies and a link to more', async () => {
    const post = await newPost();
    const reader = await newReader();
    const rows = Array.from({ length: 200 }, (_, index) => ({
      postId: post.id,
      siteId: creator.siteId,
      authorId: reader.userId,
      body: `Comment number ${index}`,
      createdAt: new Date(Date.now() - (200 - index) * 1000),
    }));
    await server.handle.db.insert(comments).values(rows);
    const page = await createTestClient(server.url).get(pagePath(post.slug));
    expect(page.text).toContain('200 comments');
    expect(page.text).toContain('Comment number 49<');
    expect(page.text).not.toContain('Comment number 50<');
    expect(page.text).toContain(`href="${pagePath(post.slug)}?comments=2#comments"`);
    const second = await createTestClient(server.url).get(`${pagePath(post.slug)}?comments=2`);
    expect(second.text).toContain('Comment number 50<');
  });
});
