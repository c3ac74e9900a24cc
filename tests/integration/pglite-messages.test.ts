/**
 * Sending messages on the embedded database, as `npm start` runs it: the
 * statements that store a message are prepared once (placeholders filled on
 * every send, docs/decisions/116), and PGlite must run them as Postgres does:
 * the member's message counted against their limit in the statement that
 * stores it, the creator's reply with an image, the conversation moved, the
 * event heard. The rest of the messages tests run on TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxAnswer, MemberThreadAnswer, MessageAnswer, MessageEvent } from '../../common/api/messages.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite } from '../support/creator-site.ts';
import { openEventStream } from '../support/event-stream.ts';
import { insertMedia, insertMembership, insertTier, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const LIMIT = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ embeddedDatabase: true, env: { MESSAGES_PER_MINUTE: String(LIMIT) } });
});

afterAll(async () => {
  await server?.stop();
});

describe('messages on the embedded database', () => {
  it('stores a member\'s messages up to the limit, then 429; the creator replies with an image and the member reads it live', async () => {
    expect(server.database.kind).toBe('pglite');
    const creator = await creatorWithSite(server);
    const free = await insertTier(server.handle.db, creator.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
    const member = await signUpVerified(server);
    const memberId = await userIdOf(server.handle.db, member.email);
    await insertMembership(server.handle.db, { siteId: creator.siteId, userId: memberId, tierId: free.id });
    const write = (text: string) => member.client.post<MessageAnswer>(`/api/sites/${creator.handle}/messages`, { text });

    const sent: number[] = [];
    for (let index = 1; index <= LIMIT; index += 1) {
      const answer = await write(`Question ${index}`);
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body.message).toMatchObject({ sender: 'member', text: `Question ${index}`, attachments: [] });
      sent.push(answer.body.message.id);
    }
    expect(new Set(sent).size).toBe(LIMIT);
    const over = await write('One too many');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { code: 'too-many-messages', field: 'text' } });

    const inbox = await creator.client.get<InboxAnswer>('/api/conversations');
    const conversation = inbox.body.conversations.find((row) => row.member?.id === memberId)!;
    expect(conversation).toMatchObject({ unread: LIMIT, lastMessage: { text: `Question ${LIMIT}` } });

    const events = await openEventStream(server.url, member.client, '/api/messages/events');
    expect(events.status).toBe(200);
    try {
      const image = await insertMedia(server.handle.db, creator.siteId, 'image', { status: 'ready', alt: 'The harbour at dawn' });
      const reply = await creator.client.post<MessageAnswer>(`/api/conversations/${conversation.id}/messages`, { text: 'Answered!', mediaIds: [image.id] });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.message).toMatchObject({ sender: 'creator', text: 'Answered!', attachments: [expect.objectContaining({ id: image.id, alt: 'The harbour at dawn' })] });
      const [heard] = await events.waitFor(1);
      expect(heard).toMatchObject({ id: String(reply.body.message.id), event: 'message' });
      expect((JSON.parse(heard!.data) as MessageEvent).message).toMatchObject({ id: reply.body.message.id, text: 'Answered!' });
    } finally {
      events.close();
    }

    const thread = await member.client.get<MemberThreadAnswer>(`/api/sites/${creator.handle}/messages`);
    expect(thread.body.messages.map((message) => message.text)).toEqual(['Question 1', 'Question 2', 'Question 3', 'Answered!']);
  });
});
