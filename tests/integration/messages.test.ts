/**
 * Messages between a creator and their members (issue 19) on the real app,
 * two servers on one Postgres: who may write, the inbox and its thread,
 * read and unread, archive, search, attachments from the creator's own
 * library, blocks, limits, and the live events that cross servers through
 * LISTEN/NOTIFY and replay after `Last-Event-ID`. Faults: a stranger's id is
 * 404, a non-member or lapsed member is refused, 100 a minute is 429, a
 * server holding a stream stops and nothing is missed, a deleted member.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxAnswer, MemberActivityAnswer, MemberThreadAnswer, MessageAnswer, MessageEvent, ThreadAnswer } from '../../common/api/messages.ts';
import { memberships } from '../../db/content-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { openEventStream } from '../support/event-stream.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertMedia, insertMembership, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { ActivityEvent } from '../../common/api/reports.ts';

let a: TestServer;
let b: TestServer;
let creator: Creator;
let freeTierId: string;

interface Member {
  client: TestClient;
  userId: string;
}

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ shareWith: a });
  // The tests run the notice jobs themselves: a scheduled run in the middle of one would take its messages.
  await Promise.all([a.services.jobs.stop(), b.services.jobs.stop()]);
  creator = await creatorWithSite(a);
  freeTierId = (await insertTier(a.handle.db, creator.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null })).id;
});

afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

/** A signed-in user with a free membership of the creator's site (unless `member` is false). */
async function newMember(member = true, values: Parameters<typeof insertMembership>[1] extends infer V ? Partial<V> : never = {}): Promise<Member> {
  const { client, email } = await signUpVerified(a);
  const userId = await userIdOf(a.handle.db, email);
  if (member) await insertMembership(a.handle.db, { siteId: creator.siteId, userId, tierId: freeTierId, ...values });
  return { client, userId };
}

async function outboxFor(email: string): Promise<number> {
  const rows = await a.handle.db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.recipient, email), inArray(mailOutbox.template, ['message-waiting', 'messages-digest'])));
  return rows.length;
}

/** The same browser session talking to another server. */
function sessionOn(server: TestServer, client: TestClient): TestClient {
  const other = createTestClient(server.url);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

const write = (client: TestClient, text: string) => client.post<MessageAnswer>(`/api/sites/${creator.handle}/messages`, { text });

describe('a member writes, the creator answers', () => {
  it('reaches the inbox with an unread count, reads, replies with an image of their own library, and the member reads it', async () => {
    const member = await newMember();
    const sent = await write(member.client, 'Hello! <b>bold</b> <script>alert(1)</script>');
    expect(sent.status, sent.text).toBe(201);
    // Stored and answered as written: it is made inert where it is shown, never rewritten.
    expect(sent.body.message.text).toBe('Hello! <b>bold</b> <script>alert(1)</script>');

    const inbox = await creator.client.get<InboxAnswer>('/api/conversations');
    const row = inbox.body.conversations.find((conversation) => conversation.member?.id === member.userId)!;
    expect(row.unread).toBe(1);
    expect(inbox.body.unread).toBeGreaterThanOrEqual(1);

    const read = await creator.client.post<ThreadAnswer>(`/api/conversations/${row.id}/read`, { read: true });
    expect(read.body.conversation.unread).toBe(0);
    const unread = await creator.client.post<ThreadAnswer>(`/api/conversations/${row.id}/read`, { read: false });
    expect(unread.body.conversation.unread).toBe(1);

    const image = await insertMedia(a.handle.db, creator.siteId, 'image', { status: 'ready', alt: 'A harbour' });
    const reply = await creator.client.post<MessageAnswer>(`/api/conversations/${row.id}/messages`, { text: 'Thanks!', mediaIds: [image.id] });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.message.attachments).toEqual([expect.objectContaining({ id: image.id, alt: 'A harbour' })]);

    const thread = await member.client.get<MemberThreadAnswer>(`/api/sites/${creator.handle}/messages`);
    expect(thread.body.messages.map((message) => message.sender)).toEqual(['member', 'creator']);
    expect(thread.body.refusal).toBeNull();

    // The member's message is on the creator's Recent Activity, once; the creator's reply is not.
    const activity = await creator.client.get<{ events: ActivityEvent[] }>('/api/activity?type=messaged');
    const own = await a.handle.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
    expect(activity.body.events.filter((event) => event.member?.email === own[0]!.email)).toHaveLength(1);
  });

  it('refuses another site\'s image as an attachment, and finds conversations by name or text, archived apart', async () => {
    const member = await newMember();
    await write(member.client, 'The lighthouse keeper sends regards');
    const other = await creatorWithSite(a);
    const foreign = await insertMedia(a.handle.db, other.siteId, 'image', { status: 'ready' });
    const id = (await creator.client.get<InboxAnswer>('/api/conversations?q=lighthouse')).body.conversations[0]!.id;
    const refused = await creator.client.post(`/api/conversations/${id}/messages`, { text: 'Look', mediaIds: [foreign.id] });
    expect(refused.status).toBe(404);

    await creator.client.post(`/api/conversations/${id}/archive`);
    expect((await creator.client.get<InboxAnswer>('/api/conversations?q=lighthouse')).body.conversations).toEqual([]);
    expect((await creator.client.get<InboxAnswer>('/api/conversations?q=lighthouse&archived=true')).body.conversations.map((row) => row.id)).toEqual([id]);
    // A new message brings it back to the inbox.
    await write(member.client, 'Still there?');
    expect((await creator.client.get<InboxAnswer>('/api/conversations?q=lighthouse')).body.conversations.map((row) => row.id)).toEqual([id]);
  });
});

describe('who may write', () => {
  it('refuses a signed-in reader who is not a member, a lapsed member, and a free member when only paying members may write', async () => {
    const stranger = await newMember(false);
    expect((await write(stranger.client, 'Hi')).status).toBe(403);
    const lapsed = await newMember(true, { status: 'canceled' });
    expect((await write(lapsed.client, 'Hi')).status).toBe(403);

    const free = await newMember();
    expect((await creator.patch('/api/sites/mine', { messagesFrom: 'paid' })).status).toBe(200);
    expect((await write(free.client, 'Hi')).status).toBe(403);
    expect((await creator.patch('/api/sites/mine', { messagesFrom: 'off' })).status).toBe(200);
    const off = await write(free.client, 'Hi');
    expect(off.status).toBe(403);
    expect(off.text).toContain('not taking messages');
    expect((await free.client.get<MemberThreadAnswer>(`/api/sites/${creator.handle}/messages`)).body.refusal).toBe('off');
    await creator.patch('/api/sites/mine', { messagesFrom: 'members' });
    expect((await write(free.client, 'Hi')).status).toBe(201);
  });

  it('tells a blocked member politely that the creator is not taking messages, until unblocked', async () => {
    const member = await newMember();
    await write(member.client, 'First');
    const id = (await creator.client.get<InboxAnswer>('/api/conversations')).body.conversations.find((row) => row.member?.id === member.userId)!.id;
    const blocked = await creator.client.post<ThreadAnswer>(`/api/conversations/${id}/block`);
    expect(blocked.body.conversation.blocked).toBe(true);
    const refused = await write(member.client, 'Second');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: expect.objectContaining({ code: 'messages-closed', message: 'The creator is not taking messages right now.' }) });
    await creator.delete(`/api/conversations/${id}/block`);
    expect((await write(member.client, 'Third')).status).toBe(201);
  });

  it('answers 429 with a clear message when one member sends 100 messages in a minute', async () => {
    const member = await newMember();
    const statuses: number[] = [];
    let last = '';
    for (let index = 0; index < 100; index++) {
      const answer = await write(member.client, `Message ${index}`);
      statuses.push(answer.status);
      if (answer.status === 429) {
        last = answer.text;
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
        break;
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    expect(last).toContain('Please wait a minute');
  });
});

describe('the member\'s side on the account page, without JavaScript', () => {
  it('shows the thread with markup as inert text, and its plain form sends and comes back with a notice', async () => {
    const member = await newMember();
    const form = await fetch(new URL(`/@${creator.handle}/account/messages`, a.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin: a.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ text: '<img src=x onerror=alert(1)> hi' }),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/@${creator.handle}/account?talk=sent#messages`);
    const page = await member.client.get(`/@${creator.handle}/account?talk=sent`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt; hi');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('Sent. You will see the reply here');
    expect(page.text).toContain(`action="/@${creator.handle}/account/messages"`);

    const empty = await fetch(new URL(`/@${creator.handle}/account/messages`, a.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin: a.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ text: '   ' }),
    });
    expect(empty.headers.get('location')).toBe(`/@${creator.handle}/account?talk=empty#messages`);
  });
});

describe('e-mail notices', () => {
  const later = () => new Date(Date.now() + 10 * 60_000);
  const pathOf = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}${url.hash}`;
  };

  it('mails an unread message once after a few minutes, to the creator and then to the member, markup inert, linking to the thread', async () => {
    const owner = await creatorWithSite(a);
    const tier = await insertTier(a.handle.db, owner.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
    const member = await newMember(false);
    await insertMembership(a.handle.db, { siteId: owner.siteId, userId: member.userId, tierId: tier.id });
    await member.client.post(`/api/sites/${owner.handle}/messages`, { text: 'First' });
    // The notice quotes the latest.
    const sent = await member.client.post<MessageAnswer>(`/api/sites/${owner.handle}/messages`, { text: 'Two <b>questions</b> & one wish' });
    // Not yet: the notice waits a few minutes for the creator to read it first.
    await a.services.messageNotices.sendDue(new Date());
    expect(await outboxFor(owner.email)).toBe(0);

    await a.services.messageNotices.sendDue(later());
    await a.services.messageNotices.sendDue(later());
    // The first mail to the address was its sign-up verification.
    const mail = (await a.smtp.waitForMail(owner.email, { count: 2 }))[1];
    expect(await outboxFor(owner.email)).toBe(1);
    // Either server's mail worker may send it, each with its own APP_URL.
    expect(mail!.links.map(pathOf)).toContain(`/messages?c=${sent.body.message.conversationId}`);
    expect(mail!.html).toContain('&#60;b&#62;questions&#60;/b&#62; &#38; one wish');
    expect(mail!.html).not.toContain('<b>questions');

    const reply = await sendJson<MessageAnswer>(a, owner.client, 'POST', `/api/conversations/${sent.body.message.conversationId}/messages`, { text: 'Answers inside' });
    expect(reply.status).toBe(201);
    await a.services.messageNotices.sendDue(later());
    const memberEmail = (await a.handle.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId)))[0]!.email;
    const notice = (await a.smtp.waitForMail(memberEmail, { count: 2 }))[1];
    expect(notice!.subject).toBe(`The ${owner.handle} site sent you a message`);
    expect(notice!.links.map(pathOf)).toContain(`/@${owner.handle}/account#messages`);
  });

  it('sends a creator on the daily digest one mail a day, and a creator who turned notices off none', async () => {
    const owner = await creatorWithSite(a);
    const tier = await insertTier(a.handle.db, owner.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
    expect((await owner.patch('/api/sites/mine', { messageNotices: 'daily' })).status).toBe(200);
    for (let index = 0; index < 2; index++) {
      const member = await newMember(false);
      await insertMembership(a.handle.db, { siteId: owner.siteId, userId: member.userId, tierId: tier.id });
      await member.client.post(`/api/sites/${owner.handle}/messages`, { text: `Hello ${index}` });
    }
    await a.services.messageNotices.sendDue(later());
    expect(await outboxFor(owner.email)).toBe(0);
    await a.services.messageNotices.sendDigests();
    await a.services.messageNotices.sendDigests();
    const digest = (await a.smtp.waitForMail(owner.email, { count: 2 }))[1];
    expect(digest!.text).toContain('You have 2 unread messages in 2 conversations');
    expect(await outboxFor(owner.email)).toBe(1);

    const quiet = await creatorWithSite(a);
    const quietTier = await insertTier(a.handle.db, quiet.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
    await quiet.patch('/api/sites/mine', { messageNotices: 'off' });
    const member = await newMember(false);
    await insertMembership(a.handle.db, { siteId: quiet.siteId, userId: member.userId, tierId: quietTier.id });
    await member.client.post(`/api/sites/${quiet.handle}/messages`, { text: 'Anyone?' });
    await a.services.messageNotices.sendDue(later());
    await a.services.messageNotices.sendDigests();
    expect(await outboxFor(quiet.email)).toBe(0);
  });
});

describe('the daily digest on two servers', () => {
  it('is sent by the scheduler of one server only, once, through the real mail sink', async () => {
    const owner = await creatorWithSite(a);
    const tier = await insertTier(a.handle.db, owner.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
    expect((await owner.patch('/api/sites/mine', { messageNotices: 'daily' })).status).toBe(200);
    const member = await newMember(false);
    await insertMembership(a.handle.db, { siteId: owner.siteId, userId: member.userId, tierId: tier.id });
    expect((await member.client.post(`/api/sites/${owner.handle}/messages`, { text: 'A question for the digest' })).status).toBe(201);
    const [onA, onB] = await Promise.all([a.services.jobs.runDue(), b.services.jobs.runDue()]);
    expect([...onA, ...onB].filter((name) => name === 'message-digest')).toHaveLength(1);
    // The next check on either server within the day does not send it again.
    expect([...(await a.services.jobs.runDue()), ...(await b.services.jobs.runDue())]).not.toContain('message-digest');
    const digest = (await a.smtp.waitForMail(owner.email, { count: 2 }))[1];
    expect(digest!.text).toContain('You have one unread message from your members.');
    expect(await outboxFor(owner.email)).toBe(1);
  });
});

describe('strangers', () => {
  it('are 404 on every path of another creator\'s conversation, and the member\'s own thread is only theirs', async () => {
    const member = await newMember();
    await write(member.client, 'Private words');
    const id = (await creator.client.get<InboxAnswer>('/api/conversations')).body.conversations.find((row) => row.member?.id === member.userId)!.id;
    const other = await creatorWithSite(a);
    expect((await other.client.get(`/api/conversations/${id}/messages`)).status).toBe(404);
    expect((await other.client.post(`/api/conversations/${id}/messages`, { text: 'Hi' })).status).toBe(404);
    expect((await other.client.post(`/api/conversations/${id}/read`, { read: true })).status).toBe(404);
    expect((await other.client.post(`/api/conversations/${id}/archive`)).status).toBe(404);
    expect((await other.client.post(`/api/conversations/${id}/block`)).status).toBe(404);
    expect((await other.client.get('/api/conversations/not-a-uuid/messages')).status).toBe(404);
    expect(JSON.stringify((await other.client.get('/api/conversations?q=Private')).body)).not.toContain('Private words');
    const stranger = await newMember(false);
    const theirs = await stranger.client.get<MemberThreadAnswer>(`/api/sites/${creator.handle}/messages`);
    expect(theirs.body.messages).toEqual([]);
    expect((await createTestClient(a.url).get(`/api/sites/${creator.handle}/messages`)).status).toBe(401);
  });

  it('shows the creator a member\'s messages from their page in /subscribers, and another creator 404', async () => {
    const member = await newMember();
    await write(member.client, 'From the members list');
    const [membership] = await a.handle.db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.userId, member.userId), eq(memberships.siteId, creator.siteId)));
    const activity = await creator.client.get<MemberActivityAnswer>(`/api/conversations/member/${membership!.id}`);
    expect(activity.status).toBe(200);
    expect(activity.body.thread!.messages.map((message) => message.text)).toEqual(['From the members list']);
    expect(activity.body.comments).toEqual([]);
    const other = await creatorWithSite(a);
    expect((await other.client.get(`/api/conversations/member/${membership!.id}`)).status).toBe(404);
  });

  it('keeps a conversation whose member deleted their account, answerable by nobody', async () => {
    const member = await newMember();
    await write(member.client, 'Goodbye');
    const id = (await creator.client.get<InboxAnswer>('/api/conversations')).body.conversations.find((row) => row.member?.id === member.userId)!.id;
    await a.handle.db.delete(users).where(eq(users.id, member.userId));
    const thread = await creator.client.get<ThreadAnswer>(`/api/conversations/${id}/messages`);
    expect(thread.body.conversation.member).toBeNull();
    expect(thread.body.messages.map((message) => message.text)).toEqual(['Goodbye']);
    expect((await creator.client.post(`/api/conversations/${id}/messages`, { text: 'Hello?' })).status).toBe(409);
  });
});

describe('live events across servers', () => {
  it('brings a message written on one server to the creator\'s stream on the other, and a reconnect with an old Last-Event-ID replays what came after', async () => {
    const member = await newMember();
    const stream = await openEventStream(b.url, creator.client, '/api/messages/events');
    expect(stream.status).toBe(200);
    const first = await write(member.client, 'Across the water');
    const [event] = await stream.waitFor(1);
    const data = JSON.parse(event!.data) as MessageEvent;
    expect(event!.id).toBe(String(first.body.message.id));
    expect(data.message.text).toBe('Across the water');
    expect(data.member?.id).toBe(member.userId);
    stream.close();

    const second = await write(member.client, 'While you were away');
    const third = await write(member.client, 'And again');
    const again = await openEventStream(a.url, creator.client, '/api/messages/events', { 'last-event-id': event!.id! });
    const replayed = await again.waitFor(2);
    expect(replayed.map((item) => item.id)).toEqual([String(second.body.message.id), String(third.body.message.id)]);
    again.close();
  });

  it('misses nothing when the server holding the stream stops: the client reconnects to another with its last id', async () => {
    const c = await startTestServer({ shareWith: a });
    const member = await newMember();
    const memberOnC = sessionOn(c, member.client);
    const stream = await openEventStream(c.url, memberOnC, '/api/messages/events');
    const thread = await write(member.client, 'Are you there?');
    const id = (await creator.client.get<InboxAnswer>('/api/conversations')).body.conversations.find((row) => row.member?.id === member.userId)!.id;
    const reply = await sendJson<MessageAnswer>(b, creator.client, 'POST', `/api/conversations/${id}/messages`, { text: 'Yes!' });
    const [seen] = await stream.waitFor(2).then((events) => events.slice(1));
    expect(seen!.id).toBe(String(reply.body.message.id));
    expect(Number(thread.body.message.id)).toBeLessThan(Number(seen!.id));

    await c.stop();
    await stream.ended;
    const missed = await sendJson<MessageAnswer>(b, creator.client, 'POST', `/api/conversations/${id}/messages`, { text: 'Sent while you reconnected' });
    const resumed = await openEventStream(b.url, sessionOn(b, member.client), '/api/messages/events', { 'last-event-id': seen!.id! });
    const [caught] = await resumed.waitFor(1);
    expect(caught!.id).toBe(String(missed.body.message.id));
    expect((JSON.parse(caught!.data) as MessageEvent).message.text).toBe('Sent while you reconnected');
    resumed.close();
  });

  it('counts open streams per user and refuses one more past the cap', async () => {
    const member = await newMember();
    const streams = [];
    for (let index = 0; index < 6; index++) streams.push(await openEventStream(a.url, member.client, '/api/messages/events'));
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const refused = await openEventStream(a.url, member.client, '/api/messages/events');
    expect(refused.status).toBe(429);
    streams[0]!.close();
    await expect.poll(async () => {
      const next = await openEventStream(a.url, member.client, '/api/messages/events');
      next.close();
      return next.status;
    }).toBe(200);
    for (const stream of streams) stream.close();
    expect((await openEventStream(a.url, createTestClient(a.url), '/api/messages/events')).status).toBe(401);
  });
});
