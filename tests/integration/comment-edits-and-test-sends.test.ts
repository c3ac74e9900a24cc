/**
 * Issue 27, item 4 (two low items) and the comment routes' foreign ids, on the
 * real app: a comment edit is writing again, so a blocked member, a member
 * whose membership lapsed and anyone on a post or site whose comments were
 * turned off is refused, and edits are rate-limited (429 `too-many-requests`
 * with Retry-After); a test send is queued and throttled per creator (202,
 * then 429); every id in the comment routes' paths, tried with another
 * creator's or another site's value, is refused and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentsAnswer } from '../../common/api/comments.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { closedCommentPosts, comments } from '../../db/messaging-schema.ts';
import { TEST_SENDS_PER_TEN_MINUTES } from '../../server/newsletters/test-send.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator, postForm as postFormAs } from '../support/creator-site.ts';
import type { TestClient } from '../support/http-client.ts';
import { insertMembership, insertPost, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const EDITS_PER_MINUTE = 4;

let server: TestServer;
let creator: Creator;
let rival: Creator;
let freeTierId: string;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer({ env: { COMMENTS_PER_MINUTE: String(EDITS_PER_MINUTE) } });
  creator = await creatorWithSite(server);
  rival = await creatorWithSite(server);
  freeTierId = (await insertTier(db(), creator.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null })).id;
});

afterAll(async () => {
  await server?.stop();
});

interface Reader {
  client: TestClient;
  userId: string;
  membershipId: string;
}

async function newMember(): Promise<Reader> {
  const { client, email } = await signUpVerified(server);
  const userId = await userIdOf(db(), email);
  const membership = await insertMembership(db(), { siteId: creator.siteId, userId, tierId: freeTierId });
  return { client, userId, membershipId: membership.id };
}

const commentsPath = (handle: string, slug: string) => `/api/sites/${handle}/posts/${slug}/comments`;

async function commentOn(reader: Reader, slug: string, text = 'First thoughts') {
  const posted = await reader.client.post<{ id: string }>(commentsPath(creator.handle, slug), { text });
  expect(posted.status, posted.text).toBe(201);
  return posted.body.id;
}

async function textOf(commentId: string): Promise<string | undefined> {
  const [row] = await db().select({ body: comments.body }).from(comments).where(eq(comments.id, commentId));
  return row?.body;
}

const edit = (client: TestClient, commentId: string, text: string) => sendJson<{ error?: { code: string } }>(server, client, 'PATCH', `/api/comments/${commentId}`, { text });

const postForm = (client: TestClient, path: string, fields: Record<string, string>) => postFormAs(server, client, path, fields);

describe('editing a comment is writing again', () => {
  it('refuses a member the creator blocked, through the API and the page form, and keeps the text', async () => {
    const post = await insertPost(db(), creator.siteId, { visibility: 'members' });
    const reader = await newMember();
    const id = await commentOn(reader, post.slug, 'Fair point');
    expect((await sendJson(server, creator.client, 'PATCH', `/api/comments/${id}`, { blockAuthor: true })).status).toBe(204);

    const refused = await edit(reader.client, id, 'You are all wrong');
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('comments-closed');
    const form = await postForm(reader.client, `/@${creator.handle}/comments/${id}/edit`, { text: 'You are all wrong' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toContain('cnotice=closed');
    expect(await textOf(id)).toBe('Fair point');
  });

  it('refuses an edit once comments are turned off on the post or on the site', async () => {
    const post = await insertPost(db(), creator.siteId, { visibility: 'members' });
    const reader = await newMember();
    const id = await commentOn(reader, post.slug, 'Before closing');

    await db().insert(closedCommentPosts).values({ postId: post.id });
    const closed = await edit(reader.client, id, 'After closing');
    expect(closed.status).toBe(403);
    expect(closed.body.error?.code).toBe('comments-closed');
    await db().delete(closedCommentPosts).where(eq(closedCommentPosts.postId, post.id));

    await db().update(sites).set({ commentsFrom: 'off' }).where(eq(sites.id, creator.siteId));
    try {
      const off = await edit(reader.client, id, 'After turning off');
      expect(off.status).toBe(403);
      expect(off.body.error?.code).toBe('comments-closed');
    } finally {
      await db().update(sites).set({ commentsFrom: 'members' }).where(eq(sites.id, creator.siteId));
    }
    expect(await textOf(id)).toBe('Before closing');
    // Open again, the same edit goes through: the refusals above were the closing's.
    expect((await edit(reader.client, id, 'Open again')).status).toBe(204);
  });

  it('refuses a member whose membership lapsed, whom the access rule no longer lets read the post whole', async () => {
    const post = await insertPost(db(), creator.siteId, { visibility: 'members', gatedHtml: '<p>For members.</p>' });
    const reader = await newMember();
    const id = await commentOn(reader, post.slug, 'Still here');
    await db().update(memberships).set({ status: 'canceled' }).where(eq(memberships.id, reader.membershipId));

    const refused = await edit(reader.client, id, 'Gone but editing');
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('forbidden');
    expect(await textOf(id)).toBe('Still here');
  });

  it(`allows ${EDITS_PER_MINUTE} edits a minute, then answers 429 too-many-requests with Retry-After`, async () => {
    const post = await insertPost(db(), creator.siteId, { visibility: 'public' });
    const reader = await newMember();
    const id = await commentOn(reader, post.slug, 'Draft 0');
    for (let draft = 1; draft <= EDITS_PER_MINUTE; draft += 1) expect((await edit(reader.client, id, `Draft ${draft}`)).status).toBe(204);

    const limited = await edit(reader.client, id, 'One too many');
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('too-many-requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await textOf(id)).toBe(`Draft ${EDITS_PER_MINUTE}`);
    // The page form says so in words instead.
    const form = await postForm(reader.client, `/@${creator.handle}/comments/${id}/edit`, { text: 'Form edit' });
    expect(form.headers.get('location')).toContain('cnotice=limit');
    // The limit is the member's own: another member edits freely.
    const other = await newMember();
    const otherId = await commentOn(other, post.slug, 'Mine');
    expect((await edit(other.client, otherId, 'Mine, edited')).status).toBe(204);
  });
});

describe('test sends', () => {
  const testsTo = (email: string, title: string) => server.smtp.mailsTo(email).filter((mail) => mail.subject === `[Test] ${title}`).length;

  async function draftOf(owner: Creator, title: string): Promise<string> {
    const created = await sendJson<{ post: { id: string } }>(server, owner.client, 'POST', '/api/posts', {
      title,
      visibility: 'public',
      status: 'draft',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Words for the test.' }] }] },
    });
    expect(created.status, created.text).toBe(201);
    return created.body.post.id;
  }

  it(`queues the test (202 with the address) and allows ${TEST_SENDS_PER_TEN_MINUTES} in ten minutes per creator, then 429`, async () => {
    const owner = await creatorWithSite(server);
    const postId = await draftOf(owner, 'Trying the look');
    for (let sent = 1; sent <= TEST_SENDS_PER_TEN_MINUTES; sent += 1) {
      const answer = await sendJson<{ to: string }>(server, owner.client, 'POST', `/api/posts/${postId}/test-email`);
      expect(answer.status, answer.text).toBe(202);
      expect(answer.body.to).toBe(owner.email);
    }
    await expect.poll(() => testsTo(owner.email, 'Trying the look'), { timeout: 30_000 }).toBe(TEST_SENDS_PER_TEN_MINUTES);

    const limited = await sendJson<{ error: { code: string } }>(server, owner.client, 'POST', `/api/posts/${postId}/test-email`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too-many-requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Per creator: another one's tests still go.
    const other = await creatorWithSite(server);
    expect((await sendJson(server, other.client, 'POST', `/api/posts/${await draftOf(other, 'Mine')}/test-email`)).status).toBe(202);
  });

  it("refuses a test of another creator's post, and it costs the owner nothing", async () => {
    const owner = await creatorWithSite(server);
    const postId = await draftOf(owner, 'Private draft');
    for (let tried = 0; tried <= TEST_SENDS_PER_TEN_MINUTES; tried += 1) {
      expect((await sendJson(server, rival.client, 'POST', `/api/posts/${postId}/test-email`)).status).toBe(404);
    }
    expect((await sendJson(server, owner.client, 'POST', `/api/posts/${postId}/test-email`)).status).toBe(202);
  });
});

describe("the comment routes with another creator's or another site's ids", () => {
  it('refuses each one and changes nothing', async () => {
    const post = await insertPost(db(), creator.siteId, { visibility: 'public' });
    const rivalPost = await insertPost(db(), rival.siteId, { visibility: 'public' });
    const reader = await newMember();
    const id = await commentOn(reader, post.slug, 'Untouched');
    const stranger = await signUpVerified(server);

    // A comment id that is not theirs: 404 to a stranger and to another site's creator, by the API and the page forms.
    for (const client of [stranger.client, rival.client]) {
      expect((await edit(client, id, 'Taken over')).status).toBe(404);
      expect((await sendJson(server, client, 'PATCH', `/api/comments/${id}`, { hidden: true })).status).toBe(404);
      expect((await sendJson(server, client, 'PATCH', `/api/comments/${id}`, { blockAuthor: true })).status).toBe(404);
      expect((await sendJson(server, client, 'DELETE', `/api/comments/${id}`)).status).toBe(404);
      for (const action of ['edit', 'hide', 'block', 'delete']) {
        expect((await postForm(client, `/@${rival.handle}/comments/${id}/${action}`, { text: 'Taken over' })).status, action).toBe(404);
      }
    }
    // A post id or slug of another site: its comments cannot be closed by a creator who does not own it.
    expect((await sendJson(server, rival.client, 'POST', `/api/posts/${post.id}/comments-closed`)).status).toBe(404);
    expect((await postForm(rival.client, `/@${creator.handle}/posts/${post.slug}/comments/close`, {})).status).toBe(404);
    expect(await db().select().from(closedCommentPosts).where(eq(closedCommentPosts.postId, post.id))).toEqual([]);
    // A slug under another site's handle is no post there: listing and writing are 404.
    expect((await reader.client.get(commentsPath(rival.handle, post.slug))).status).toBe(404);
    expect((await reader.client.post(commentsPath(rival.handle, post.slug), { text: 'Misplaced' })).status).toBe(404);
    expect((await reader.client.get(commentsPath(creator.handle, rivalPost.slug))).status).toBe(404);
    // A reply to another site's comment.
    const onRival = await rival.client.post<{ id: string }>(commentsPath(rival.handle, rivalPost.slug), { text: 'Over there' });
    expect(onRival.status).toBe(201);
    expect((await reader.client.post(commentsPath(creator.handle, post.slug), { text: 'Crossed', parentId: onRival.body.id })).status).toBe(404);

    expect(await textOf(id)).toBe('Untouched');
    const listed = await reader.client.get<CommentsAnswer>(commentsPath(creator.handle, post.slug));
    expect(listed.body.comments.map((comment) => [comment.text, comment.hidden])).toEqual([['Untouched', false]]);
  });
});
