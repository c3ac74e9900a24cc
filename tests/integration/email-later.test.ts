/**
 * A post published without an e-mail can be e-mailed later, once (issue 29,
 * docs/decisions/149): `PATCH /api/posts/:id {email:{send:true,segment}}` on
 * a published post sends it through the queue to the real SMTP sink; a second
 * ask, or two at once, never sends twice (409 `already-emailed`); another
 * creator's post is not found; a draft only records the choice, as before.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostEmailAnswer } from '../../common/email.ts';
import { emailSends } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { insertTiers, type SiteTiers } from '../support/members-fixtures.ts';
import { insertMembership } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { EMAIL_RATE_PER_SECOND: '20' } });
});
afterAll(async () => {
  await server?.stop();
});

let memberCounter = 0;
async function addMember(creator: Creator, siteTiers: SiteTiers, paid = false) {
  memberCounter += 1;
  const id = `later${process.pid}x${memberCounter}`;
  const email = `later-${memberCounter}-${process.pid}@members.example`;
  await server.handle.db.insert(users).values({ id, email, fullName: `Reader ${memberCounter}`, displayName: `Reader ${memberCounter}`, username: id.slice(0, 6), niche: '', role: 'member', emailVerified: true });
  await insertMembership(server.handle.db, { siteId: creator.siteId, userId: id, tierId: paid ? siteTiers.gold.id : siteTiers.free.id, source: paid ? 'stripe' : 'free', subscribedToEmails: true });
  return email;
}

async function publishedPost(creator: Creator, title: string) {
  const created = await sendJson<{ post: { id: string } }>(server, creator.client, 'POST', '/api/posts', {
    title,
    visibility: 'public',
    status: 'published',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Written before anyone was e-mailed.' }] }] },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.post.id;
}

async function emailState(creator: Creator, postId: string) {
  const answer = await sendJson<PostEmailAnswer>(server, creator.client, 'GET', `/api/posts/${postId}/email`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function sent(creator: Creator, postId: string): Promise<PostEmailAnswer> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = await emailState(creator, postId);
    if (state.status === 'sent') return state;
    if (Date.now() > deadline) throw new Error(`the send did not finish: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sendRows = (postId: string) => server.handle.db.select().from(emailSends).where(eq(emailSends.postId, postId));

describe('e-mailing a published post later', () => {
  it('sends it once to the chosen segment, says when, and answers 409 already-emailed the second time', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const free = await addMember(creator, siteTiers);
    const paying = await addMember(creator, siteTiers, true);
    const postId = await publishedPost(creator, 'Sent after the fact');
    expect(await emailState(creator, postId)).toMatchObject({ status: null, startedAt: null, audience: { all: 2, free: 1, paid: 1 } });

    const asked = await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'paid' } });
    expect(asked.status, asked.text).toBe(200);
    const [mail] = await server.smtp.waitForMail(paying);
    expect(mail!.text).toContain('Written before anyone was e-mailed.');
    const state = await sent(creator, postId);
    expect(state).toMatchObject({ choice: { segment: 'paid' }, counts: { queued: 1, sent: 1, failed: 0 } });
    expect(Number.isNaN(Date.parse(state.startedAt ?? ''))).toBe(false);

    const again = await creator.patch<{ error: { code: string } }>(`/api/posts/${postId}`, { email: { send: true, segment: 'all' } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already-emailed');
    expect(await sendRows(postId)).toHaveLength(1);
    expect(server.smtp.mailsTo(paying)).toHaveLength(1);
    expect(server.smtp.mailsTo(free)).toHaveLength(0);
  });

  it('sends once when two asks arrive at the same moment: one 200, one 409', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const readers = [await addMember(creator, siteTiers), await addMember(creator, siteTiers, true)];
    const postId = await publishedPost(creator, 'Asked twice');

    const answers = await Promise.all([1, 2].map(() => creator.patch<{ error?: { code: string } }>(`/api/posts/${postId}`, { email: { send: true, segment: 'all' } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error!.code).toBe('already-emailed');

    const state = await sent(creator, postId);
    expect(state.counts).toMatchObject({ queued: 2, sent: 2 });
    expect(await sendRows(postId)).toHaveLength(1);
    for (const reader of readers) expect(server.smtp.mailsTo(reader)).toHaveLength(1);
  });

  it('answers 404 for another creator’s published post and sends nothing', async () => {
    const owner = await creatorWithSite(server);
    const stranger = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, owner.siteId);
    const reader = await addMember(owner, siteTiers);
    const postId = await publishedPost(owner, 'Not the stranger’s');

    const answer = await stranger.patch<{ error: { code: string } }>(`/api/posts/${postId}`, { email: { send: true, segment: 'all' } });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not-found');
    expect(await sendRows(postId)).toHaveLength(0);
    expect(server.smtp.mailsTo(reader)).toHaveLength(0);
  });

  it('keeps a draft’s choice for its publication, as before: nothing goes out until it is published', async () => {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(server.handle.db, creator.siteId);
    const reader = await addMember(creator, siteTiers);
    const created = await sendJson<{ post: { id: string } }>(server, creator.client, 'POST', '/api/posts', { title: 'Still a draft', visibility: 'public', status: 'draft' });
    const postId = created.body.post.id;

    expect((await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' } })).status).toBe(200);
    expect(await emailState(creator, postId)).toMatchObject({ status: 'waiting', startedAt: null, choice: { segment: 'all' } });
    // Choosing again while it waits changes the choice; it is not "already e-mailed".
    expect((await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'free' } })).status).toBe(200);
    expect(await sendRows(postId)).toEqual([expect.objectContaining({ status: 'waiting', segment: 'free' })]);
    expect(server.smtp.mailsTo(reader)).toHaveLength(0);

    expect((await creator.patch(`/api/posts/${postId}`, { status: 'published' })).status).toBe(200);
    await server.smtp.waitForMail(reader);
    expect((await sent(creator, postId)).counts).toMatchObject({ queued: 1, sent: 1 });
  });
});
